import { formatMoney, isFree } from '@/lib/money'
import { periodNoun, poolPeriods } from '@/lib/periods'
import type { Pool } from '@/lib/types'

/**
 * The pool's rules in two lines: how a square wins, then what a square costs, how the digits are drawn and
 * what the pool keeps, all from the pool's own JSON (fee, limit, periods, houseFeePercent).
 */
export function sheetRules(pool: Pool): [string, string] {
  const away = pool.game?.awayTeam ?? 'the away team'
  const home = pool.game?.homeTeam ?? 'the home team'
  const noun = periodNoun(poolPeriods(pool))
  const free = isFree(pool.entryFee)
  const how =
    `Rows are the ${possessive(away)} last digit, columns the ${possessive(home)}. At the end of each ${noun} the square ` +
    `where the two scores’ last digits meet wins; overtime counts toward the final.`
  const price = free ? 'Free to play' : `${formatMoney(pool.entryFee)} a square`
  const draw =
    `${price}, up to ${pool.maxSquaresPerPlayer} per player. Digits 0-9 are drawn at random for rows and columns when ` +
    `all 100 squares are taken (the draw can be checked on the pool’s page).`
  return [how, `${draw}${free ? ' Bragging rights only.' : feeText(pool)}`]
}

/** "Kansas City Chiefs’", "Miami Heat’s". */
function possessive(name: string): string {
  return /s$/i.test(name) ? `${name}’` : `${name}’s`
}

/** What the pool keeps, as its houseFeePercent says. */
function feeText(pool: Pool): string {
  const pct = pool.houseFeePercent
  if (pct === undefined || pct === null) return ''
  if (pct === 0) return ' No fee: the whole pot goes to the winners.'
  if (pool.isNonprofit) return ` ${pct}% of the pot goes to the organization.`
  return ` The house keeps ${pct}% of the pot.`
}
