import { useState } from 'react'
import { Link } from 'react-router'
import { toast } from '@/lib/toast'
import { Lock, PartyPopper, ShieldCheck } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { PageContainer, PageHeader } from '@/components/layout/page'
import { Skeleton } from '@/components/ui/skeleton'
import { ApiError } from '@/lib/api'
import { useUser } from '@/lib/auth'
import { useServerConfig } from '@/lib/config'
import { formatDateTimeET } from '@/lib/dates'
import { formatMoney, isFree, toCents } from '@/lib/money'
import { rememberReturnTo } from '@/lib/return-to'
import { useDocumentMeta } from '@/lib/use-document-meta'
import { useCreatePrivatePool, useUpcomingGames, type CreatedPrivatePool } from '../api/private-pools-api'
import { CopyButton, joinLink } from './copy-button'
import { PrivatePoolForm } from './private-pool-form'
import type { FieldErrors } from './private-pool-form-rules'

/** The card a visitor gets instead of a screen that needs a sign-in. */
export function AuthRequiredCard({ what, returnTo }: { what: string; returnTo: string }) {
  return (
    <PageContainer className="max-w-lg">
      <Card>
        <CardHeader>
          <div className="mb-2 flex size-12 items-center justify-center rounded-full bg-amber-100 text-amber-700">
            <Lock className="size-6" aria-hidden="true" />
          </div>
          <CardTitle className="text-2xl">Authentication Required</CardTitle>
          <CardDescription className="text-base">Please sign in to {what}.</CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild onClick={() => rememberReturnTo(returnTo)}>
            <Link to="/login">Sign In</Link>
          </Button>
        </CardContent>
      </Card>
    </PageContainer>
  )
}

/** The card a player who has not verified their age gets instead of the form: the server refuses them. */
function VerifyAgeCard() {
  return (
    <Card>
      <CardHeader>
        <div className="mb-2 flex size-12 items-center justify-center rounded-full bg-amber-100 text-amber-700">
          <ShieldCheck className="size-6" aria-hidden="true" />
        </div>
        <CardTitle className="text-2xl">Verify your age first</CardTitle>
        <CardDescription className="text-base">
          Only age-verified players create private pools and send invitations. It takes a minute: your date of birth and state.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild>
          <Link to="/age-verification">Verify Your Age</Link>
        </Button>
      </CardContent>
    </Card>
  )
}

function CodeRow({ label, value, copyLabel }: { label: string; value: string; copyLabel: string }) {
  return (
    <div className="grid gap-1">
      <div className="text-xs font-bold tracking-widest text-muted-foreground uppercase">{label}</div>
      <div className="flex min-w-0 items-center gap-2">
        <code className="min-w-0 flex-1 truncate rounded-md bg-muted px-3 py-2 font-mono text-sm">{value}</code>
        <CopyButton text={value} label={copyLabel} />
      </div>
    </div>
  )
}

function PoolCreated({ created, onAnother }: { created: CreatedPrivatePool; onAnother: () => void }) {
  const { pool, inviteCode, invitations } = created
  return (
    <Card>
      <CardHeader>
        <div className="mb-2 flex size-12 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
          <PartyPopper className="size-6" aria-hidden="true" />
        </div>
        <CardTitle className="text-2xl">Your pool is ready</CardTitle>
        <CardDescription className="text-base">Share the invite code or link: only people who join can see {pool.name}.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <CodeRow label="Invite code" value={inviteCode} copyLabel="Copy invite code" />
        <CodeRow label="Invite link" value={joinLink(inviteCode)} copyLabel="Copy invite link" />
        <dl className="grid grid-cols-2 gap-3 rounded-lg border p-4 text-sm">
          <dt className="text-muted-foreground">Pool</dt>
          <dd className="font-semibold break-words">{pool.name}</dd>
          <dt className="text-muted-foreground">Game</dt>
          <dd className="font-semibold">
            {pool.game ? `${pool.game.awayTeam} @ ${pool.game.homeTeam}, ${formatDateTimeET(pool.game.gameDate)}` : '—'}
          </dd>
          <dt className="text-muted-foreground">Entry fee</dt>
          <dd className="font-semibold">{formatMoney(pool.entryFee)}</dd>
          {pool.collection === 'host' && (
            <>
              <dt className="text-muted-foreground">Money</dt>
              <dd className="font-semibold">You collect it, outside Squares (no fee)</dd>
              <dt className="text-muted-foreground">Pay by</dt>
              <dd className="font-semibold">{formatDateTimeET(pool.payBy)}</dd>
            </>
          )}
          <dt className="text-muted-foreground">Max squares per player</dt>
          <dd className="font-semibold">{pool.maxSquaresPerPlayer}</dd>
          {pool.houseFeePercent !== undefined && (
            <>
              <dt className="text-muted-foreground">House fee</dt>
              <dd className="font-semibold">{pool.houseFeePercent === 0 ? 'None: the whole pot goes to the winners' : `${pool.houseFeePercent}%`}</dd>
            </>
          )}
          {!isFree(pool.entryFee) && pool.prizePoolIfFull && (
            <>
              <dt className="text-muted-foreground">Prize pool if full</dt>
              <dd className="font-semibold">{formatMoney(pool.prizePoolIfFull)}</dd>
            </>
          )}
          <dt className="text-muted-foreground">Payouts</dt>
          <dd className="font-semibold">
            {pool.payouts?.length ? (
              <ul className="grid gap-0.5" aria-label="Payout per period">
                {pool.payouts.map((p) => (
                  <li key={p.period}>
                    {p.label}: {p.percent}%{isFree(pool.entryFee) ? '' : `, ${formatMoney(p.amount)}`}
                  </li>
                ))}
              </ul>
            ) : (
              pool.payoutSchedule?.join('/')
            )}
          </dd>
        </dl>
        <div>
          <h3 className="mb-2 font-bold">Invitations sent ({invitations.length})</h3>
          {invitations.length === 0 ? (
            <p className="text-sm text-muted-foreground">No e-mails sent: share the code or link yourself.</p>
          ) : (
            <ul className="grid gap-1 text-sm">
              {invitations.map((i) => (
                <li key={i.email} className="truncate">
                  {i.email}
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild>
            <Link to={`/pool/${pool.id}`}>View Pool</Link>
          </Button>
          <Button variant="outline" onClick={onAnother}>
            Create Another Pool
          </Button>
        </div>
      </CardContent>
    </Card>
  )
}

export function CreatePrivatePoolPage() {
  useDocumentMeta({ title: 'Create Private Pool', description: 'Run a squares pool for your friends or office, by invitation only.' })
  const { user, isLoading } = useUser()
  const { config } = useServerConfig()
  const games = useUpcomingGames()
  const create = useCreatePrivatePool()
  const [created, setCreated] = useState<CreatedPrivatePool | null>(null)
  const [serverErrors, setServerErrors] = useState<FieldErrors>({})
  const [formKey, setFormKey] = useState(0)

  if (isLoading) return null
  if (!user) return <AuthRequiredCard what="create a private pool" returnTo="/create-private-pool" />

  const onSubmit = (input: Parameters<typeof create.mutate>[0]) => {
    setServerErrors({})
    create.mutate(input, {
      onSuccess: (answer) => {
        setCreated(answer)
        toast.success('Private Pool Created!', { description: `Invite code ${answer.inviteCode}` })
      },
      onError: (err) => {
        if (err instanceof ApiError && err.fields) setServerErrors(err.fields)
        toast.error('Error Creating Pool', {
          description: err instanceof ApiError && err.status < 500 && err.serverMessage ? err.serverMessage : 'Failed to create private pool. Please try again.',
        })
      },
    })
  }

  return (
    <PageContainer className="max-w-2xl">
      <PageHeader title="Create Private Pool" description="Pick a game, set the stakes and invite your friends." />
      {!user.isAgeVerified ? (
        <VerifyAgeCard />
      ) : created ? (
        <PoolCreated
          created={created}
          onAnother={() => {
            setCreated(null)
            setFormKey((k) => k + 1)
          }}
        />
      ) : (
        <Card>
          <CardContent className="pt-5 sm:pt-6">
            {games.isLoading ? (
              <Skeleton className="h-96 w-full" />
            ) : (
              <PrivatePoolForm
                key={formKey}
                games={games.data ?? []}
                pending={create.isPending}
                serverErrors={serverErrors}
                limits={{ maxFeeCents: config?.privateMaxFee ? toCents(config.privateMaxFee) : null, paidAllowed: user.isEligibleToBet }}
                onSubmit={onSubmit}
              />
            )}
          </CardContent>
        </Card>
      )}
      <p className="mt-6 text-center text-sm text-muted-foreground">
        Got an invite code? <Link to="/join" className="font-semibold text-foreground underline">Join a private pool</Link>
      </p>
    </PageContainer>
  )
}
