// The table of award_test.go (TestAwards, TestAwardsRefuseWhatDoesNotAddUp, TestAwardKeys), case for case:
// the port must decide what the server decides.
import { describe, expect, it } from 'vitest'
import type { PayoutShare, PeriodEnd, Rules, ScoreChange } from '@/lib/api.gen'
import { defaultRules } from '@/lib/rules'
import { AwardError, awardKey, awards, cellAt, gridOf, type Award, type AwardInput, type AwardNumberSet } from './award'

const NFL = 1
const NCAAB = 6
const vecHome = [7, 1, 9, 2, 0, 3, 5, 8, 6, 4]
const vecAway = [5, 0, 6, 9, 7, 3, 8, 1, 2, 4]
const onceSets: AwardNumberSet[] = [{ period: '', homeNumbers: vecHome, awayNumbers: vecAway }]
const perPeriodSets: AwardNumberSet[] = [
  { period: 'Q1', homeNumbers: vecHome, awayNumbers: vecAway },
  { period: 'Q2', homeNumbers: [0, 7, 1, 4, 3, 5, 8, 2, 6, 9], awayNumbers: [5, 2, 8, 4, 9, 1, 0, 6, 7, 3] },
  { period: 'Q3', homeNumbers: [4, 6, 7, 9, 2, 3, 5, 0, 1, 8], awayNumbers: [2, 1, 3, 9, 6, 5, 0, 4, 7, 8] },
  { period: 'FINAL', homeNumbers: [3, 6, 9, 7, 2, 5, 4, 0, 1, 8], awayNumbers: [4, 7, 9, 6, 1, 5, 2, 3, 0, 8] },
]
// A football game won in overtime: 7-0, 7-3, 14-3 (halftime), 14-10, 17-10, 17-17 at the end of regulation,
// 23-17 in overtime: squares.ScoreChanges and PeriodEndsOf of award_test.go's otReports, as Go computes them.
const ch = (inPlay: string, homeScore: number, awayScore: number): ScoreChange => ({ inPlay, homeScore, awayScore })
const end = (period: string, homeScore: number, awayScore: number): PeriodEnd => ({ period, homeScore, awayScore })
const otChanges = [ch('Q1', 7, 0), ch('Q2', 7, 3), ch('Q2', 14, 3), ch('Q3', 14, 10), ch('Q4', 17, 10), ch('Q4', 17, 17), ch('OT', 23, 17)]
const otEnds = [end('Q1', 7, 0), end('Q2', 14, 3), end('Q3', 14, 10), end('Q4', 17, 17), end('FINAL', 23, 17)]
const zeroEnds = ['Q1', 'Q2', 'Q3', 'Q4', 'FINAL'].map((p) => end(p, 0, 0))

function payouts(...p: (string | number)[]): PayoutShare[] {
  const out: PayoutShare[] = []
  for (let i = 0; i < p.length; i += 2) out.push({ period: p[i] as string, percent: p[i + 1] as number })
  return out
}

/** A full board of n squares, less the given cells (row, column pairs). */
function taken(n: number, ...empty: number[]): boolean[] {
  const g = gridOf(n)
  const out = Array.from({ length: n }, () => true)
  for (let i = 0; i < empty.length; i += 2) out[empty[i] * g.columns + empty[i + 1]] = false
  return out
}

const money = (cents: number) => `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`

/** An award as the tables write it (award_test.go's show). */
function show(a: Award): string {
  const kind = a.kind === 'score' ? `score#${a.change}/${a.period}` : a.shared ? 'shared' : a.kind
  return `${kind} ${a.periodLabel} ${a.row},${a.column} ${a.homeScore}-${a.awayScore} ${money(a.amount)}`
}

function rulesOf(f: (r: Rules) => void, league = NFL): Rules {
  const r = defaultRules(league)
  f(r)
  return r
}

/** The shares of the final's prize among a grid's squares but the empty ones (award_test.go's sharedOf). */
function sharedOf(n: number, empty: [number, number][], label: string, score: string, more: number, high: string, low: string): string[] {
  const g = gridOf(n)
  const out: string[] = []
  for (let i = 0; i < n; i++) {
    const c = cellAt(g, i)
    if (empty.some(([r, col]) => r === c.row && col === c.column)) continue
    out.push(`shared ${label} ${c.row},${c.column} ${score} ${out.length < more ? high : low}`)
  }
  return out
}

const std = rulesOf(() => {})
const every = rulesOf((r) => {
  r.payouts = payouts('Q1', 10, 'Q2', 15, 'Q3', 10, 'FINAL', 15)
  r.everyScorePercent = 50
})

interface Case {
  name: string
  rules: Rules
  league?: number
  prizePool?: number
  taken: boolean[]
  sets: AwardNumberSet[]
  ends?: PeriodEnd[]
  changes?: ScoreChange[]
  want: string[]
}

const cases: Case[] = [
  {
    name: "today's rules, overtime: the final is the final score, not Q4's",
    rules: std,
    prizePool: 100_000,
    taken: taken(100),
    sets: onceSets,
    ends: otEnds,
    changes: otChanges,
    want: ['period Q1 1,0 7-0 250.00', 'period Q2 5,9 14-3 250.00', 'period Q3 1,9 14-10 250.00', 'period Final 4,5 23-17 250.00'],
  },
  {
    name: 'Q4 apart from the final, a cent of remainder to the final',
    prizePool: 100_001,
    taken: taken(100),
    sets: onceSets,
    rules: rulesOf((r) => (r.payouts = payouts('Q1', 20, 'Q2', 20, 'Q3', 20, 'Q4', 20, 'FINAL', 20))),
    ends: otEnds,
    want: ['period Q1 1,0 7-0 200.00', 'period Q2 5,9 14-3 200.00', 'period Q3 1,9 14-10 200.00', 'period Q4 4,0 17-17 200.00', 'period Final 4,5 23-17 200.01'],
  },
  {
    name: 'a game in progress pays the periods ended only',
    rules: std,
    prizePool: 100_000,
    taken: taken(100),
    sets: onceSets,
    ends: otEnds.slice(0, 2),
    want: ['period Q1 1,0 7-0 250.00', 'period Q2 5,9 14-3 250.00'],
  },
  { name: 'nothing ended', rules: std, prizePool: 100_000, taken: taken(100), sets: onceSets, want: [] },
  {
    name: "reverse: floor of each period's prize to the reverse square, remainders to the final's winner",
    rules: rulesOf((r) => (r.reversePercent = 20)),
    prizePool: 99_999,
    taken: taken(100),
    sets: onceSets,
    ends: otEnds,
    want: [
      'reverse Q1 4,4 7-0 49.99',
      'period Q1 1,0 7-0 200.00',
      'reverse Q2 9,5 14-3 49.99',
      'period Q2 5,9 14-3 200.00',
      'reverse Q3 9,4 14-10 49.99',
      'period Q3 1,9 14-10 200.00',
      'reverse Final 5,0 23-17 49.99',
      'period Final 4,5 23-17 200.03',
    ],
  },
  {
    name: 'reverse: a square both winner and reverse winner gets the whole prize',
    rules: rulesOf((r) => (r.reversePercent = 50)),
    prizePool: 100_000,
    taken: taken(100),
    sets: onceSets,
    ends: [end('Q1', 7, 7), end('Q2', 10, 10), end('Q3', 13, 3), end('FINAL', 20, 3)],
    want: ['period Q1 4,0 7-7 250.00', 'period Q2 1,4 10-10 250.00', 'period Q3 5,5 13-3 250.00', 'reverse Final 1,5 20-3 125.00', 'period Final 5,4 20-3 125.00'],
  },
  {
    name: "every score with overtime: equal shares, the remainder to the final's winner",
    rules: every,
    prizePool: 100_000,
    taken: taken(100),
    sets: onceSets,
    ends: otEnds,
    changes: otChanges,
    want: [
      'period Q1 1,0 7-0 100.00',
      'period Q2 5,9 14-3 150.00',
      'period Q3 1,9 14-10 100.00',
      'score#1/Q1 Q1 1,0 7-0 71.42',
      'score#2/Q2 Q2 5,0 7-3 71.42',
      'score#3/Q2 Q2 5,9 14-3 71.42',
      'score#4/Q3 Q3 1,9 14-10 71.42',
      'score#5/FINAL Q4 1,0 17-10 71.42',
      'score#6/FINAL Q4 4,0 17-17 71.42',
      'score#7/FINAL Final 4,5 23-17 71.42',
      'period Final 4,5 23-17 150.06',
    ],
  },
  {
    name: "every score in a game ending 0-0: the whole share to the final's winner",
    rules: every,
    prizePool: 100_000,
    taken: taken(100),
    sets: onceSets,
    ends: zeroEnds,
    want: ['period Q1 1,4 0-0 100.00', 'period Q2 1,4 0-0 150.00', 'period Q3 1,4 0-0 100.00', 'period Final 1,4 0-0 650.00'],
  },
  {
    name: 'every score of the whole prize pool',
    prizePool: 1_000,
    taken: taken(100),
    sets: onceSets,
    rules: rulesOf((r) => {
      r.payouts = payouts('FINAL', 0)
      r.everyScorePercent = 100
    }),
    ends: otEnds.slice(4),
    changes: otChanges,
    want: [
      'score#1/FINAL Q1 1,0 7-0 1.42',
      'score#2/FINAL Q2 5,0 7-3 1.42',
      'score#3/FINAL Q2 5,9 14-3 1.42',
      'score#4/FINAL Q3 1,9 14-10 1.42',
      'score#5/FINAL Q4 1,0 17-10 1.42',
      'score#6/FINAL Q4 4,0 17-17 1.42',
      'score#7/FINAL Final 4,5 23-17 1.42',
      'period Final 4,5 23-17 0.06',
    ],
  },
  {
    name: '25 squares, every score',
    rules: { ...every, grid: 25 },
    prizePool: 25_000,
    taken: taken(25),
    sets: onceSets,
    ends: otEnds,
    changes: otChanges,
    want: [
      'period Q1 0,0 7-0 25.00',
      'period Q2 2,4 14-3 37.50',
      'period Q3 0,4 14-10 25.00',
      'score#1/Q1 Q1 0,0 7-0 17.85',
      'score#2/Q2 Q2 2,0 7-3 17.85',
      'score#3/Q2 Q2 2,4 14-3 17.85',
      'score#4/Q3 Q3 0,4 14-10 17.85',
      'score#5/FINAL Q4 0,0 17-10 17.85',
      'score#6/FINAL Q4 2,0 17-17 17.85',
      'score#7/FINAL Final 2,2 23-17 17.85',
      'period Final 2,2 23-17 37.55',
    ],
  },
  {
    name: '50 squares, reverse',
    rules: rulesOf((r) => {
      r.grid = 50
      r.reversePercent = 20
    }),
    prizePool: 50_000,
    taken: taken(50),
    sets: onceSets,
    ends: otEnds.slice(0, 1),
    want: ['reverse Q1 4,2 7-0 25.00', 'period Q1 1,0 7-0 100.00'],
  },
  {
    name: "numbers per period: each period and each score change with its period's set, Q4 and overtime the final's",
    rules: { ...every, numbers: 'per-period' },
    prizePool: 100_000,
    taken: taken(100),
    sets: perPeriodSets,
    ends: otEnds,
    changes: otChanges,
    want: [
      'period Q1 1,0 7-0 100.00',
      'period Q2 9,3 14-3 150.00',
      'period Q3 6,0 14-10 100.00',
      'score#1/Q1 Q1 1,0 7-0 71.42',
      'score#2/Q2 Q2 9,1 7-3 71.42',
      'score#3/Q2 Q2 9,3 14-3 71.42',
      'score#4/Q3 Q3 6,0 14-10 71.42',
      'score#5/FINAL Q4 8,3 17-10 71.42',
      'score#6/FINAL Q4 1,3 17-17 71.42',
      'score#7/FINAL Final 1,0 23-17 71.42',
      'period Final 1,0 23-17 150.06',
    ],
  },
  {
    name: 'college basketball halves with overtime',
    rules: defaultRules(NCAAB),
    league: NCAAB,
    prizePool: 100_000,
    taken: taken(100),
    sets: onceSets,
    ends: [end('H1', 30, 28), end('FINAL', 66, 62)],
    want: ['period 1st Half 6,4 30-28 500.00', 'period Final 8,8 66-62 500.00'],
  },
  {
    name: 'a free pool records its winners with no money',
    rules: rulesOf((r) => (r.reversePercent = 10)),
    taken: taken(100),
    sets: onceSets,
    ends: otEnds.slice(0, 1),
    want: ['reverse Q1 4,4 7-0 0.00', 'period Q1 1,0 7-0 0.00'],
  },
  {
    name: 'unfilled: empty winning squares pass their prizes on to the next paying period',
    rules: rulesOf((r) => {
      r.grid = 25
      r.unfilled = 'play'
    }),
    prizePool: 22_000,
    taken: taken(25, 0, 0, 2, 4, 1, 1, 3, 3),
    sets: onceSets,
    ends: otEnds,
    changes: otChanges,
    want: ['period Q3 0,4 14-10 165.00', 'period Final 2,2 23-17 55.00'],
  },
  {
    name: "unfilled: the final's winning square empty, its prize shared by the taken squares, cents in row then column order",
    rules: rulesOf((r) => {
      r.grid = 25
      r.unfilled = 'play'
    }),
    prizePool: 21 * 1001,
    taken: taken(25, 0, 0, 2, 4, 2, 2, 4, 4),
    sets: onceSets,
    ends: otEnds,
    changes: otChanges,
    want: [
      'period Q3 0,4 14-10 157.65',
      ...sharedOf(
        25,
        [
          [0, 0],
          [2, 4],
          [2, 2],
          [4, 4],
        ],
        'Final',
        '23-17',
        6,
        '2.51',
        '2.50',
      ),
    ],
  },
  {
    name: "unfilled: every period's prize rolls into the final's, shared by all",
    rules: rulesOf((r) => {
      r.grid = 25
      r.unfilled = 'play'
    }),
    prizePool: 20 * 1001,
    taken: taken(25, 0, 0, 2, 4, 2, 2, 4, 4, 0, 4),
    sets: onceSets,
    ends: otEnds,
    changes: otChanges,
    want: sharedOf(
      25,
      [
        [0, 0],
        [2, 4],
        [2, 2],
        [4, 4],
        [0, 4],
      ],
      'Final',
      '23-17',
      0,
      '10.01',
      '10.01',
    ),
  },
  {
    name: "unfilled with reverse: an empty reverse square passes its share on, the final's to the final's winner",
    rules: rulesOf((r) => {
      r.reversePercent = 20
      r.unfilled = 'play'
    }),
    prizePool: 98_000,
    taken: taken(100, 4, 4, 5, 0),
    sets: onceSets,
    ends: otEnds,
    changes: otChanges,
    // Q1's reverse square 4,4 is empty: its 49.00 joins Q2's prize (245.00 + 49.00 = 294.00; reverse 58.80).
    want: [
      'period Q1 1,0 7-0 196.00',
      'reverse Q2 9,5 14-3 58.80',
      'period Q2 5,9 14-3 235.20',
      'reverse Q3 9,4 14-10 49.00',
      'period Q3 1,9 14-10 196.00',
      'period Final 4,5 23-17 245.00',
    ],
  },
  {
    name: "unfilled with every score: an empty score square's share goes to the final's winner",
    rules: { ...every, unfilled: 'play' },
    prizePool: 100_000,
    taken: taken(100, 5, 0, 4, 0),
    sets: onceSets,
    ends: otEnds,
    changes: otChanges,
    want: [
      'period Q1 1,0 7-0 100.00',
      'period Q2 5,9 14-3 150.00',
      'period Q3 1,9 14-10 100.00',
      'score#1/Q1 Q1 1,0 7-0 71.42',
      'score#3/Q2 Q2 5,9 14-3 71.42',
      'score#4/Q3 Q3 1,9 14-10 71.42',
      'score#5/FINAL Q4 1,0 17-10 71.42',
      'score#7/FINAL Final 4,5 23-17 71.42',
      'period Final 4,5 23-17 292.90',
    ],
  },
]

describe('awards (award_test.go TestAwards)', () => {
  it.each(cases)('$name', (tc) => {
    const prizePool = tc.prizePool ?? 0
    const ends = tc.ends ?? []
    const got = awards({
      rules: tc.rules,
      leagueId: tc.league ?? NFL,
      prizePool,
      taken: tc.taken,
      numberSets: tc.sets,
      ends,
      changes: tc.changes ?? [],
    })
    expect(got.map(show)).toEqual(tc.want)
    if (ends.length > 0 && ends[ends.length - 1].period === 'FINAL') {
      expect(got.reduce((s, a) => s + a.amount, 0)).toBe(prizePool)
    }
  })
})

describe('awards refuse what does not add up (TestAwardsRefuseWhatDoesNotAddUp)', () => {
  const everyFinal = rulesOf((r) => {
    r.payouts = payouts('FINAL', 50)
    r.everyScorePercent = 50
  })
  const perPeriod = rulesOf((r) => (r.numbers = 'per-period'))
  const base = { leagueId: NFL, prizePool: 100, taken: taken(100), numberSets: onceSets, ends: otEnds, changes: [] as ScoreChange[] }
  const cases: [string, AwardInput, string][] = [
    ['score changes that do not end at the final', { ...base, rules: everyFinal, changes: otChanges.slice(0, 6) }, 'unprocessable'],
    ['no score change in a game that did not end 0-0', { ...base, rules: everyFinal }, 'unprocessable'],
    ['an ownership of another grid', { ...base, rules: everyFinal, taken: taken(25), changes: otChanges }, 'internal'],
    ['no numbers for a period', { ...base, rules: perPeriod, numberSets: perPeriodSets.slice(0, 1) }, 'internal'],
    ['numbers not drawn', { ...base, rules: perPeriod, numberSets: [] }, 'internal'],
    ['an end of a period not paid in the league', { ...base, rules: perPeriod, ends: [end('H1', 3, 0)] }, 'internal'],
    ['a negative prize pool', { ...base, rules: perPeriod, prizePool: -1, ends: [] }, 'internal'],
    ['a grid of no size', { ...base, rules: { ...perPeriod, grid: 30 }, ends: [] }, 'invalid'],
    ['a prize and no square taken', { ...base, rules: perPeriod, taken: Array.from({ length: 100 }, () => false) }, 'internal'],
  ]
  it.each(cases)('%s', (_name, input, code) => {
    let err: unknown
    try {
      awards(input)
    } catch (e) {
      err = e
    }
    expect(err).toBeInstanceOf(AwardError)
    expect((err as AwardError).code).toBe(code)
  })
})

describe('award keys (TestAwardKeys)', () => {
  const a = (kind: Award['kind'], period: string, extra: Partial<Award> = {}) => ({ kind, period, change: 0, shared: false, row: 3, column: 4, ...extra })
  it.each([
    [a('period', 'Q1'), 'period:Q1'],
    [a('reverse', 'FINAL'), 'reverse:FINAL'],
    [a('score', 'FINAL', { change: 7 }), 'score:7'],
    [a('period', 'FINAL', { shared: true, row: 2, column: 3 }), 'period:FINAL:2,3'],
  ])('%o is %s', (award, want) => {
    expect(awardKey(award)).toBe(want)
  })
})
