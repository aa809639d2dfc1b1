import { formatMoney } from '@/lib/money'
import type { Period } from '@/lib/periods'
import { axisDigits, axisOf, digitsText, type GridShape, type Rules } from '@/lib/rules'
import type { Cell, Square, Winner } from '@/lib/types'

export const HOUSE_USER_ID = 'admin'

export const cellKey = (c: Cell) => `${c.row}-${c.column}`

export type CellState = 'available' | 'selected' | 'mine' | 'mine-held' | 'taken' | 'held' | 'house'

export function isHeld(sq: Square | undefined): boolean {
  return sq?.status === 'held'
}

/** "Ann L.", "House", or "a player" when the server sent no name. */
export function ownerName(sq: Square): string {
  if (sq.userId === HOUSE_USER_ID) return 'House'
  const first = sq.user?.firstName?.trim() ?? ''
  const last = sq.user?.lastName?.trim() ?? ''
  if (!first && !last) return 'a player'
  return last ? `${first} ${last[0].toUpperCase()}.`.trim() : first
}

/** "AL" for Ann Lee; "A" for a first name alone; "•" without a name. */
export function ownerInitials(sq: Square): string {
  const first = sq.user?.firstName?.trim() ?? ''
  const last = sq.user?.lastName?.trim() ?? ''
  const s = `${first[0] ?? ''}${last[0] ?? ''}`.toUpperCase()
  return s || '•'
}

export function cellState(sq: Square | undefined, userId: string | null | undefined, selected: boolean): CellState {
  if (!sq) return selected ? 'selected' : 'available'
  const mine = !!userId && sq.userId === userId
  if (isHeld(sq)) return mine ? 'mine-held' : 'held'
  if (mine) return 'mine'
  if (sq.userId === HOUSE_USER_ID) return 'house'
  return 'taken'
}

export function stateText(state: CellState, sq: Square | undefined): string {
  switch (state) {
    case 'available':
      return 'available'
    case 'selected':
      return 'selected'
    case 'mine':
      return 'your square'
    case 'mine-held':
      return 'your square, held while you pay'
    case 'house':
      return 'house square'
    case 'held':
      return 'reserved while another player pays'
    case 'taken':
      return `owned by ${sq ? ownerName(sq) : 'a player'}`
  }
}

const FULL: GridShape = { rows: 10, columns: 10 }

/**
 * "Row 3 (away 7), column 5 (home 2)" once numbers are drawn; "Row 3, column 5" before. 1-based. On a
 * smaller grid a row or column holding two digits names both: "Row 2 (away 4 or 1), column 3 (home 6 or 9)".
 */
export function positionText(cell: Cell, away: readonly number[] | null, home: readonly number[] | null, grid: GridShape = FULL): string {
  const row = `Row ${cell.row + 1}${away ? ` (away ${digitsText(axisDigits(away, grid.rows, cell.row))})` : ''}`
  const col = `column ${cell.column + 1}${home ? ` (home ${digitsText(axisDigits(home, grid.columns, cell.column))})` : ''}`
  return `${row}, ${col}`
}

/** The accessible name of a board cell, e.g. "Row 3 (away 7), column 5 (home 2): owned by Ann L." */
export function cellLabel(
  cell: Cell,
  state: CellState,
  sq: Square | undefined,
  away: readonly number[] | null,
  home: readonly number[] | null,
  grid: GridShape = FULL,
): string {
  return `${positionText(cell, away, home, grid)}: ${stateText(state, sq)}`
}

/** What a square won: a period, the reverse of a period, or a change of the score (the winner's kind). */
export type WinKind = 'period' | 'reverse' | 'score'

/** One prize won by a square, or the period in play that it would win if it ended now, as the board shows it. */
export interface WinnerMark {
  /** The box label on the square: Q1-Q4, H1 and H2 (Final where Q4 pays apart), "R Q1" (reverse), "14-7" (a score). */
  label: string
  /** What the prize is for; absent on a period's winner from a server older than rules. */
  kind?: WinKind
  /** The prize's key in the pool ("period:Q1", "reverse:FINAL", "score:7"). */
  award?: string
  /** Set on the square that would win the period in play if it ended at the current score. */
  now?: boolean
  /** Who owns the square: "Dana D.", "House". */
  owner: string
  /** "$225.00"; null in a free pool (bragging rights). */
  amount: string | null
  /** "Q1 winner, $225.00, Dana D.", "Reverse Q1 winner, $20.00, Dana D.", "Score 14-7 winner, $6.25, Sam K.". */
  text: string
}

/** "Q1 winner, $225.00, Dana D."; without an amount (free pools) "Q1 winner, Dana D.". */
export function winnerText(label: string, amount: string | null, owner: string): string {
  return amount ? `${label} winner, ${amount}, ${owner}` : `${label} winner, ${owner}`
}

/**
 * The box label of a paying period (its code in a winner's award): the pool's own boxes as today, Q1-Q3
 * and Q4 for the final in quarters, H1 and H2 in halves; where the rules pay Q4 apart from the final, the
 * final is "Final".
 */
export function awardPeriodLabel(code: string, periods: readonly Period[], rules?: Rules | null): string {
  if (code === 'FINAL') return rules?.payouts.some((p) => p.period === 'Q4') ? 'Final' : periods[periods.length - 1].label
  return code
}

/** The kind of a winner and its period's box label, from its award ("reverse:Q1") or, without one, its period number. */
function winnerKind(w: Winner, periods: readonly Period[], rules?: Rules | null): { kind: WinKind; period: string } {
  const kind: WinKind = w.kind === 'reverse' ? 'reverse' : w.kind === 'score' ? 'score' : 'period'
  const [, code] = (w.award ?? '').split(':')
  if (kind !== 'score' && code) return { kind, period: awardPeriodLabel(code, periods, rules) }
  return { kind, period: periods[Math.min(Math.max(w.period, 1), periods.length) - 1].label }
}

/**
 * The winning squares of a pool from the server's winners, by cell: each mark names the prize by the pool's
 * own boxes (a period past the last, which the server never sends, counts as the final): "Q1 winner",
 * "Reverse Q1 winner", or "Score 14-7 winner" (the score away-home, as the rows are the away team's), with the
 * owner as the board shows them (first name and initial) and the amount, unless the pool is free.
 */
export function boardWinners(
  winners: readonly Winner[] | null | undefined,
  squares: readonly Square[],
  periods: readonly Period[],
  free: boolean,
  rules?: Rules | null,
): Map<string, WinnerMark[]> {
  const out = new Map<string, WinnerMark[]>()
  if (!winners?.length) return out
  const byCell = new Map(squares.map((s) => [cellKey(s), s]))
  const rank = { period: 0, reverse: 1, score: 2 }
  const sorted = [...winners].sort((a, b) => a.period - b.period || rank[winnerKind(a, periods).kind] - rank[winnerKind(b, periods).kind])
  for (const w of sorted) {
    const k = cellKey(w)
    const { kind, period } = winnerKind(w, periods, rules)
    const sq = byCell.get(k)
    const owner = w.userId === HOUSE_USER_ID ? 'House' : sq && sq.userId === w.userId ? ownerName(sq) : w.firstName?.trim() || 'a player'
    const amount = free || w.status === 'free' ? null : formatMoney(w.amount)
    const score = `${w.awayScore}-${w.homeScore}`
    const named = kind === 'reverse' ? `Reverse ${period}` : kind === 'score' ? `Score ${score}` : period
    const label = kind === 'reverse' ? `R ${period}` : kind === 'score' ? score : period
    out.set(k, [...(out.get(k) ?? []), { label, kind, award: w.award, owner, amount, text: winnerText(named, amount, owner) }])
  }
  return out
}

/** "Q2 winning now, $225.00, Dana D."; without an amount (free pools) "Q2 winning now, Dana D."; no owner, none. */
export function winningNowText(label: string, amount: string | null, owner: string): string {
  return [`${label} winning now`, amount, owner].filter(Boolean).join(', ')
}

/**
 * The square that would win the period in play if it ended now: the row of the away score's last digit and
 * the column of the home score's (decisions.md), with its mark. Null while no period is in play or the
 * numbers are not drawn.
 */
export function winningNow({
  inPlay,
  periods,
  awayScore,
  homeScore,
  away,
  home,
  squares,
  amount,
  grid = FULL,
}: {
  /** The index of the period in play, or -1. */
  inPlay: number
  periods: readonly Period[]
  awayScore: number | null | undefined
  homeScore: number | null | undefined
  away: readonly number[] | null
  home: readonly number[] | null
  squares: readonly Square[]
  /** The period's payout as the server says it ("$225.00"), or null (a free pool). */
  amount: string | null
  /** The board's rows and columns (two digits a row or column on a smaller grid). */
  grid?: GridShape
}): { cell: Cell; mark: WinnerMark } | null {
  if (inPlay < 0 || inPlay >= periods.length || !away || !home) return null
  const row = axisOf(away, grid.rows, (awayScore ?? 0) % 10)
  const column = axisOf(home, grid.columns, (homeScore ?? 0) % 10)
  if (row < 0 || column < 0) return null
  const cell = { row, column }
  const sq = squares.find((s) => s.row === row && s.column === column)
  const owner = sq ? ownerName(sq) : ''
  const label = periods[inPlay].label
  return { cell, mark: { label, now: true, owner, amount, text: winningNowText(label, amount, owner) } }
}
