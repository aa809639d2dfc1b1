import type { NumberSet, Rules } from '@/lib/api.gen'
import type { Pool } from '@/lib/types'

// The printed board follows the pool's rules (issue 22): its grid (10x10, 10x5 or 5x5, the pool's `rows` and
// `columns`) and its number sets (one drawn once, or one per paying period). A row or column of a small grid
// holds two digits: on a 50 grid column c holds homeNumbers[2c] and [2c+1]; on a 25 grid row r also holds
// awayNumbers[2r] and [2r+1].

/** The ten digits of a side. */
const DIGITS = 10

/** One set of digits as the board prints it: the paying period it decides ("" when drawn once), its short label, its digits once drawn. */
export interface SheetSet {
  period: NumberSet['period']
  /** "Q1".."Q4", "H1", "F" (the final): short enough for a header cell; "" for numbers drawn once. */
  label: string
  home: readonly number[] | null
  away: readonly number[] | null
}

/** The board of a pool's sheet: its size and the sets of digits its headers print. */
export interface SheetGrid {
  rows: number
  columns: number
  squares: number
  perPeriod: boolean
  sets: SheetSet[]
}

/** The short label of a paying period in a header cell. */
export function setLabel(period: string): string {
  return period === 'FINAL' ? 'F' : period
}

const digits = (d: readonly number[] | null | undefined) => (d?.length === DIGITS ? d : null)

/** A pool's rules as the sheet reads them: today's when the pool predates them. */
export function poolRules(pool: Pool): Rules {
  const r = pool.rules as Partial<Rules> | undefined
  return {
    grid: r?.grid ?? 100,
    numbers: r?.numbers ?? 'once',
    payouts: r?.payouts ?? [],
    reversePercent: r?.reversePercent ?? 0,
    everyScorePercent: r?.everyScorePercent ?? 0,
    unfilled: r?.unfilled ?? 'cancel',
  }
}

/** The grid and digit sets of a pool's sheet. */
export function sheetGrid(pool: Pool): SheetGrid {
  const rules = poolRules(pool)
  const rows = pool.rows || (rules.grid === 25 ? 5 : 10)
  const columns = pool.columns || (rules.grid === 100 ? 10 : 5)
  const perPeriod = rules.numbers === 'per-period'
  let sets: SheetSet[]
  if (perPeriod) {
    const fromPool = (pool.numberSets ?? []).filter((s) => s.period !== '')
    sets = fromPool.length
      ? fromPool.map((s) => ({ period: s.period, label: setLabel(s.period), home: digits(s.homeNumbers), away: digits(s.awayNumbers) }))
      : rules.payouts.map((p) => ({ period: p.period, label: setLabel(p.period), home: null, away: null }))
    if (sets.some((s) => !s.home || !s.away)) sets = sets.map((s) => ({ ...s, home: null, away: null }))
  } else {
    const drawn = pool.numbersGenerated && !!digits(pool.homeNumbers) && !!digits(pool.awayNumbers)
    sets = [{ period: '', label: '', home: drawn ? pool.homeNumbers : null, away: drawn ? pool.awayNumbers : null }]
  }
  return { rows, columns, squares: rows * columns, perPeriod, sets }
}

/**
 * The digits a header cell holds: the `index`th of `count` cells along a side of ten digits (one each on
 * a side of ten, two each on a side of five), null before the draw.
 */
export function cellDigits(side: readonly number[] | null, count: number, index: number): number[] | null {
  if (!side) return null
  const per = DIGITS / count
  return side.slice(index * per, index * per + per)
}
