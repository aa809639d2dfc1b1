import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { makePool } from '@/test/pool'
import { renderPage, stubFetch } from '@/test/utils'
import type { NumberSet, Rules } from '@/lib/api.gen'
import type { Payout, Pool } from '@/lib/types'
import type { SheetSquare } from './sheet-names'
import { PoolPrintPage } from './pool-print-page'

// Issue 22: the printed sheet plays the pool's rules. Its board is the pool's grid (10x10, 10x5 or 5x5) with
// two digits in a header cell where a row or column holds two, each period's own digits when the numbers
// change each period, empty squares blank; its payouts and rules text say the pool's grid, periods,
// reverse and every-score shares and what a board not full does. Today's rules read as they always have.

const square = (row: number, column: number, first: string, last: string): SheetSquare => ({
  id: row * 10 + column,
  poolId: 31,
  userId: String(40 + row),
  row,
  column,
  purchasePrice: '10.00',
  purchasedAt: '2026-11-20T18:00:00Z',
  user: { firstName: first, lastName: last },
  status: 'owned',
})

const HOME = [3, 1, 4, 0, 5, 9, 2, 6, 8, 7]
const AWAY = [2, 7, 1, 8, 0, 6, 9, 4, 3, 5]

const payout = (period: number, code: string, label: string, percent: number, amount: string): Payout => ({ period, code, label, percent, amount })

const rules = (over: Partial<Rules>): Rules => ({
  grid: 100,
  numbers: 'once',
  payouts: [
    { period: 'Q1', percent: 25 },
    { period: 'Q2', percent: 25 },
    { period: 'Q3', percent: 25 },
    { period: 'FINAL', percent: 25 },
  ],
  reversePercent: 0,
  everyScorePercent: 0,
  unfilled: 'cancel',
  ...over,
})

const set = (period: NumberSet['period'], home: number[] = [], away: number[] = []): NumberSet => ({
  period,
  homeNumbers: home,
  awayNumbers: away,
  seedSha256: 'ab'.repeat(32),
  seed: home.length ? 'cd'.repeat(32) : '',
})

/** The demo's kind of party pool: $10, 25 squares, new numbers each quarter, reverse 20%, every score 50%, played unfilled. */
const everyScore = (over: Partial<Pool> = {}) =>
  makePool({
    name: 'Every Score Office Pool',
    entryFee: '10.00',
    houseFeePercent: 0,
    isPrivate: true,
    currentParticipants: 6,
    maxParticipants: 25,
    maxSquaresPerPlayer: 25,
    rows: 5,
    columns: 5,
    rules: rules({
      grid: 25,
      numbers: 'per-period',
      payouts: [
        { period: 'Q1', percent: 10 },
        { period: 'Q2', percent: 15 },
        { period: 'Q3', percent: 10 },
        { period: 'FINAL', percent: 15 },
      ],
      reversePercent: 20,
      everyScorePercent: 50,
      unfilled: 'play',
    }),
    payoutSchedule: [10, 15, 10, 15],
    payouts: [payout(1, 'Q1', 'Q1', 10, '25.00'), payout(2, 'Q2', 'Halftime', 15, '37.50'), payout(3, 'Q3', 'Q3', 10, '25.00'), payout(4, 'FINAL', 'Final', 15, '37.50')],
    everyScoreShare: '125.00',
    numberSets: [set('Q1'), set('Q2'), set('Q3'), set('FINAL')],
    ...over,
  })

/** A $5 pool of 50 squares, numbers drawn once, Q4 paid apart from the final. */
const fifty = (over: Partial<Pool> = {}) =>
  makePool({
    name: 'Fifty Pool',
    entryFee: '5.00',
    houseFeePercent: 10,
    currentParticipants: 3,
    maxParticipants: 50,
    maxSquaresPerPlayer: 10,
    rows: 10,
    columns: 5,
    rules: rules({
      grid: 50,
      payouts: ['Q1', 'Q2', 'Q3', 'Q4', 'FINAL'].map((period) => ({ period: period, percent: 20 })),
    }),
    payoutSchedule: [20, 20, 20, 20, 20],
    payouts: [
      payout(1, 'Q1', 'Q1', 20, '45.00'),
      payout(2, 'Q2', 'Halftime', 20, '45.00'),
      payout(3, 'Q3', 'Q3', 20, '45.00'),
      payout(4, 'Q4', 'Q4', 20, '45.00'),
      payout(5, 'FINAL', 'Final', 20, '45.00'),
    ],
    everyScoreShare: '0.00',
    numberSets: [set('')],
    ...over,
  })

async function open(pool: Pool, sqs: SheetSquare[]) {
  stubFetch({ [`GET /api/pools/${pool.id}`]: { body: pool }, [`GET /api/pools/${pool.id}/squares`]: { body: sqs } })
  renderPage(<PoolPrintPage />, { path: '/pools/:id/print', at: `/pools/${pool.id}/print` })
  return screen.findByTestId('print-sheet')
}

const cellAt = (r: number, c: number) => document.querySelector<HTMLElement>(`[role=cell][data-row="${r}"][data-column="${c}"]`)
const digitsOf = (side: string, period?: string) =>
  [...document.querySelectorAll(`[data-digit=${side}]${period ? `[data-period=${period}]` : ''}`)].map((d) => d.textContent)
const rulesText = () => within(screen.getByTestId('sheet-rules')).getAllByRole('paragraph').map((p) => p.textContent)

describe('The printed sheet of a 25-square board', () => {
  it('prints 5 rows of 5 squares, each header cell with two digits, and leaves the squares not taken blank', async () => {
    await open(everyScore({ rules: { ...everyScore().rules, numbers: 'once' }, numberSets: [set('', HOME, AWAY)], numbersGenerated: true, homeNumbers: HOME, awayNumbers: AWAY }), [
      square(0, 0, 'Dana', 'Diaz'),
      square(4, 4, 'Sam', 'King'),
    ])
    const board = screen.getByTestId('print-board')
    expect(within(board).getAllByRole('cell')).toHaveLength(25)
    expect(within(board).getAllByRole('columnheader')).toHaveLength(6)
    expect(within(board).getAllByRole('rowheader')).toHaveLength(5)
    expect(cellAt(0, 0)).toHaveTextContent('Dana Diaz')
    expect(cellAt(4, 4)).toHaveTextContent('Sam King')
    expect(cellAt(2, 3)!.textContent).toBe('')
    // A 25-square board's squares are larger: names start larger than on a board of 100 (11pt there).
    expect(within(cellAt(0, 0)!).getByText('Dana Diaz').style.fontSize).toBe('16.5pt')
    expect(cellAt(5, 0)).toBeNull()
    expect(cellAt(0, 5)).toBeNull()
    // Column c holds homeNumbers[2c] and [2c+1]; row r awayNumbers[2r] and [2r+1].
    expect(digitsOf('home')).toEqual(HOME.map(String))
    expect(digitsOf('away')).toEqual(AWAY.map(String))
    expect(screen.getByRole('columnheader', { name: 'Column 1: Buffalo Bills digits 3 and 1' })).toHaveTextContent('31')
    expect(screen.getByRole('columnheader', { name: 'Column 5: Buffalo Bills digits 8 and 7' })).toBeInTheDocument()
    expect(screen.getByRole('rowheader', { name: 'Row 1: Kansas City Chiefs digits 2 and 7' })).toHaveTextContent('27')
    expect(screen.getByRole('rowheader', { name: 'Row 5: Kansas City Chiefs digits 3 and 5' })).toBeInTheDocument()
  })

  it('prints each period’s own digits, labelled, when the numbers change each period, and says so', async () => {
    const sets = [set('Q1', HOME, AWAY), set('Q2', [...HOME].reverse(), [...AWAY].reverse()), set('Q3', AWAY, HOME), set('FINAL', [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [9, 8, 7, 6, 5, 4, 3, 2, 1, 0])]
    await open(everyScore({ numberSets: sets, numbersGenerated: true, homeNumbers: HOME, awayNumbers: AWAY, drawnAt: '2026-11-27T17:00:00Z' }), [square(0, 0, 'Dana', 'Diaz')])
    for (const s of sets) {
      expect(digitsOf('home', s.period)).toEqual(s.homeNumbers.map(String))
      expect(digitsOf('away', s.period)).toEqual(s.awayNumbers.map(String))
    }
    const col = screen.getByRole('columnheader', { name: 'Column 1: Buffalo Bills digits Q1 3 and 1, Q2 7 and 8, Q3 2 and 7, Final 0 and 1' })
    expect(col).toHaveTextContent('Q131Q278Q327F01')
    expect(screen.getByRole('rowheader', { name: 'Row 2: Kansas City Chiefs digits Q1 1 and 8, Q2 4 and 9, Q3 4 and 0, Final 7 and 6' })).toBeInTheDocument()
    expect(screen.getByText('Digits drawn Fri, Nov 27, 12:00 PM ET: new numbers each quarter, a line for each in the headers (Q1, Q2, Q3 and F; F is the final).')).toBeInTheDocument()
  })

  it('leaves every period’s digits blank before the draw, each line labelled for the host to fill in', async () => {
    await open(everyScore(), [square(0, 0, 'Dana', 'Diaz')])
    for (const period of ['Q1', 'Q2', 'Q3', 'FINAL']) {
      expect(digitsOf('home', period)).toEqual(Array<string>(10).fill(''))
      expect(digitsOf('away', period)).toEqual(Array<string>(10).fill(''))
    }
    expect(screen.getAllByRole('columnheader', { name: /Buffalo Bills digits not drawn yet/ })).toHaveLength(5)
    expect(screen.getByRole('columnheader', { name: /Column 1/ })).toHaveTextContent('Q1Q2Q3F')
    expect(screen.getByText('Digits not drawn yet: new numbers each quarter, drawn when all 25 squares are taken, or 2 hours before kickoff as the board stands.')).toBeInTheDocument()
  })

  it('pays each period with its reverse share and the every-score share, and says every rule of the pool', async () => {
    const sheet = await open(everyScore(), [square(0, 0, 'Dana', 'Diaz')])
    const rows = within(screen.getByTestId('sheet-payouts')).getAllByRole('row').slice(1)
    const table = screen.getByTestId('sheet-payouts')
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Period', 'Share', 'Prize', 'Reverse 20%'])
    expect(rows.map((r) => r.textContent)).toEqual(['Q110%$25.00$5.00', 'Halftime15%$37.50$7.50', 'Q310%$25.00$5.00', 'Final15%$37.50$7.50', 'Every score50%$125.00'])
    expect(sheet).toHaveTextContent('Prizes when all 25 squares are taken. If the board is not full it plays on the squares taken.')
    expect(rulesText()).toEqual([
      'This board has 25 squares: each row holds two of the away digits and each column two of the home digits. At the end of each quarter the square whose row holds the Kansas City Chiefs’ last digit and whose column the Buffalo Bills’ wins; overtime counts toward the final.',
      '$10.00 a square, up to 25 per player. New numbers each quarter: a set of digits 0-9 for rows and columns is drawn at random for each of Q1, Q2, Q3 and the final (F) when all 25 squares are taken, or 2 hours before kickoff as the board stands, and each period’s prizes use its own line of digits in the headers (every draw can be checked on the pool’s page). No fee: the whole pot goes to the winners.',
      'Reverse: 20% of each period’s prize goes to the reverse square, whose row holds the Buffalo Bills’ last digit and whose column the Kansas City Chiefs’; the winner gets the rest, and a square that is both gets the whole prize.',
      'Every score pays: 50% of the prize pool ($125.00 if full) is split equally among the game’s score changes, overtime included; each goes to the square of the new score, paid when the game is final. The rounding remainder, or the whole share if the game ends 0-0, goes to the final’s winner.',
      'If the board is not full it plays as it stands: a period whose winning square is empty passes its prize to the next paying period, and an empty final square’s prize is shared equally by the taken squares.',
    ])
  })
})

describe('The printed sheet of a 50-square board', () => {
  it('prints 10 rows of 5 squares, two home digits a column and one away digit a row', async () => {
    await open(fifty({ numberSets: [set('', HOME, AWAY)], numbersGenerated: true, homeNumbers: HOME, awayNumbers: AWAY, status: 'full', currentParticipants: 50 }), [
      square(9, 4, 'Sam', 'King'),
    ])
    const board = screen.getByTestId('print-board')
    expect(within(board).getAllByRole('cell')).toHaveLength(50)
    expect(within(board).getAllByRole('rowheader')).toHaveLength(10)
    expect(cellAt(9, 4)).toHaveTextContent('Sam King')
    expect(digitsOf('home')).toEqual(HOME.map(String))
    expect(digitsOf('away')).toEqual(AWAY.map(String))
    expect(screen.getByRole('columnheader', { name: 'Column 3: Buffalo Bills digits 5 and 9' })).toBeInTheDocument()
    expect(screen.getByRole('rowheader', { name: 'Row 3: Kansas City Chiefs digit 1' })).toBeInTheDocument()
    expect(screen.queryByText(/Prizes when all/)).not.toBeInTheDocument()
  })

  it('says Q4 pays apart from the final, and how a digit pair wins, before the draw of its 50 squares', async () => {
    const sheet = await open(fifty(), [square(0, 0, 'Dana', 'Diaz')])
    expect(digitsOf('home')).toEqual(Array<string>(10).fill(''))
    expect(screen.getAllByRole('columnheader', { name: /Buffalo Bills digits not drawn yet/ })).toHaveLength(5)
    const rows = within(screen.getByTestId('sheet-payouts')).getAllByRole('row').slice(1)
    expect(rows.map((r) => r.textContent)).toEqual(['Q120%$45.00', 'Halftime20%$45.00', 'Q320%$45.00', 'Q420%$45.00', 'Final20%$45.00'])
    expect(sheet).toHaveTextContent('Digits not drawn yet: they are drawn when all 50 squares are taken.')
    expect(sheet).toHaveTextContent('Prizes when all 50 squares are taken.')
    expect(rulesText()).toEqual([
      'This board has 50 squares: each column holds two of the home digits, each row one away digit. At the end of Q1, halftime, the end of Q3, the end of regulation (Q4) and the final, the square whose row holds the Kansas City Chiefs’ last digit and whose column the Buffalo Bills’ wins; overtime counts toward the final.',
      '$5.00 a square, up to 10 per player. Digits 0-9 are drawn at random for rows and columns when all 50 squares are taken (the draw can be checked on the pool’s page). The house keeps 10% of the pot.',
    ])
  })
})

describe('The printed sheet of today’s rules', () => {
  it('reads as it always has when the pool’s rules are the defaults', async () => {
    await open(
      makePool({ entryFee: '10.00', houseFeePercent: 10, maxSquaresPerPlayer: 10, rows: 10, columns: 10, rules: rules({}), numberSets: [set('')], everyScoreShare: '0.00' }),
      [square(0, 0, 'Dana', 'Diaz')],
    )
    expect(within(screen.getByTestId('print-board')).getAllByRole('cell')).toHaveLength(100)
    expect(screen.getAllByRole('columnheader', { name: /Buffalo Bills digit not drawn yet/ })).toHaveLength(10)
    expect(screen.getByText('Digits not drawn yet: they are drawn when all 100 squares are taken.')).toBeInTheDocument()
    expect(screen.queryByTestId('sheet-payout-score')).not.toBeInTheDocument()
    expect(rulesText()).toEqual([
      'Rows are the Kansas City Chiefs’ last digit, columns the Buffalo Bills’. At the end of each quarter the square where the two scores’ last digits meet wins; overtime counts toward the final.',
      '$10.00 a square, up to 10 per player. Digits 0-9 are drawn at random for rows and columns when all 100 squares are taken (the draw can be checked on the pool’s page). The house keeps 10% of the pot.',
    ])
  })
})
