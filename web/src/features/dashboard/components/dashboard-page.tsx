import { useCallback, type ReactNode } from 'react'
import { Link } from 'react-router'
import { useQueryClient } from '@tanstack/react-query'
import { AlertTriangle, Gift, Grid3x3, LogIn, Sparkles, Trophy } from 'lucide-react'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { PageContainer } from '@/components/layout/page'
import { RefreshNotice } from '@/components/layout/refresh-notice'
import { EmptyState } from '@/components/pools/empty-state'
import { GamePoolsCard } from '@/components/pools/game-pools-card'
import { PoolListItem } from '@/components/pools/pool-list-item'
import { StatCard } from '@/components/pools/stat-card'
import { displayFirstName, useUser } from '@/lib/auth'
import { isActivePoolStatus } from '@/lib/game-status'
import { useLeagues, useSelectedLeague } from '@/lib/leagues'
import { isFree } from '@/lib/money'
import { queryKeys } from '@/lib/query-keys'
import { leaguePeriods, periodNoun } from '@/lib/periods'
import { usePrizes } from '@/lib/prizes'
import { useDeferredQuery, type DeferredQuery } from '@/lib/use-deferred-query'
import { useDocumentMeta } from '@/lib/use-document-meta'
import type { Pool } from '@/lib/types'
import { useAvailablePools, useUserPools } from '../api/dashboard-api'
import { usePullToRefresh } from '../hooks/use-pull-to-refresh'
import { DashboardSkeleton } from './dashboard-skeleton'
import { PoolGridSkeleton } from './pool-grid-skeleton'
import { PullIndicator } from './pull-indicator'
import { UnclaimedPrizesBanner } from './unclaimed-prizes-banner'
import { VerificationNotice } from './verification-notice'

// By the instant, not localeCompare on the text: that builds an ICU collator on the dashboard's first
// render (16 ms on a fast machine, four times that on a phone). A pool without a date comes first.
function kickoff(p: Pool) {
  const t = Date.parse(p.game?.gameDate ?? '')
  return Number.isNaN(t) ? -Infinity : t
}

function byKickoff(a: Pool, b: Pool) {
  const x = kickoff(a)
  const y = kickoff(b)
  return x < y ? -1 : x > y ? 1 : Number(a.entryFee) - Number(b.entryFee)
}

function groupByGame(pools: Pool[]) {
  const groups = new Map<number, Pool[]>()
  for (const p of pools) {
    const list = groups.get(p.gameId) ?? []
    list.push(p)
    groups.set(p.gameId, list)
  }
  return [...groups.values()]
}

function LoadFailed({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <Alert variant="destructive">
      <AlertTriangle aria-hidden="true" />
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>
        <p>Please check your connection.</p>
        <Button size="sm" variant="outline" className="mt-1" onClick={onRetry}>
          Try again
        </Button>
      </AlertDescription>
    </Alert>
  )
}

/**
 * A list of pools as its query stands: placeholders while it loads, the failure with a retry, `empty` when it
 * has no pool (null when it has some), else the list.
 */
function PoolListBody({ query, failed, empty, children }: { query: DeferredQuery<unknown>; failed: string; empty: ReactNode; children: ReactNode }) {
  if (query.isLoading) return <PoolGridSkeleton />
  if (query.isLoadingError) return <LoadFailed title={failed} onRetry={() => void query.refetch()} />
  return empty ?? children
}

function WelcomeBanner() {
  const { user } = useUser()
  const { selectedLeague } = useSelectedLeague()
  const noun = periodNoun(leaguePeriods(Number(selectedLeague)))
  return (
    <section className="relative overflow-hidden rounded-2xl bg-navy px-5 py-6 text-white shadow-lg sm:px-8 sm:py-8">
      <div aria-hidden="true" className="absolute -top-10 -right-10 size-48 rounded-full bg-lime-400/15 blur-2xl" />
      <div aria-hidden="true" className="absolute right-6 bottom-4 hidden grid-cols-5 gap-1 opacity-40 sm:grid">
        {Array.from({ length: 15 }, (_, i) => (
          <span key={i} className={i % 4 === 0 ? 'size-4 rounded-sm bg-lime-300' : 'size-4 rounded-sm bg-white/20'} />
        ))}
      </div>
      {user ? (
        <div className="relative">
          <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">Welcome back, {displayFirstName(user)}!</h1>
          <p className="mt-1 max-w-xl text-white/75">Pick a pool, claim up to 5 squares, and watch the scoreboard every {noun}.</p>
        </div>
      ) : (
        <div className="relative">
          <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{noun === 'half' ? 'College basketball squares, every half' : 'Football squares, every quarter'}</h1>
          <p className="mt-1 max-w-xl text-white/75">Browse today's pools. Sign in to claim squares and join the action.</p>
          <Button asChild variant="brand" className="mt-4">
            <Link to="/login">
              <LogIn aria-hidden="true" /> Sign in to join
            </Link>
          </Button>
        </div>
      )}
    </section>
  )
}

/** The player dashboard; `extra` is a panel the app adds under the pools (the notifications card). */
export function DashboardPage({ extra }: { extra?: ReactNode } = {}) {
  useDocumentMeta({
    title: 'Dashboard',
    description: 'Open football squares pools: free and paid tiers, squares left and kickoff times.',
    canonicalPath: '/dashboard',
  })
  const { user } = useUser()
  const { selectedLeague } = useSelectedLeague()
  const { data: leagues } = useLeagues()
  const league = leagues?.find((l) => String(l.id) === selectedLeague)
  // Each answer draws the page as a transition (see useDeferredQuery): the pool cards mount in slices.
  const pools = useDeferredQuery(useAvailablePools(selectedLeague))
  const userPools = useDeferredQuery(useUserPools(!!user))
  const prizes = useDeferredQuery(usePrizes(!!user && user.role !== 'admin'))
  // Until the first answers are in, the page below the welcome is one block that is drawn anew, not moved,
  // when the last arrives (a key for each state), and the prize banner waits for it: whatever the order of
  // the answers, nothing drawn is pushed down by what comes above it (a phone's layout shift).
  const firstRead = pools.isLoading || userPools.isLoading || prizes.isLoading
  // The very first load (no list read yet, as against a league changed): the body is a few shapes.
  const nothingYet = firstRead && !pools.data && !userPools.data
  const queryClient = useQueryClient()

  const refresh = useCallback(
    () =>
      Promise.all([
        queryClient.refetchQueries({ queryKey: queryKeys.pools.all, type: 'active' }),
        queryClient.refetchQueries({ queryKey: queryKeys.user.pools, type: 'active' }),
        queryClient.refetchQueries({ queryKey: queryKeys.user.prizes, type: 'active' }),
      ]),
    [queryClient],
  )
  const ptr = usePullToRefresh(refresh)

  const available = [...(pools.data ?? [])]
    .filter((p) => !p.game || String(p.game.leagueId) === selectedLeague)
    .filter((p) => isActivePoolStatus(p.status))
    .sort(byKickoff)
  const mine = [...(userPools.data ?? [])].filter((p) => isActivePoolStatus(p.status)).sort(byKickoff)
  const freeCount = available.filter((p) => isFree(p.entryFee)).length
  const leagueName = league?.name ?? 'this league'

  return (
    <PageContainer>
      <PullIndicator {...ptr} />
      <div className="grid gap-6">
        <WelcomeBanner />
      </div>
      {nothingYet ? (
        <div key="nothing-yet" className="mt-6 grid gap-6">
          <VerificationNotice />
          <DashboardSkeleton mine={!!user} />
        </div>
      ) : (
        <div key={firstRead ? 'first-read' : 'read'} className="mt-6 grid gap-6">
          {!firstRead && <UnclaimedPrizesBanner prizes={prizes.data} />}
          <VerificationNotice />
          <RefreshNotice failed={pools.isRefetchError || userPools.isRefetchError} />

          <div className="grid grid-cols-3 gap-2 sm:gap-4">
            <StatCard label="Your Active Pools" value={user && !userPools.isLoadingError ? mine.length : '—'} icon={Trophy} tone="emerald" loading={!!user && userPools.isLoading} />
            <StatCard label="Available Pools" value={available.length} icon={Grid3x3} tone="sky" loading={pools.isLoading} />
            <StatCard label="Free Pools" value={freeCount} icon={Gift} tone="lime" loading={pools.isLoading} />
          </div>

          {user && (
            <section aria-labelledby="mine-heading">
              <h2 id="mine-heading" className="mb-3 text-xl font-extrabold tracking-tight">
                Your Active Pools
              </h2>
              <PoolListBody
                query={userPools}
                failed="Could not load your pools"
                empty={
                  mine.length === 0 ? (
                    <EmptyState
                      icon={Trophy}
                      title="No Active Pools"
                      description="You haven't claimed any squares in an active pool yet. Pick a pool above to get in the game."
                    />
                  ) : null
                }
              >
                <div className="grid gap-4 md:grid-cols-2">
                  {mine.map((p) => (
                    <PoolListItem
                      key={p.id}
                      pool={p}
                      extra={
                        p.userSquareCount ? (
                          <p className="mt-3 text-sm font-semibold text-emerald-700">
                            You own {p.userSquareCount} square{p.userSquareCount === 1 ? '' : 's'}
                          </p>
                        ) : null
                      }
                    />
                  ))}
                </div>
              </PoolListBody>
            </section>
          )}

          <section aria-labelledby="available-heading">
            <div className="mb-3 flex items-end justify-between gap-2">
              <div>
                <h2 id="available-heading" className="text-xl font-extrabold tracking-tight">
                  Available Pools
                </h2>
                <p className="text-sm text-muted-foreground">{league ? `${league.displayName || league.name}, ${league.activeWeek ?? 'this week'}` : 'Open for squares now'}</p>
              </div>
            </div>
            <PoolListBody
              query={pools}
              failed="Could not load pools"
              empty={
                available.length === 0 ? (
                  <EmptyState
                    icon={Sparkles}
                    title="No Pools Available"
                    description={`There are no open pools for ${leagueName} right now. New pools open up to 6 days before kickoff.`}
                  />
                ) : null
              }
            >
              <div className="grid items-start gap-4 md:grid-cols-2">
                {groupByGame(available).map((group) => (
                  <GamePoolsCard key={group[0].gameId} game={group[0].game} pools={group} />
                ))}
              </div>
            </PoolListBody>
          </section>

          {/* Last: it arrives after the pools (its own code, this device's state), and moves nothing when it does. */}
          {extra}
        </div>
      )}
    </PageContainer>
  )
}
