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
