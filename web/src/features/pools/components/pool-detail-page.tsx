import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useState, type ReactNode } from 'react'
import { Link, useParams } from 'react-router'
import { toast } from '@/lib/toast'
import { ArrowLeft, ShieldAlert } from 'lucide-react'
import { PageContainer } from '@/components/layout/page'
import { RefreshNotice } from '@/components/layout/refresh-notice'
import { useUser } from '@/lib/auth'
import { formatDateTimeET } from '@/lib/dates'
import { useLeagues } from '@/lib/leagues'
import { isFree } from '@/lib/money'
import { poolPeriods } from '@/lib/periods'
import { poolGrid } from '@/lib/rules'
import type { Cell, Pool, Square } from '@/lib/types'
import { poolCanonicalPath, useDocumentMeta } from '@/lib/use-document-meta'
import { usePool, usePoolSquares, usePoolWinners } from '../api/pools-api'
import { useMediaQuery, WIDE_SCREEN } from '@/lib/use-media-query'
import { useHostBoard } from '../hooks/use-host-board'
import { usePoolLive, type SquaresChange } from '../hooks/use-pool-live'
import { usePurchase } from '../hooks/use-purchase'
import { useSquareSelection } from '../hooks/use-square-selection'
import { BoardCard } from './board-card'
import { CartCard, type CartBlocker } from './cart-card'
import { DecisionCountdown } from './decision-countdown'
import { HostMoneyCard } from './host-money-card'
import { PoolHero } from './pool-hero'
import { PoolRulesCard } from './pool-rules-card'
import { InvalidPool, PoolNotFound, PoolSkeleton, SaleNotice, saleState } from './pool-page-states'
import { GameRulesCard, HowToPlayCard, NoWithdrawalsCard, PoolInfoCard, ReadyToPlayCard, YourSquaresCard } from './pool-side-cards'
import { SelectionBar } from './selection-bar'
import { cellKey, isHeld, ownerName, positionText } from './square-labels'

// The Verify card (the draw's recomputation, the beacon's check) sits below the board: its code loads
// after the page's own, so that the pool's first load carries only what the first screen shows.
const VerifyDrawCard = lazy(() => import('./verify-draw-card').then((m) => ({ default: m.VerifyDrawCard })))
// Only a pool's host sees it: a player's pool page does not download its forms (and zod under them).
const HostPanel = lazy(() => import('./host-panel').then((m) => ({ default: m.HostPanel })))

function describeSquare(cell: Cell, sq: Square | undefined, pool: Pool, userId: string | null) {
  const where = positionText(cell, null, null)
  if (!sq) return { title: where, description: 'Available' }
  if (isHeld(sq))
    return { title: where, description: sq.userId === userId ? 'Held for you while you pay' : `Reserved while ${ownerName(sq)} pays` }
  if (sq.userId === 'admin') return { title: where, description: 'House square' }
  const when = sq.purchasedAt ? ` on ${formatDateTimeET(sq.purchasedAt)}` : ''
  return { title: where, description: `${sq.userId === userId ? 'Your square' : `Owned by ${ownerName(sq)}`}${isFree(pool.entryFee) ? '' : when}` }
}

/** creatorPanel renders extra cards for a private pool's creator (who alone reads its invite code). */
type CreatorPanel = (pool: Pool) => ReactNode

function PoolView({ poolId, creatorPanel }: { poolId: number; creatorPanel?: CreatorPanel }) {
  const { user, isAdmin } = useUser()
  const wide = useMediaQuery(WIDE_SCREEN)
  const poolQuery = usePool(poolId, true)
  const squaresQuery = usePoolSquares(poolId, true)
  const pool = poolQuery.data ?? null
  // Winners exist only once the numbers are drawn.
  const winnersQuery = usePoolWinners(poolId, !!pool?.numbersGenerated)
  // The first answers and every change of the board draw the page as a transition (lib/use-deferred-query.ts):
  // the hundred squares mount in slices, not in the task the answer lands in.
  const firstRead = useDeferredValue(poolQuery.isLoading)
  const squaresData = useDeferredValue(squaresQuery.data)
  const squaresLoading = useDeferredValue(squaresQuery.isLoading)
  const squares = useMemo(() => squaresData ?? [], [squaresData])
  const userId = user?.id ?? null

  const mine = useMemo(() => (userId ? squares.filter((s) => s.userId === userId) : []), [squares, userId])
  const ownedCount = mine.filter((s) => !isHeld(s)).length
  const maxPerPlayer = pool?.maxSquaresPerPlayer || 5
  // Held squares count against the limit too: the server counts every square the player has in the pool.
  const selection = useSquareSelection({ poolId, max: maxPerPlayer, owned: mine.length, userId })
  const { selected, dropTaken } = selection
  const [focusCell, setFocusCell] = useState<Cell | null>(null)
  const [announcement, setAnnouncement] = useState('')
  // The host of a host-collected pool gives squares on the board and takes them back.
  const host = useHostBoard(pool, isAdmin)
  const paid = !!pool && !isFree(pool.entryFee)
  const blocker: CartBlocker = !user || isAdmin ? null : !user.isAgeVerified ? { kind: 'verify' } : paid && !user.isEligibleToBet ? { kind: 'ineligible' } : null
  const { purchase, pending } = usePurchase({
    poolId,
    pool,
    user,
    isAdmin,
    blocked: !!blocker,
    selected,
    onClaimed: (n) => {
      selection.clear()
      setAnnouncement(`You claimed ${n} ${n === 1 ? 'square' : 'squares'}.`)
    },
  })

  // A selected square that someone else takes (live or on re-read) leaves the cart.
  useEffect(() => {
    const occupied = new Set(squares.map(cellKey))
    const lost = selected.filter((c) => occupied.has(cellKey(c)))
    if (lost.length) dropTaken(lost)
  }, [squares, selected, dropTaken])
  const hostDropTaken = host.dropTaken
  useEffect(() => hostDropTaken(squares), [squares, hostDropTaken])

  const onSquaresChange = useCallback(
    (change: SquaresChange) => {
      const others = change.squares.filter((s) => s.userId !== userId)
      if (others.length === 0) return
      const lostSelected = others.filter((s) => selected.some((c) => cellKey(c) === cellKey(s)))
      const parts = others.slice(0, 3).map((s) => `${positionText(s, null, null)} ${isHeld(s) ? 'is now reserved' : `was just taken by ${ownerName(s)}`}`)
      if (others.length > 3) parts.push(`and ${others.length - 3} more`)
      setAnnouncement(`${parts.join('. ')}.`)
      if (lostSelected.length)
        toast.error('Square Unavailable', {
          description: `${lostSelected.map((s) => positionText(s, null, null)).join(', ')} was just taken, so it left your selection.`,
        })
    },
    [userId, selected],
  )
  usePoolLive({ poolId, gameId: pool?.gameId, userId, onSquaresChange })

  if (firstRead) return <PoolSkeleton />
  // A failed refetch keeps the pool it last read (TanStack sets isError with the data kept): only a first
  // read that failed, or a pool that is not there, is "not found".
  if (!pool) return <PoolNotFound />

  const free = isFree(pool.entryFee)
  const sale = saleState(pool)
  const hostPool = pool.collection === 'host'
  const showCart = !isAdmin && sale === 'open' && !host.assigning
  const interactive = showCart && !blocker
  // On a phone the cart comes after the board: once squares are selected, a bar at the bottom of the
  // screen carries the count, the total and the button.
  const showBar = interactive && selected.length > 0 && !wide

  const onActivate = (cell: Cell, sq: Square | undefined) => {
    setFocusCell(cell)
    const byHost = host.activate(cell, sq)
    if (byHost === 'picked' || byHost === 'unpicked') {
      setAnnouncement(`${positionText(cell, null, null)} ${byHost === 'picked' ? `picked for ${host.target?.name}` : 'removed'}.`)
    }
    if (byHost) return
    if (!interactive) {
      // Admins (and anyone on a closed board) see who holds a square, nothing more.
      const d = describeSquare(cell, sq, pool, userId)
      toast.info(d.title, { description: d.description })
      return
    }
    const before = selected.length
    const result = selection.toggle(cell, sq)
    const where = positionText(cell, null, null)
    if (result === 'added') setAnnouncement(`${where} selected. ${before + 1} of ${selection.limit} selected.`)
    else if (result === 'removed') setAnnouncement(`${where} removed. ${before - 1} of ${selection.limit} selected.`)
  }

  return (
    <PageContainer>
      <Link to="/dashboard" className="mb-4 inline-flex items-center gap-1 text-sm font-semibold text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden="true" /> Dashboard
      </Link>
      {isAdmin && (
        <div className="mb-4 flex items-center gap-2 rounded-lg bg-amber-100 px-4 py-2 text-sm font-bold text-amber-900" role="note">
          <ShieldAlert className="size-4 shrink-0" aria-hidden="true" /> ADMIN VIEW: read-only. Select a square to see who owns it; admins cannot buy squares.
        </div>
      )}
      <PoolHero pool={pool} />
      <SaleNotice pool={pool} state={sale} />
      <DecisionCountdown pool={pool} className="mt-4" />
      <RefreshNotice failed={poolQuery.isRefetchError || squaresQuery.isRefetchError} className="mt-3" />

      <div className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[auto_1fr]">
        <div className="grid min-w-0 gap-6 lg:col-start-1 lg:row-start-1">
          <BoardCard
            pool={pool}
            squares={squares}
            squaresLoading={squaresLoading}
            userId={userId}
            selected={host.assigning ? host.picked : selected}
            interactive={interactive || host.assigning}
            focusCell={focusCell}
            onActivate={onActivate}
            onFocusCell={setFocusCell}
            announcement={announcement}
            winners={winnersQuery.data}
          />
          {host.isHost && (
            <Suspense fallback={<div className="h-64 animate-pulse rounded-xl border bg-card" aria-busy="true" aria-label="Loading the host's tools" />}>
              <HostPanel pool={pool} board={host} winners={winnersQuery.data} hostId={user ? Number(user.id) : null} />
            </Suspense>
          )}
        </div>
        <aside className="grid min-w-0 gap-6 lg:col-start-2 lg:row-span-2 lg:row-start-1" aria-label="Pool details">
          {showCart && (
            <CartCard
              entryFee={pool.entryFee}
              selected={selected}
              limit={selection.limit}
              max={maxPerPlayer}
              owned={mine.length}
              signedIn={!!user}
              blocker={blocker}
              pending={pending}
              payHost={hostPool}
              isHost={host.isHost}
              showPurchase={!showBar}
              onRemove={selection.remove}
              onClear={selection.clear}
              onPurchase={purchase}
            />
          )}
          {hostPool && !isAdmin && <HostMoneyCard pool={pool} member={!!user && !host.isHost} isHost={host.isHost} />}
          {showCart && selected.length === 0 && <HowToPlayCard free={free} payHost={hostPool} max={maxPerPlayer} periods={poolPeriods(pool)} squares={poolGrid(pool).rows * poolGrid(pool).columns} />}
          {mine.length > 0 && <YourSquaresCard pool={pool} mine={mine} max={maxPerPlayer} />}
          {ownedCount > 0 && <ReadyToPlayCard pool={pool} owned={ownedCount} />}
          {pool.isPrivate && pool.inviteCode && !isAdmin && creatorPanel?.(pool)}
          {/* Not below-fold: the Verify card under them would move when they are laid out, under a tap. */}
          <PoolInfoCard pool={pool} />
          <PoolRulesCard pool={pool} />
          <NoWithdrawalsCard free={free} payHost={hostPool} />
          <GameRulesCard pool={pool} />
        </aside>
        <div className="min-w-0 lg:col-start-1 lg:row-start-2">
          <Suspense fallback={<div className="h-[5.5rem] rounded-xl border bg-card" aria-hidden="true" />}>
            <VerifyDrawCard pool={pool} squares={squares} />
          </Suspense>
        </div>
      </div>
      {showBar && <SelectionBar entryFee={pool.entryFee} payHost={hostPool} count={selected.length} limit={selection.limit} pending={pending} onPurchase={purchase} />}
    </PageContainer>
  )
}

export function PoolDetailPage({ creatorPanel }: { creatorPanel?: CreatorPanel } = {}) {
  const { id = '' } = useParams()
  const valid = /^\d+$/.test(id)
  const poolId = valid ? Number(id) : 0
  const { data: pool, isLoading } = usePool(poolId, valid)
  const { data: leagues } = useLeagues()
  const sport = leagues?.find((l) => l.id === pool?.game?.leagueId)?.name ?? 'nfl'
  useDocumentMeta({
    title: !valid
      ? 'Invalid Pool'
      : pool?.game
        ? `${pool.game.awayTeam} vs ${pool.game.homeTeam} – ${pool.name}`
        : !isLoading && !pool
          ? 'Pool Not Found'
          : 'Pool',
    description: pool?.game
      ? `${pool.name} squares pool for ${pool.game.awayTeam} @ ${pool.game.homeTeam}, ${formatDateTimeET(pool.game.gameDate)}.`
      : undefined,
    canonicalPath: pool?.game ? poolCanonicalPath(sport, pool.game.awayTeam, pool.game.homeTeam) : undefined,
  })

  if (!valid) return <InvalidPool />
  // A new pool id starts a fresh view: the selection never carries over.
  return <PoolView key={poolId} poolId={poolId} creatorPanel={creatorPanel} />
}
