import { Link } from 'react-router'
import { CalendarClock, Eye, Star, Trophy, Users } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog'
import { Progress } from '@/components/ui/progress'
import { Skeleton } from '@/components/ui/skeleton'
import { Spinner } from '@/components/ui/spinner'
import { PageContainer, PageHeader } from '@/components/layout/page'
import { EmptyState } from '@/components/pools/empty-state'
import { FeaturedStatusBadge, PoolStatusBadge } from '@/components/pools/pool-status-badge'
import { ReadOnlySquareGrid } from '@/components/pools/square-grid'
import { Matchup } from '@/components/pools/team-chip'
import { formatDateTimeET, formatLongDateET, formatTimeET } from '@/lib/dates'
import { formatEntryFee, formatMoney, isFree } from '@/lib/money'
import { useDocumentMeta } from '@/lib/use-document-meta'
import { weekLabel } from '@/lib/weeks'
import { Alert, AlertDescription } from '@/components/ui/alert'
import type { Pool } from '@/lib/types'
import { useFeaturedPool, usePoolSquares } from '../api/featured-api'

function DetailsDialog({ pool }: { pool: Pool }) {
  const squares = usePoolSquares(pool.id, pool.numbersGenerated)
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" size="lg">
          <Eye aria-hidden="true" /> View Pool Details
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{pool.name}</DialogTitle>
          <DialogDescription>
            {pool.game ? `${pool.game.awayTeam} @ ${pool.game.homeTeam}` : 'Game details'}
          </DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-muted-foreground">Kickoff</dt>
            <dd className="font-semibold">{formatDateTimeET(pool.game?.gameDate)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Week</dt>
            <dd className="font-semibold">{pool.game?.week ? weekLabel(pool.game.week) : '—'}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Venue</dt>
            <dd className="font-semibold">{pool.game?.venue || '—'}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Pool status</dt>
            <dd>
              <PoolStatusBadge pool={pool} />
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Squares taken</dt>
            <dd className="font-semibold">
              {pool.currentParticipants} / {pool.maxParticipants || 100}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Numbers generated</dt>
            <dd className="font-semibold">{pool.numbersGenerated ? 'Yes' : 'Not yet'}</dd>
          </div>
        </dl>
        {pool.numbersGenerated ? (
          squares.isLoading ? (
            <Spinner className="mx-auto size-6" />
          ) : (
            <ReadOnlySquareGrid pool={pool} squares={squares.data ?? []} />
          )
        ) : (
          <p className="rounded-lg bg-muted p-3 text-sm text-muted-foreground">
            Numbers are drawn when all 100 squares are taken. The board appears here after the draw.
          </p>
        )}
      </DialogContent>
    </Dialog>
  )
}

export function PoolOfTheWeekPage() {
  useDocumentMeta({
    title: 'Pool of the Week',
    description: 'This week’s featured football squares pool.',
    canonicalPath: '/pool-of-the-week',
  })
  const { data: pool, isLoading, error } = useFeaturedPool()

  if (isLoading)
    return (
      <PageContainer className="max-w-3xl">
        <span role="status" className="sr-only">
          Loading Pool of the Week
        </span>
        <Skeleton className="h-10 w-64" />
        <Skeleton className="mt-6 h-96 rounded-xl" />
      </PageContainer>
    )

  // A failed read is not "no Pool of the Week": saying so would send players away from a pool that exists.
  if (error && !pool)
    return (
      <PageContainer className="max-w-3xl">
        <PageHeader title="Pool of the Week" />
        <Alert variant="destructive">
          <AlertDescription>The Pool of the Week could not be loaded. Please try again later.</AlertDescription>
        </Alert>
      </PageContainer>
    )

  if (!pool)
    return (
      <PageContainer className="max-w-3xl">
        <PageHeader title="Pool of the Week" />
        <EmptyState
          icon={Star}
          title="No Pool of the Week"
          description="There is no featured pool right now. Plenty of others are open."
          action={
            <Button asChild>
              <Link to="/dashboard">Browse All Pools</Link>
            </Button>
          }
        />
      </PageContainer>
    )

  const max = pool.maxParticipants || 100
  const pct = Math.round((pool.currentParticipants / max) * 100)
  // The server's figure (what settlement pays once the pool is full); no screen computes a prize.
  const prize = isFree(pool.entryFee) ? 'Bragging rights' : pool.prizePoolIfFull ? formatMoney(pool.prizePoolIfFull) : '—'

  return (
    <PageContainer className="max-w-3xl">
      <PageHeader eyebrow="Featured" title="Pool of the Week" />
      <Card className="overflow-hidden">
        <div className="bg-navy px-5 py-5 text-white sm:px-6">
          <div className="mb-3 flex flex-wrap items-center gap-2">
            <span className="inline-flex items-center gap-1 rounded-full bg-lime-300 px-2.5 py-0.5 text-xs font-extrabold text-lime-950">
              <Star className="size-3" aria-hidden="true" /> {pool.featuredReason || 'Pool of the Week'}
            </span>
            <FeaturedStatusBadge pool={pool} />
            {pool.game?.week && <span className="text-xs font-semibold text-white/70">{weekLabel(pool.game.week)}</span>}
          </div>
          {pool.game ? (
            <Matchup away={pool.game.awayTeam} home={pool.game.homeTeam} awayColor={pool.game.awayTeamColor} homeColor={pool.game.homeTeamColor} size="lg" />
          ) : (
            <div className="text-2xl font-bold">{pool.name}</div>
          )}
          <p className="mt-2 text-sm text-white/70">{pool.name}</p>
        </div>
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-base">
            <CalendarClock className="size-5 text-emerald-700" aria-hidden="true" />
            {formatLongDateET(pool.game?.gameDate)} · {formatTimeET(pool.game?.gameDate)}
          </CardTitle>
          <CardDescription>Kickoff shown in Eastern time.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            <div className="rounded-lg bg-muted p-3" data-testid="entry-fee">
              <div className="text-xs font-semibold text-muted-foreground">Entry fee</div>
              <div className="text-lg font-extrabold">{formatEntryFee(pool.entryFee)}</div>
            </div>
            <div className="rounded-lg bg-muted p-3" data-testid="participants">
              <div className="flex items-center gap-1 text-xs font-semibold text-muted-foreground">
                <Users className="size-3" aria-hidden="true" /> Participants
              </div>
              <div className="text-lg font-extrabold">
                {pool.currentParticipants} / {max}
              </div>
            </div>
            <div className="col-span-2 rounded-lg bg-emerald-50 p-3 sm:col-span-1" data-testid="prize-pool">
              <div className="flex items-center gap-1 text-xs font-semibold text-emerald-800">
                <Trophy className="size-3" aria-hidden="true" /> Prize pool
              </div>
              <div className="text-lg font-extrabold text-emerald-900">{prize}</div>
            </div>
          </div>
          <Progress value={pct} aria-label={`${pct}% of squares taken`} />
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button asChild size="lg" variant="brand">
              <Link to={`/pools/${pool.id}`}>Join This Pool</Link>
            </Button>
            <DetailsDialog pool={pool} />
            <Button asChild size="lg" variant="ghost">
              <Link to="/dashboard">All pools</Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    </PageContainer>
  )
}
