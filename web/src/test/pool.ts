import type { Pool } from '@/lib/types'

/** An ISO time `hours` from now (negative for the past). */
export const later = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString()

/**
 * A free NFL pool (id 31, Bills v Chiefs in 30 h, sales close in 28 h) with one square taken and digits
 * not yet drawn; `over` replaces any field.
 */
// The members these tests read; the others the server sends are left out (hence the cast).
export function makePool(over: Partial<Pool> = {}): Pool {
  return {
    id: 31,
    name: 'Free Pool',
    gameId: 7,
    game: {
      id: 7,
      leagueId: 1,
      homeTeam: 'Buffalo Bills',
      awayTeam: 'Kansas City Chiefs',
      homeTeamColor: '#00338D',
      awayTeamColor: '#E31837',
      gameDate: later(30),
      status: 'scheduled',
      homeScore: null,
      awayScore: null,
      quarter: 0,
      week: 'W12',
      season: 2026,
      venue: '',
      homeScoreQ1: null,
      homeScoreQ2: null,
      homeScoreQ3: null,
      homeScoreQ4: null,
      awayScoreQ1: null,
      awayScoreQ2: null,
      awayScoreQ3: null,
      awayScoreQ4: null,
    },
    entryFee: '0.00',
    totalPot: '0.00',
    currentParticipants: 1,
    distinctPlayers: 1,
    maxParticipants: 100,
    maxSquaresPerPlayer: 5,
    status: 'active',
    numbersGenerated: false,
    homeNumbers: null,
    awayNumbers: null,
    drawCommitment: 'aa6358ae878654ad9544e5431fbe7cba2bc120072d6dd39949715c73958e8c87',
    drawSeed: null,
    userSquareCount: 0,
    salesOpenAt: null,
    salesCloseAt: later(28),
    ...over,
  } as Pool
}

/** The board's square at row `r`, column `c`. */
export const cell = (r: number, c: number) => document.querySelector<HTMLElement>(`[role=gridcell][data-row="${r}"][data-column="${c}"]`)!

const q1Home = [3, 8, 1, 0, 6, 9, 2, 5, 7, 4]
const q1Away = [5, 0, 6, 9, 7, 3, 8, 1, 2, 4]
const q2Home = [9, 1, 4, 7, 0, 2, 6, 3, 8, 5]
const q2Away = [2, 7, 0, 4, 9, 1, 5, 8, 3, 6]
const set = (period: string, home: number[], away: number[]) => ({ period, homeNumbers: home, awayNumbers: away, seed: `seed-${period}`, seedSha256: `sha-${period}` })

/**
 * A full $4 private 25-square pool (prize pool $100): Q1 10, Q2 15, Q3 10, FINAL 15, every score 50,
 * reverse 20, new numbers each period; the game is in Q2, so the board shows the Q2 set.
 */
export function makeRulesPool(over: Partial<Pool> = {}): Pool {
  const base = makePool()
  return makePool({
    id: 40,
    name: 'Office 25',
    isPrivate: true,
    entryFee: '4.00',
    totalPot: '100.00',
    prizePool: '100.00',
    prizePoolIfFull: '100.00',
    houseFeePercent: 0,
    currentParticipants: 25,
    maxParticipants: 25,
    status: 'started',
    numbersGenerated: true,
    rows: 5,
    columns: 5,
    rules: {
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
    },
    payoutSchedule: [10, 15, 10, 15],
    numberSets: [set('Q1', q1Home, q1Away), set('Q2', q2Home, q2Away), set('Q3', [], []), set('FINAL', [], [])],
    homeNumbers: q2Home,
    awayNumbers: q2Away,
    salesCloseAt: later(-1),
    game: { ...base.game!, gameDate: later(-0.5), status: 'live', quarter: 2, awayScore: 14, homeScore: 7, awayScoreQ1: 7, homeScoreQ1: 0 },
    ...over,
  })
}

