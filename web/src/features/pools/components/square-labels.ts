import { formatMoney } from '@/lib/money'
import type { Period } from '@/lib/periods'
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

/** "Row 3 (away 7), column 5 (home 2)" once numbers are drawn; "Row 3, column 5" before. 1-based. */
export function positionText(cell: Cell, away: readonly number[] | null, home: readonly number[] | null): string {
  const row = `Row ${cell.row + 1}${away ? ` (away ${away[cell.row]})` : ''}`
  const col = `column ${cell.column + 1}${home ? ` (home ${home[cell.column]})` : ''}`
  return `${row}, ${col}`
}

/** The accessible name of a board cell, e.g. "Row 3 (away 7), column 5 (home 2): owned by Ann L." */
export function cellLabel(cell: Cell, state: CellState, sq: Square | undefined, away: readonly number[] | null, home: readonly number[] | null): string {
  return `${positionText(cell, away, home)}: ${stateText(state, sq)}`
}

/** One period won by a square, or the period in play that it would win if it ended now, as the board shows it. */
export interface WinnerMark {
  /** The period's box label: Q1-Q4, or H1 and H2. */
  label: string
  /** Set on the square that would win the period in play if it ended at the current score. */
  now?: boolean
  /** Who owns the square: "Dana D.", "House". */
  owner: string
  /** "$225.00"; null in a free pool (bragging rights). */
  amount: string | null
  /** "Q1 winner, $225.00, Dana D." or, in a free pool, "Q1 winner, Dana D.". */
  text: string
}

/** "Q1 winner, $225.00, Dana D."; without an amount (free pools) "Q1 winner, Dana D.". */
export function winnerText(label: string, amount: string | null, owner: string): string {
  return amount ? `${label} winner, ${amount}, ${owner}` : `${label} winner, ${owner}`
}

/**
 * The winning squares of a pool from the server's winners, by cell: each mark names the period by the
 * pool's own boxes (a period past the last, which the server never sends, counts as the final), the owner
 * as the board shows them (first name and initial) and the amount, unless the pool is free.
 */
export function boardWinners(
  winners: readonly Winner[] | null | undefined,
  squares: readonly Square[],
  periods: readonly Period[],
  free: boolean,
): Map<string, WinnerMark[]> {
  const out = new Map<string, WinnerMark[]>()
  if (!winners?.length) return out
  const byCell = new Map(squares.map((s) => [cellKey(s), s]))
  for (const w of [...winners].sort((a, b) => a.period - b.period)) {
    const k = cellKey(w)
    const period = periods[Math.min(Math.max(w.period, 1), periods.length) - 1]
    const sq = byCell.get(k)
    const owner = w.userId === HOUSE_USER_ID ? 'House' : sq && sq.userId === w.userId ? ownerName(sq) : w.firstName?.trim() || 'a player'
    const amount = free || w.status === 'free' ? null : formatMoney(w.amount)
    out.set(k, [...(out.get(k) ?? []), { label: period.label, owner, amount, text: winnerText(period.label, amount, owner) }])
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
}): { cell: Cell; mark: WinnerMark } | null {
  if (inPlay < 0 || inPlay >= periods.length || !away || !home) return null
  const row = away.indexOf((awayScore ?? 0) % 10)
  const column = home.indexOf((homeScore ?? 0) % 10)
  if (row < 0 || column < 0) return null
  const cell = { row, column }
  const sq = squares.find((s) => s.row === row && s.column === column)
  const owner = sq ? ownerName(sq) : ''
  const label = periods[inPlay].label
  return { cell, mark: { label, now: true, owner, amount, text: winningNowText(label, amount, owner) } }
}
