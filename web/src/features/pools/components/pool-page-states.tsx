import { useEffect } from 'react'
import { Link, useNavigate } from 'react-router'
import { toast } from '@/lib/toast'
import { AlertTriangle, Grid3x3, Info } from 'lucide-react'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { GridSkeleton } from '@/components/ui/grid-skeleton'
import { Skeleton } from '@/components/ui/skeleton'
import { PageContainer } from '@/components/layout/page'
import { formatDateTimeET } from '@/lib/dates'
import { gameStatusLabel } from '@/lib/game-status'
import { periodNoun, poolPeriods } from '@/lib/periods'
import { poolGrid } from '@/lib/rules'
import type { Pool } from '@/lib/types'

// The pool page's states besides the pool itself (an invalid id, a pool not found, loading), its sales
// notice and its Share action.

export const INVALID_POOL_REDIRECT_MS = 2000
/** After a 401 on a purchase the spec sends the player to sign in again after 500 ms. */
export const RELOGIN_DELAY_MS = 500

export function InvalidPool() {
  const navigate = useNavigate()
  useEffect(() => {
    const t = window.setTimeout(() => navigate('/dashboard', { replace: true }), INVALID_POOL_REDIRECT_MS)
    return () => window.clearTimeout(t)
  }, [navigate])
  return (
    <PageContainer className="max-w-xl">
      <Card className="text-center">
        <CardHeader className="items-center">
          <AlertTriangle className="mx-auto size-10 text-amber-500" aria-hidden="true" />
          <CardTitle className="text-2xl">Invalid Pool</CardTitle>
          <CardDescription>That pool link is not valid. Taking you to the dashboard…</CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild variant="outline">
            <Link to="/dashboard">Back to Dashboard</Link>
          </Button>
        </CardContent>
      </Card>
    </PageContainer>
  )
}

export function PoolNotFound() {
  return (
    <PageContainer className="max-w-xl">
      <Card className="text-center">
        <CardHeader className="items-center">
          <Grid3x3 className="mx-auto size-10 text-muted-foreground" aria-hidden="true" />
          <CardTitle className="text-2xl">Pool Not Found</CardTitle>
          <CardDescription>This pool does not exist or is no longer available.</CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild>
            <Link to="/dashboard">Back to Dashboard</Link>
          </Button>
        </CardContent>
      </Card>
    </PageContainer>
  )
}

export function PoolSkeleton() {
  return (
    <PageContainer>
      <div aria-busy="true" aria-label="Loading the pool">
        <Skeleton className="mb-4 h-5 w-28" />
        <Skeleton className="h-36 rounded-2xl" />
        <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="rounded-xl border bg-card p-4">
            <Skeleton className="h-24 rounded-lg" />
            <GridSkeleton className="mt-4" />
          </div>
          <div className="grid content-start gap-6">
            <Skeleton className="h-56 rounded-xl" />
            <Skeleton className="h-72 rounded-xl" />
          </div>
        </div>
      </div>
    </PageContainer>
  )
}

export async function sharePool(title: string) {
  const url = window.location.href
  if (navigator.share) {
    try {
      await navigator.share({ title, url })
      return
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') return
      // unsupported for this page: fall through to copying
    }
  }
  try {
    await navigator.clipboard.writeText(url)
    toast.success('Link Copied', { description: 'Pool link copied to clipboard!' })
  } catch {
    toast.error('Could not copy the link', { description: url })
  }
}

export type SaleState = 'open' | 'not-yet' | 'closed' | 'full' | 'started' | 'completed' | 'cancelled' | 'unavailable'

/** Mirrors the server's sales window so the page can explain it; the server decides. */
export function saleState(pool: Pool, now = Date.now()): SaleState {
  switch (pool.status) {
    case 'active':
    case 'open':
      if (pool.salesOpenAt && now < Date.parse(pool.salesOpenAt)) return 'not-yet'
      if (pool.salesCloseAt && now >= Date.parse(pool.salesCloseAt)) return 'closed'
      if (pool.currentParticipants >= (pool.maxParticipants || 100)) return 'full'
      return 'open'
    case 'full':
      return gameStatusLabel(pool.game?.status) === 'LIVE' ? 'started' : 'full'
    case 'started':
      return 'started'
    case 'completed':
      return 'completed'
    case 'cancelled':
      return 'cancelled'
    default:
      return 'unavailable'
  }
}

export function SaleNotice({ pool, state }: { pool: Pool; state: SaleState }) {
  const grid = poolGrid(pool)
  const squares = grid.rows * grid.columns
  const text: Partial<Record<SaleState, [string, string]>> = {
    'not-yet': ['Sales open soon', `Paid pools open for sale 6 days before kickoff. This one opens ${formatDateTimeET(pool.salesOpenAt)}.`],
    closed: ['Sales have closed', 'The game kicks off soon, so this pool no longer sells squares.'],
    full: [
      'This pool is full',
      pool.numbersGenerated
        ? `All ${squares} squares are taken and the numbers are drawn. Good luck!`
        : pool.beacon?.status === 'pending'
          ? `All ${squares} squares are taken. The numbers are drawn at beacon round ${pool.beacon.round}, moments from now.`
          : `All ${squares} squares are taken.`,
    ],
    started: ['The game is on', `Winning squares are marked at the end of each ${periodNoun(poolPeriods(pool))}.`],
    completed: ['This game is over', 'Winners were credited at the end of each period.'],
    cancelled: ['This pool was cancelled', 'Every card hold was released and every payment refunded.'],
    unavailable: ['Not open for play', 'This pool is not open for squares right now.'],
  }
  const t = text[state]
  if (!t) return null
  return (
    <Alert variant={state === 'cancelled' ? 'destructive' : 'info'} className="mt-4">
      <Info aria-hidden="true" />
      <AlertTitle>{t[0]}</AlertTitle>
      <AlertDescription>{t[1]}</AlertDescription>
    </Alert>
  )
}

