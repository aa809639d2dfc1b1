import { Link, useSearchParams } from 'react-router'
import { Award, CalendarClock, CircleDollarSign, Grid3x3, Lock, Radio, Receipt, Trophy } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Progress } from '@/components/ui/progress'
import { Skeleton } from '@/components/ui/skeleton'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { PageContainer, PageHeader } from '@/components/layout/page'
import { RefreshNotice } from '@/components/layout/refresh-notice'
import { EmptyState } from '@/components/pools/empty-state'
import { PoolStatusBadge } from '@/components/pools/pool-status-badge'
import { StatCard } from '@/components/pools/stat-card'
import { Matchup } from '@/components/pools/team-chip'
import { useUser } from '@/lib/auth'
import { formatDateTimeET } from '@/lib/dates'
import { formatCents, formatEntryFee, toCents } from '@/lib/money'
import { useDocumentMeta } from '@/lib/use-document-meta'
import type { Pool } from '@/lib/types'
import { useMyPools } from '../api/my-pools-api'
import { TransactionsPanel } from './transactions-panel'
import { WinningsPanel } from './winnings-panel'
import { EmailPreferencesCard } from './email-preferences-card'

function SignInRequired() {
  return (
    <PageContainer className="max-w-xl">
      <Card className="text-center">
        <CardHeader className="items-center">
          <div className="mx-auto mb-1 flex size-12 items-center justify-center rounded-full bg-muted">
            <Lock className="size-6 text-muted-foreground" aria-hidden="true" />
          </div>
          <CardTitle className="text-2xl">Sign In Required</CardTitle>
          <CardDescription>Please sign in to view your pools.</CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild>
            <Link to="/login">Sign In</Link>
          </Button>
        </CardContent>
      </Card>
    </PageContainer>
  )
}

function MyPoolCard({ pool }: { pool: Pool }) {
  const max = pool.maxParticipants || 100
  const pct = Math.round((pool.currentParticipants / max) * 100)
  const owned = pool.userSquareCount ?? 0
  return (
    <Card className="flex flex-col" data-testid="my-pool-card">
      <CardHeader className="gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <span className="rounded-md bg-lime-100 px-2 py-0.5 text-sm font-extrabold text-lime-900">{formatEntryFee(pool.entryFee)}</span>
          <span className="text-sm font-semibold text-muted-foreground">{pool.name}</span>
          <PoolStatusBadge pool={pool} />
        </div>
        {pool.game ? (
          <Matchup away={pool.game.awayTeam} home={pool.game.homeTeam} awayColor={pool.game.awayTeamColor} homeColor={pool.game.homeTeamColor} />
        ) : (
          <CardTitle>{pool.name}</CardTitle>
        )}
        <div className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <CalendarClock className="size-4" aria-hidden="true" /> {formatDateTimeET(pool.game?.gameDate)}
        </div>
      </CardHeader>
      <CardContent className="mt-auto grid gap-4">
        <div className="grid grid-cols-2 gap-3 text-sm">
          <div className="rounded-lg bg-emerald-50 p-3">
            <div className="text-xs font-semibold text-emerald-800">Your squares</div>
            <div className="text-xl font-extrabold text-emerald-900">{owned}</div>
          </div>
          <div className="rounded-lg bg-muted p-3">
            <div className="text-xs font-semibold text-muted-foreground">Squares taken</div>
            <div className="text-xl font-extrabold">
              {pool.currentParticipants}/{max}
            </div>
          </div>
        </div>
        <Progress value={pct} aria-label={`${pct}% of squares taken`} />
        <Button asChild className="w-full">
          <Link to={`/pool/${pool.id}`}>View &amp; Select Squares</Link>
        </Button>
      </CardContent>
    </Card>
  )
}

export function MyPoolsPage() {
  useDocumentMeta({ title: 'My Pools' })
  const { user } = useUser()
  const q = useMyPools(!!user)
  const [params, setParams] = useSearchParams()
  const asked = params.get('tab')
  const tab = asked === 'transactions' || asked === 'winnings' ? asked : 'pools'
  if (!user) return <SignInRequired />
  const pools = q.data ?? []
  const squares = pools.reduce((n, p) => n + (p.userSquareCount ?? 0), 0)
  const invested = pools.reduce((n, p) => n + (p.userSquareCount ?? 0) * toCents(p.entryFee), 0)
  const live = pools.filter((p) => p.status === 'started').length

  return (
    <PageContainer>
      <PageHeader title="My Pools" description="Every pool where you hold squares." />
      <RefreshNotice failed={q.isRefetchError} className="-mt-4 mb-4" />
      <div className="grid grid-cols-2 gap-2 sm:gap-4 lg:grid-cols-4">
        <StatCard label="Pools Joined" value={pools.length} icon={Trophy} tone="emerald" loading={q.isLoading} />
        <StatCard label="Squares Owned" value={squares} icon={Grid3x3} tone="sky" loading={q.isLoading} />
        <StatCard label="Total Entered" value={formatCents(invested)} icon={CircleDollarSign} tone="lime" loading={q.isLoading} />
        <StatCard label="Live Now" value={live} icon={Radio} tone="amber" loading={q.isLoading} />
      </div>
      <Tabs
        value={tab}
        onValueChange={(v) => setParams(v === 'pools' ? {} : { tab: v }, { replace: true })}
        className="mt-6"
      >
        <TabsList className="max-w-md">
          <TabsTrigger value="pools">
            <Trophy className="size-4 max-sm:hidden" aria-hidden="true" /> Pools
          </TabsTrigger>
          <TabsTrigger value="winnings">
            <Award className="size-4 max-sm:hidden" aria-hidden="true" /> Winnings
          </TabsTrigger>
          <TabsTrigger value="transactions">
            <Receipt className="size-4 max-sm:hidden" aria-hidden="true" /> Transactions
          </TabsTrigger>
        </TabsList>
        <TabsContent value="pools">
          {q.isLoading ? (
            <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
              {Array.from({ length: 3 }, (_, i) => (
                <Skeleton key={i} className="h-72 rounded-xl" />
              ))}
            </div>
          ) : q.isLoadingError ? (
            <p className="rounded-xl border bg-card p-5 text-sm text-destructive">Your pools could not be loaded. Please try again later.</p>
          ) : pools.length === 0 ? (
            <EmptyState
              icon={Grid3x3}
              title="No Pools Joined Yet"
              description="Claim squares in any open pool and it will show up here."
              action={
                <Button asChild>
                  <Link to="/">Browse Pools</Link>
                </Button>
              }
            />
          ) : (
            <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
              {pools.map((p) => (
                <MyPoolCard key={p.id} pool={p} />
              ))}
            </div>
          )}
        </TabsContent>
        <TabsContent value="winnings">
          <WinningsPanel />
        </TabsContent>
        <TabsContent value="transactions">
          <TransactionsPanel poolNames={new Map(pools.map((p) => [p.id, p.game ? `${p.name}: ${p.game.awayTeam} @ ${p.game.homeTeam}` : p.name]))} />
        </TabsContent>
      </Tabs>
      <EmailPreferencesCard />
    </PageContainer>
  )
}
