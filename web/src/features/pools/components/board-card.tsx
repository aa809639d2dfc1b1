import { Crosshair, Grid3x3, Info } from 'lucide-react'
import { Card } from '@/components/ui/card'
import { GridSkeleton } from '@/components/ui/grid-skeleton'
import { Progress } from '@/components/ui/progress'
import { gameStatusLabel, parseDigits } from '@/lib/game-status'
import { formatCents, formatMoney, isFree, toCents } from '@/lib/money'
import { gameState, periodNoun, poolPeriods, type GamePhase, type Period } from '@/lib/periods'
import { currentNumberSet, decidingPeriod, halvesLeague, payingPeriodLabel, periodShares, poolGrid, poolRules, reverseShare, sameRules, defaultRules, type GridShape } from '@/lib/rules'
import type { Cell, Pool, Square, Winner } from '@/lib/types'
import { cn } from '@/lib/utils'
import { BeaconNotice } from './beacon-notice'
import { ConnectionIndicator } from './connection-indicator'
import { LivePulse, LiveScoreboard } from './score-display'
import { SquareBoard } from './square-board'
import { boardWinners, cellKey, positionText, winningNow, type WinnerMark } from './square-labels'
import { WinnersList } from './winners-list'

const LEGEND = [
  { label: 'Open', className: 'border-border bg-card' },
  { label: 'Selected', className: 'border-lime-500 bg-brand' },
  { label: 'Yours', className: 'border-emerald-800 bg-emerald-700' },
  { label: 'Taken', className: 'border-slate-200 bg-slate-100' },
  { label: 'House', className: 'border-slate-300 bg-slate-200' },
  { label: 'Reserved', className: 'border-amber-300 bg-amber-100' },
]

/** The board's title says what it is now: the spec's 'LIVE GAME BOARD' while the game is on. */
function boardTitle(phase: GamePhase): string {
  if (phase === 'live' || phase === 'break') return 'LIVE GAME BOARD'
  if (phase === 'final') return 'FINAL BOARD'
  return 'SQUARES BOARD'
}

/**
 * What the winner of the period in play would take: the server's payout of that period, or, under rules other
 * than today's, the winner's part of the prize of the paying period it decides (lib/rules mirrors the server).
 */
function inPlayAmount(pool: Pool, inPlay: number): string | null {
  if (isFree(pool.entryFee) || inPlay < 0) return null
  const rules = poolRules(pool)
  if (!pool.rules || sameRules(rules, defaultRules(pool.game?.leagueId))) {
    const payout = pool.payouts?.[inPlay]
    return payout ? formatMoney(payout.amount) : null
  }
  const period = decidingPeriod(rules, inPlay, halvesLeague(pool.game?.leagueId))
  const share = periodShares(toCents(pool.prizePool), rules).periods.find((p) => p.period === period)
  return share ? formatCents(share.amount - reverseShare(share.amount, rules.reversePercent)) : null
}

/** The board's marks: the period winners, and the square that would win the period in play if it ended now. */
function withWinningNow(
  winners: Map<string, WinnerMark[]>,
  pool: Pool,
  inPlay: number,
  periods: readonly Period[],
  away: number[] | null,
  home: number[] | null,
  squares: Square[],
  grid: GridShape,
): Map<string, WinnerMark[]> {
  const amount = inPlayAmount(pool, inPlay)
  const now = winningNow({ inPlay, periods, awayScore: pool.game?.awayScore, homeScore: pool.game?.homeScore, away, home, squares, amount, grid })
  if (!now) return winners
  const out = new Map(winners)
  const k = cellKey(now.cell)
  out.set(k, [...(out.get(k) ?? []), now.mark])
  return out
}

export function BoardCard({
  pool,
  squares,
  squaresLoading,
  userId,
  selected,
  interactive,
  focusCell,
  onActivate,
  onFocusCell,
  announcement,
  winners: serverWinners,
}: {
  pool: Pool
  squares: Square[]
  squaresLoading: boolean
  userId: string | null
  selected: Cell[]
  interactive: boolean
  focusCell: Cell | null
  onActivate: (cell: Cell, square: Square | undefined) => void
  onFocusCell: (cell: Cell) => void
  /** Polite live-region text: selections and squares taken by others. */
  announcement: string
  /** The pool's period winners from the server (GET /api/pools/{id}/winners). */
  winners?: Winner[] | null
}) {
  const game = pool.game
  const home = pool.numbersGenerated ? parseDigits(pool.homeNumbers) : null
  const away = pool.numbersGenerated ? parseDigits(pool.awayNumbers) : null
  const grid = poolGrid(pool)
  const rules = poolRules(pool)
  const max = pool.maxParticipants || grid.rows * grid.columns
  const claimed = pool.currentParticipants
  const pct = Math.min(100, Math.round((claimed / max) * 100))
  const status = gameStatusLabel(game?.status)
  const periods = poolPeriods(pool)
  const state = gameState(game, periods)
  const noun = periodNoun(periods)
  const free = isFree(pool.entryFee)
  const winners = boardWinners(serverWinners, squares, periods, free, rules)
  const marks = withWinningNow(winners, pool, state.inPlay, periods, away, home, squares, grid)
  // Numbers drawn per period: the board shows the set of the period in play (the top-level numbers).
  const perPeriod = rules.numbers === 'per-period'
  const shownSet = perPeriod && home && away ? currentNumberSet(pool) : null
  const showScoreboard = !!game && (status !== 'SCHEDULED' || pool.numbersGenerated)

  return (
    // On a phone the board runs edge to edge, so its squares are 32 px wide on a 390 px screen.
    <Card className="-mx-4 min-w-0 overflow-hidden rounded-none border-x-0 sm:mx-0 sm:rounded-xl sm:border-x" role="region" aria-labelledby="board-title">
      <div className="bg-navy px-4 py-4 text-white sm:px-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="board-title" className="flex items-center gap-2 text-sm font-black tracking-[0.2em] text-lime-300">
            {state.phase === 'live' || state.phase === 'break' ? <LivePulse /> : <Grid3x3 className="size-4" aria-hidden="true" />}
            {boardTitle(state.phase)}
          </h2>
          <ConnectionIndicator />
        </div>
        {showScoreboard && game && <LiveScoreboard game={game} periods={periods} className="mt-4" />}
        <dl className="mt-4 grid grid-cols-3 gap-2 text-center">
          <div className="rounded-lg bg-white/5 px-1 py-1.5 sm:px-2">
            <dt className="text-[0.65rem] font-semibold text-white/60 uppercase sm:tracking-wide">Squares claimed</dt>
            <dd className="font-black tabular-nums" data-testid="squares-claimed">
              {claimed}/{max}
            </dd>
          </div>
          <div className="rounded-lg bg-white/5 px-1 py-1.5 sm:px-2">
            <dt className="text-[0.65rem] font-semibold text-white/60 uppercase sm:tracking-wide">Complete</dt>
            <dd className="font-black tabular-nums">{pct}%</dd>
          </div>
          <div className="rounded-lg bg-white/5 px-1 py-1.5 sm:px-2">
            <dt className="text-[0.65rem] font-semibold text-white/60 uppercase sm:tracking-wide">Game status</dt>
            <dd className={cn('text-sm leading-6 font-black whitespace-nowrap sm:text-base', state.phase === 'live' && 'text-lime-300')} data-testid="game-state">
              {state.label}
            </dd>
          </div>
        </dl>
        <Progress value={pct} className="mt-3 bg-white/10" aria-label={`${claimed} of ${max} squares claimed`} />
        <BeaconNotice pool={pool} className="mt-3" />
      </div>

      {/* On phones the board comes first and the help after it; from sm up, the help leads. */}
      <div className="flex flex-col gap-3 p-2 sm:p-5">
        {interactive && (
          <div className="order-2 grid gap-2 px-1 sm:order-none sm:grid-cols-[1fr_auto] sm:items-start sm:px-0">
            <p className="flex gap-2 rounded-lg bg-lime-50 p-3 text-xs text-lime-950 sm:text-sm">
              <Info className="mt-0.5 size-4 shrink-0 text-lime-700" aria-hidden="true" />
              <span>
                <strong>How to Win Big:</strong> pick open squares. When all {grid.rows * grid.columns} are taken, every row gets{' '}
                {grid.rows < 10 ? 'two digits' : 'a digit'} for the away team and every column {grid.columns < 10 ? 'two' : 'one'} for the home team. Match the last digits of the score at the end of a{' '}
                {noun} and that {noun}'s prize is yours.
              </span>
            </p>
            <div className="rounded-lg border px-3 py-2 text-xs sm:min-w-44 sm:text-sm" data-testid="selected-position">
              <div className="flex items-center gap-1.5 font-semibold text-muted-foreground">
                <Crosshair className="size-3.5" aria-hidden="true" /> Selected Position
              </div>
              <div className="font-bold">{focusCell ? positionText(focusCell, away, home, grid) : 'Pick a square'}</div>
            </div>
          </div>
        )}
        {squaresLoading ? (
          <GridSkeleton className="order-1 sm:order-none" label="Loading the board" />
        ) : (
          <div className="order-1 overflow-x-auto pb-1 sm:order-none">
            {perPeriod && (
              <p className="mb-2 flex flex-wrap items-center gap-x-2 px-1 text-xs font-semibold text-muted-foreground sm:px-0 sm:text-sm" data-testid="number-set">
                <span className="rounded-full bg-violet-100 px-2 py-0.5 font-bold text-violet-800">New numbers each period</span>
                {!home || !away
                  ? 'Each paying period gets its own draw.'
                  : shownSet
                    ? `The board shows the ${payingPeriodLabel(shownSet.period)} numbers.`
                    : 'The board shows the numbers of the period in play.'}
              </p>
            )}
            <SquareBoard
              homeTeam={game?.homeTeam ?? 'Home'}
              awayTeam={game?.awayTeam ?? 'Away'}
              homeColor={game?.homeTeamColor}
              awayColor={game?.awayTeamColor}
              homeNumbers={home}
              awayNumbers={away}
              squares={squares}
              userId={userId}
              selected={selected}
              interactive={interactive}
              onActivate={onActivate}
              onFocusCell={onFocusCell}
              winners={marks}
              rows={grid.rows}
              columns={grid.columns}
            />
          </div>
        )}
        {home && away && (serverWinners?.length || status !== 'SCHEDULED') ? (
          <WinnersList periods={periods} rules={rules} winners={serverWinners ?? []} marks={winners} className="order-2 sm:order-none" />
        ) : null}
        <ul className="order-3 flex flex-wrap gap-x-4 gap-y-1.5 px-1 text-xs text-muted-foreground sm:order-none sm:px-0" aria-label="Legend">
          {LEGEND.map((l) => (
            <li key={l.label} className="flex items-center gap-1.5">
              <span className={cn('size-3 rounded-sm border', l.className)} aria-hidden="true" />
              {l.label}
            </li>
          ))}
          {squares.some((s) => s.paid === false) && (
            <li className="flex items-center gap-1.5">
              <span className="size-2 rounded-full bg-red-600" aria-hidden="true" /> Not paid yet
            </li>
          )}
          {winners.size > 0 && (
            <li className="flex items-center gap-1.5">
              <span className="size-3 rounded-sm border border-amber-500 bg-amber-300" aria-hidden="true" /> {noun === 'half' ? 'Half' : 'Quarter'} winner
            </li>
          )}
          {marks.size > 0 && [...marks.values()].some((m) => m.some((w) => w.now)) && (
            <li className="flex items-center gap-1.5">
              <span className="size-3 rounded-sm border border-lime-600 bg-lime-300 ring-2 ring-lime-500" aria-hidden="true" /> Winning now
            </li>
          )}
        </ul>
        <p className="order-4 hidden px-1 text-xs text-muted-foreground sm:order-none sm:block sm:px-0">
          Use the arrow keys to move around the board{interactive ? ', and Enter or Space to select a square' : ''}.
        </p>
      </div>
      <div className="sr-only" role="status" aria-live="polite" aria-atomic="true" data-testid="board-announcer">
        {announcement}
      </div>
    </Card>
  )
}
