import { formatDateTimeET } from '@/lib/dates'
import { formatCents, formatMoney, isFree, toCents } from '@/lib/money'
import { periodNoun, poolPeriods } from '@/lib/periods'
import type { Pool } from '@/lib/types'
import { poolRules, sheetGrid } from './sheet-grid'

// The sheet says the pool's own rules (issue 22): its grid, when each period pays, the reverse and
// every-score shares, numbers drawn once or for each period, and what a board not full does. A pool playing
// today's rules reads exactly as it always has.

/** The payouts of today's rules, by period code: Q1, Q2, Q3 and the final, or the first half and the final. */
const STANDARD_PERIODS = ['Q1,Q2,Q3,FINAL', 'H1,FINAL']

/** A paying period as a sentence names it. */
const PERIOD_WORDS: Record<string, string> = {
  Q1: 'the end of Q1',
  Q2: 'halftime',
  Q3: 'the end of Q3',
  Q4: 'the end of regulation (Q4)',
  H1: 'halftime',
  FINAL: 'the final',
}

/** "a, b and c". */
function list(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`
}

/** The pool's paying periods, by code, in order: the server's payouts, else its rules'. */
function payingCodes(pool: Pool): string[] {
  const fromPayouts = (pool.payouts ?? []).map((p) => p.code).filter(Boolean)
  return fromPayouts.length ? fromPayouts : poolRules(pool).payouts.map((p) => p.period)
}

/** "each quarter", "each half". */
function eachNoun(pool: Pool): string {
  return periodNoun(poolPeriods(pool)) === 'half' ? 'half' : 'quarter'
}

/** When the digits are drawn: "when all 25 squares are taken", and for a board that plays unfilled, 2 hours before kickoff. */
function drawWhen(pool: Pool): string {
  const when = `when all ${sheetGrid(pool).squares} squares are taken`
  return poolRules(pool).unfilled === 'play' ? `${when}, or 2 hours before kickoff as the board stands` : when
}

/** The sets of a pool drawing new numbers each period: "Q1, Q2, Q3 and the final (F)". */
function setNames(pool: Pool): string {
  return list(sheetGrid(pool).sets.map((s) => (s.period === 'FINAL' ? 'the final (F)' : s.period)))
}

/** The line under the sheet's title about the digits. */
export function drawNote(pool: Pool): string {
  const grid = sheetGrid(pool)
  if (pool.numbersGenerated) {
    const drawn = `Digits drawn${pool.drawnAt ? ` ${formatDateTimeET(pool.drawnAt)}` : ''}`
    if (!grid.perPeriod) return `${drawn}.`
    return `${drawn}: new numbers each ${eachNoun(pool)}, a line for each in the headers (${list(grid.sets.map((s) => s.label))}${grid.sets.some((s) => s.period === 'FINAL') ? '; F is the final' : ''}).`
  }
  if (grid.perPeriod) return `Digits not drawn yet: new numbers each ${eachNoun(pool)}, drawn ${drawWhen(pool)}.`
  return `Digits not drawn yet: they are drawn ${drawWhen(pool)}.`
}

/** The note under the payouts of a pool not yet full. */
export function prizesNote(pool: Pool): string {
  const note = `Prizes when all ${sheetGrid(pool).squares} squares are taken.`
  return poolRules(pool).unfilled === 'play' ? `${note} If the board is not full it plays on the squares taken.` : note
}

/** A period's reverse share of its prize (cents), as the rules pay it: floor(prize x reversePercent / 100). */
export function reverseCents(amount: string, reversePercent: number): number {
  return Math.floor((toCents(amount) * reversePercent) / 100)
}

/**
 * The pool's rules, a paragraph a line: how a square wins, then what a square costs, how the digits are drawn
 * and what the pool keeps, then one line for each rule beyond today's (reverse, every score, unfilled), all
 * from the pool's own JSON (fee, limit, periods, rules, houseFeePercent). Today's rules give today's two lines.
 */
export function sheetRules(pool: Pool): string[] {
  const away = pool.game?.awayTeam ?? 'the away team'
  const home = pool.game?.homeTeam ?? 'the home team'
  const rules = poolRules(pool)
  const grid = sheetGrid(pool)
  const noun = periodNoun(poolPeriods(pool))
  const free = isFree(pool.entryFee)
  const codes = payingCodes(pool)
  const when = STANDARD_PERIODS.includes(codes.join(','))
    ? `At the end of each ${noun}`
    : `At ${list(codes.map((c) => PERIOD_WORDS[c] ?? c))},`
  const how =
    grid.squares === 100
      ? `Rows are the ${possessive(away)} last digit, columns the ${possessive(home)}. ${when} the square ` +
        `where the two scores’ last digits meet wins; overtime counts toward the final.`
      : `This board has ${grid.squares} squares: ${grid.rows < 10 ? 'each row holds two of the away digits and each column two of the home digits' : 'each column holds two of the home digits, each row one away digit'}. ` +
        `${when} the square whose row holds the ${possessive(away)} last digit and whose column the ${possessive(home)} wins; overtime counts toward the final.`
  const price = free ? 'Free to play' : `${formatMoney(pool.entryFee)} a square`
  const draw = grid.perPeriod
    ? `${price}, up to ${pool.maxSquaresPerPlayer} per player. New numbers each ${eachNoun(pool)}: a set of digits 0-9 for rows and ` +
      `columns is drawn at random for each of ${setNames(pool)} ${drawWhen(pool)}, and each period’s prizes use its own line of ` +
      `digits in the headers (every draw can be checked on the pool’s page).`
    : `${price}, up to ${pool.maxSquaresPerPlayer} per player. Digits 0-9 are drawn at random for rows and columns ${drawWhen(pool)} ` +
      `(the draw can be checked on the pool’s page).`
  const lines = [how, `${draw}${free ? ' Bragging rights only.' : feeText(pool)}`]
  if (rules.reversePercent > 0) {
    lines.push(
      `Reverse: ${rules.reversePercent}% of each period’s prize goes to the reverse square, whose row holds the ${possessive(home)} ` +
        `last digit and whose column the ${possessive(away)}; the winner gets the rest, and a square that is both gets the whole prize.`,
    )
  }
  if (rules.everyScorePercent > 0) {
    const share = free || !pool.everyScoreShare ? '' : ` (${formatCents(toCents(pool.everyScoreShare))} if full)`
    lines.push(
      `Every score pays: ${rules.everyScorePercent}% of the prize pool${share} is split equally among the game’s score changes, ` +
        `overtime included; each goes to the square of the new score, paid when the game is final. The rounding remainder, or ` +
        `the whole share if the game ends 0-0, goes to the final’s winner.`,
    )
  }
  if (rules.unfilled === 'play') {
    lines.push(
      'If the board is not full it plays as it stands: a period whose winning square is empty passes its prize to the next ' +
        'paying period, and an empty final square’s prize is shared equally by the taken squares.',
    )
  }
  return lines
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
