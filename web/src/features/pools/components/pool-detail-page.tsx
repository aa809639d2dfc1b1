import { useEffect } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { toast } from 'sonner'
import { AlertTriangle, ArrowLeft, CalendarClock, Construction, Grid3x3, Share2, ShieldAlert } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Progress } from '@/components/ui/progress'
import { Skeleton } from '@/components/ui/skeleton'
import { PageContainer } from '@/components/layout/page'
import { PoolStatusBadge } from '@/components/pools/pool-status-badge'
import { Matchup } from '@/components/pools/team-chip'
import { useUser } from '@/lib/auth'
import { formatDateET, formatDateTimeET, formatTimeET } from '@/lib/dates'
import { formatEntryFee, formatMoney } from '@/lib/money'
import { poolCanonicalPath, useDocumentMeta } from '@/lib/use-document-meta'
import { useLeagues } from '@/lib/leagues'
import { usePool } from '../api/pools-api'

export const INVALID_POOL_REDIRECT_MS = 2000

function InvalidPool() {
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

function PoolNotFound() {
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

async function sharePool(title: string) {
  const url = window.location.href
  if (navigator.share) {
    try {
      await navigator.share({ title, url })
      return
    } catch {
      // cancelled: fall through to copying
    }
  }
  try {
    await navigator.clipboard.writeText(url)
    toast.success('Link Copied', { description: 'Pool link copied to clipboard!' })
  } catch {
    toast.error('Could not copy the link', { description: url })
  }
}

export function PoolDetailPage() {
  const { id = '' } = useParams()
  const valid = /^\d+$/.test(id)
  const poolId = valid ? Number(id) : 0
  const { isAdmin } = useUser()
  const { data: pool, isLoading, isError } = usePool(poolId, valid)
  const { data: leagues } = useLeagues()
  const sport = leagues?.find((l) => l.id === pool?.game?.leagueId)?.name ?? 'nfl'
  useDocumentMeta({
    title: !valid
      ? 'Invalid Pool'
      : pool?.game
        ? `${pool.game.awayTeam} vs ${pool.game.homeTeam} – ${pool.name}`
        : isError || (!isLoading && !pool)
          ? 'Pool Not Found'
          : 'Pool',
    description: pool?.game
      ? `${pool.name} squares pool for ${pool.game.awayTeam} @ ${pool.game.homeTeam}, ${formatDateTimeET(pool.game.gameDate)}.`
      : undefined,
    canonicalPath: pool?.game ? poolCanonicalPath(sport, pool.game.awayTeam, pool.game.homeTeam) : undefined,
  })

  if (!valid) return <InvalidPool />
  if (isLoading)
    return (
      <PageContainer>
        <Skeleton className="h-36 rounded-2xl" />
        <div className="mt-6 grid gap-6 lg:grid-cols-[2fr_1fr]">
          <Skeleton className="h-96 rounded-xl" />
          <Skeleton className="h-72 rounded-xl" />
        </div>
      </PageContainer>
    )
  if (isError || !pool) return <PoolNotFound />

  const max = pool.maxParticipants || 100
  const pct = Math.round((pool.currentParticipants / max) * 100)
  const game = pool.game

  return (
    <PageContainer>
      <Link to="/dashboard" className="mb-4 inline-flex items-center gap-1 text-sm font-semibold text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden="true" /> Dashboard
      </Link>
      {isAdmin && (
        <div className="mb-4 flex items-center gap-2 rounded-lg bg-amber-100 px-4 py-2 text-sm font-bold text-amber-900">
          <ShieldAlert className="size-4" aria-hidden="true" /> ADMIN VIEW: read-only, admins cannot buy squares
        </div>
      )}
      <section className="rounded-2xl bg-navy px-5 py-6 text-white shadow-lg sm:px-8">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <div className="mb-3 flex flex-wrap items-center gap-2">
              <h1 className="text-lg font-extrabold text-lime-300">{pool.name}</h1>
              <PoolStatusBadge pool={pool} />
            </div>
            {game ? (
              <Matchup away={game.awayTeam} home={game.homeTeam} awayColor={game.awayTeamColor} homeColor={game.homeTeamColor} size="lg" />
            ) : null}
            <p className="mt-3 flex items-center gap-2 text-sm text-white/75">
              <CalendarClock className="size-4" aria-hidden="true" /> {formatDateTimeET(game?.gameDate)}
              {game?.venue ? ` · ${game.venue}` : ''}
            </p>
          </div>
          <Button
            variant="outline"
            className="self-start border-white/25 bg-transparent text-white hover:bg-white/10 hover:text-white"
            onClick={() => void sharePool(document.title)}
          >
            <Share2 aria-hidden="true" /> Share
          </Button>
        </div>
      </section>

      <div className="mt-6 grid gap-6 lg:grid-cols-[2fr_1fr]">
        <Card>
          <CardHeader>
            <div className="mb-1 flex size-10 items-center justify-center rounded-lg bg-amber-100 text-amber-800">
              <Construction className="size-5" aria-hidden="true" />
            </div>
            <CardTitle>The square board is coming next</CardTitle>
            <CardDescription>
              Picking squares on the live 10 x 10 board arrives in the next release. The pool details on this page are live.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Button asChild variant="outline">
              <Link to="/dashboard">Back to Dashboard</Link>
            </Button>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Pool Information</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-3 text-sm">
              <div className="flex justify-between gap-2">
                <dt className="text-muted-foreground">Entry fee</dt>
                <dd className="font-bold">{formatEntryFee(pool.entryFee)}</dd>
              </div>
              <div className="flex justify-between gap-2">
                <dt className="text-muted-foreground">Total pot</dt>
                <dd className="font-bold">{formatMoney(pool.totalPot)}</dd>
              </div>
              <div className="flex justify-between gap-2">
                <dt className="text-muted-foreground">Squares taken</dt>
                <dd className="font-bold">
                  {pool.currentParticipants} / {max}
                </dd>
              </div>
              {typeof pool.distinctPlayers === 'number' && (
                <div className="flex justify-between gap-2">
                  <dt className="text-muted-foreground">Players</dt>
                  <dd className="font-bold">{pool.distinctPlayers}</dd>
                </div>
              )}
              <div className="flex justify-between gap-2">
                <dt className="text-muted-foreground">Game date</dt>
                <dd className="font-bold">{formatDateET(game?.gameDate)}</dd>
              </div>
              <div className="flex justify-between gap-2">
                <dt className="text-muted-foreground">Kickoff</dt>
                <dd className="font-bold">{formatTimeET(game?.gameDate)}</dd>
              </div>
              <div>
                <div className="mb-1 flex justify-between gap-2">
                  <dt className="text-muted-foreground">Completion</dt>
                  <dd className="font-bold">{pct}%</dd>
                </div>
                <Progress value={pct} aria-label={`${pct}% complete`} />
              </div>
            </dl>
          </CardContent>
        </Card>
      </div>
    </PageContainer>
  )
}
