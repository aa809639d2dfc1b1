import { Link } from 'react-router'
import { AlertTriangle, Ticket } from 'lucide-react'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { ApiError, errorMessage } from '@/lib/api'
import { formatDateTimeET } from '@/lib/dates'
import { formatMoney, isFree } from '@/lib/money'
import { rememberReturnTo, signInPath } from '@/lib/return-to'
import { useInvitedPool, type InvitedPool } from '../api/private-pools-api'

/** Why a pool that can be joined may still sell no squares now, or null. */
function saleNotice(p: InvitedPool): string | null {
  if (p.status === 'full' || p.status === 'started' || p.spotsLeft === 0) return 'Every square is taken: you can still join to watch the board.'
  if (p.status === 'inactive') return 'The pool is not selling squares for now.'
  if (Date.parse(p.salesCloseAt) <= Date.now()) return 'Sales have closed: the game kicks off soon.'
  return null
}

function Details({ pool: p }: { pool: InvitedPool }) {
  const rows: [string, string][] = [
    ['Pool', p.name],
    ['Game', p.game],
    ['Kickoff', formatDateTimeET(p.kickoff)],
    ['Entry fee', isFree(p.entryFee) ? 'FREE' : `${formatMoney(p.entryFee)} per square`],
    ['Host', p.host],
    ['Spots left', `${p.spotsLeft} of 100 squares`],
    ['Per player', `Up to ${p.maxSquaresPerPlayer} ${p.maxSquaresPerPlayer === 1 ? 'square' : 'squares'}`],
  ]
  return (
    <dl aria-label="Pool details" className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 rounded-lg border bg-muted/40 p-4 text-sm">
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-muted-foreground">{k}</dt>
          <dd className="min-w-0 font-semibold break-words">{v}</dd>
        </div>
      ))}
    </dl>
  )
}

/**
 * /join/{code} for a visitor: the pool the invitation leads to (name, game, kickoff, fee, host, spots
 * left), then sign in or create an account, coming back here to join.
 */
export function InvitationPreview({ code }: { code: string }) {
  const q = useInvitedPool(code)
  const back = `/join/${code}`
  const unknown = q.error instanceof ApiError && q.error.status === 404
  const notice = q.data ? saleNotice(q.data) : null
  return (
    <Card>
      <CardHeader>
        <div className="mb-2 flex size-12 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
          <Ticket className="size-6" aria-hidden="true" />
        </div>
        <CardTitle className="text-2xl">You're invited to a private pool</CardTitle>
        <CardDescription className="text-base">
          {q.data ? `${q.data.host} invited you to ${q.data.name}. ` : ''}Sign in or create an account to join. Your invite code{' '}
          <strong className="font-mono">{code.toUpperCase()}</strong> is kept while you do.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {q.isLoading && <Skeleton className="h-48" aria-label="Loading the pool" />}
        {q.data && <Details pool={q.data} />}
        {notice && (
          <Alert variant="info">
            <AlertDescription>{notice}</AlertDescription>
          </Alert>
        )}
        {q.error && (
          <Alert variant="destructive">
            <AlertTriangle aria-hidden="true" />
            <AlertTitle>{unknown ? 'Invitation not found' : 'Could not load the invitation'}</AlertTitle>
            <AlertDescription>
              {unknown
                ? 'This invite code does not lead to a pool you can join: it may have been revoked, or the pool is over. Check the link with whoever invited you.'
                : errorMessage(q.error, 'Please check your connection and try again.')}
            </AlertDescription>
          </Alert>
        )}
        {unknown ? (
          <Button asChild variant="outline" className="justify-self-start">
            <Link to="/dashboard">Browse Pools</Link>
          </Button>
        ) : (
          <div className="flex flex-wrap gap-2">
            <Button asChild onClick={() => rememberReturnTo(back)}>
              <Link to={signInPath(back)}>Sign In to Join</Link>
            </Button>
            <Button asChild variant="outline" onClick={() => rememberReturnTo(back)}>
              <Link to={signInPath(back, 'signup')}>Create Account</Link>
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  )
}
