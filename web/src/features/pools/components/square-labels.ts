import { gamePeriods, periodScore, type Period } from '@/lib/periods'
import type { Cell, Game, Square } from '@/lib/types'

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
export function cellLabel(
  cell: Cell,
  state: CellState,
  sq: Square | undefined,
  away: readonly number[] | null,
  home: readonly number[] | null,
  wins: readonly string[] = [],
): string {
  const base = `${positionText(cell, away, home)}: ${stateText(state, sq)}`
  return wins.length ? `${base}; winner of ${wins.join(', ')}` : base
}

/**
 * Winning cells of the periods that have ended (cumulative scores at the end of each period, the final with
 * overtime), labelled Q1-Q4 or H1 and H2. No placeholder digits: a period without both scores has no winner yet.
 */
export function periodWinners(
  game: Game | null | undefined,
  away: readonly number[] | null,
  home: readonly number[] | null,
  periods: readonly Period[] = gamePeriods(game),
): Map<string, string[]> {
  const out = new Map<string, string[]>()
  if (!game || !away || !home) return out
  for (const p of periods) {
    const score = periodScore(game, p)
    if (!score) continue
    const row = away.indexOf(score.away % 10)
    const column = home.indexOf(score.home % 10)
    if (row < 0 || column < 0) continue
    const k = cellKey({ row, column })
    out.set(k, [...(out.get(k) ?? []), p.label])
  }
  return out
}
