import { describe, expect, it } from 'vitest'
import type { Game } from './types'
import {
  HALVES,
  LEAGUE_NCAAB,
  QUARTERS,
  gamePeriods,
  gameState,
  livePeriodIndex,
  payoutMoments,
  periodLabel,
  periodNoun,
  periodPrizes,
  periodScore,
  poolPeriods,
  poolSchedule,
} from './periods'
import { TIERS } from './tiers'

// The members the period rules read; the others the server sends are left out (hence the cast).
const game = (over: Partial<Game> = {}): Game => ({
  id: 1,
  leagueId: LEAGUE_NCAAB,
  homeTeam: 'Duke',
  awayTeam: 'UNC',
  gameDate: '2026-03-07T23:00:00Z',
  status: 'live',
  homeScore: 61,
  awayScore: 58,
  quarter: 2,
  week: null,
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
  ...over,
}) as Game

describe('periods', () => {
  it('are halves in college basketball and quarters elsewhere', () => {
    expect(gamePeriods({ leagueId: LEAGUE_NCAAB }).map((p) => p.label)).toEqual(['H1', 'H2'])
    expect(gamePeriods({ leagueId: 1 }).map((p) => p.label)).toEqual(['Q1', 'Q2', 'Q3', 'Q4'])
    expect(gamePeriods({ leagueId: 5 })).toBe(QUARTERS)
    expect(gamePeriods(null)).toBe(QUARTERS)
    expect(HALVES.map((p) => p.name)).toEqual(['Halftime', 'Final'])
    expect(periodNoun(HALVES)).toBe('half')
    expect(payoutMoments(HALVES)).toBe('halftime and the final')
    expect(payoutMoments(QUARTERS)).toBe('Q1, halftime, Q3 and the final')
  })

  it("follow the pool's stored schedule first, then its league", () => {
    expect(poolPeriods({ payoutSchedule: [40, 60], game: { leagueId: LEAGUE_NCAAB } })).toBe(HALVES)
    expect(poolPeriods({ payoutSchedule: [20, 30, 20, 30], game: { leagueId: 1 } })).toBe(QUARTERS)
    expect(poolPeriods({ game: { leagueId: LEAGUE_NCAAB } })).toBe(HALVES)
    // A malformed schedule is ignored: the league decides, and the sport's default split applies.
    expect(poolPeriods({ payoutSchedule: [50, 40], game: { leagueId: LEAGUE_NCAAB } })).toBe(HALVES)
    expect(poolSchedule({ payoutSchedule: [50, 40], game: { leagueId: LEAGUE_NCAAB } })).toEqual([50, 50])
    expect(poolSchedule({ payoutSchedule: [40, 60] })).toEqual([40, 60])
    expect(poolSchedule({ game: { leagueId: 1 } })).toEqual([25, 25, 25, 25])
  })

  it('split the prize pool by floor of each share, the remainder to the final', () => {
    expect(periodPrizes(90000, [50, 50])).toEqual([45000, 45000])
    expect(periodPrizes(90000, [40, 60])).toEqual([36000, 54000])
    expect(periodPrizes(1001, [25, 25, 25, 25])).toEqual([250, 250, 250, 251])
    expect(periodPrizes(999, [40, 60])).toEqual([399, 600])
    expect(periodPrizes(0, [50, 50])).toEqual([0, 0])
    expect(TIERS.map((t) => t.perHalf)).toEqual(['Bragging rights', '$45', '$225', '$450', '$1,125'])
  })

  it('read the halves from the Q1 and Q2 fields, as the server stores them (Q3 and Q4 stay null)', () => {
    // The server keeps a game's period end scores in order (squares.Game.HomePeriod[0..1] for two halves),
    // which its JSON gives as homeScoreQ1/Q2.
    const g = game({ awayScoreQ1: 30, homeScoreQ1: 27 })
    expect(periodScore(g, HALVES[0])).toEqual({ away: 30, home: 27 })
    expect(periodScore(g, HALVES[1])).toBeNull()
    expect(periodScore({ ...g, awayScoreQ2: 70, homeScoreQ2: 72 }, HALVES[1])).toEqual({ away: 70, home: 72 })
    expect(periodScore(game({ leagueId: 1, awayScoreQ2: 14, homeScoreQ2: 10 }), QUARTERS[1])).toEqual({ away: 14, home: 10 })
  })

  it('name the period in play in the sport’s terms', () => {
    expect(periodLabel(game({ quarter: 1 }))).toBe('H1')
    expect(periodLabel(game({ quarter: 2 }))).toBe('H2')
    expect(periodLabel(game({ quarter: 3 }))).toBe('OT')
    expect(periodLabel(game({ status: 'completed', quarter: 2 }))).toBe('Final')
    expect(periodLabel(game({ status: 'scheduled', quarter: 0 }))).toBe('Pre-game')
    expect(periodLabel(game({ leagueId: 1, quarter: 3 }))).toBe('Q3')
    expect(periodLabel(game({ leagueId: 1, quarter: 5 }))).toBe('OT')
    expect(periodLabel(null)).toBe('Pre-game')
    expect(livePeriodIndex(game({ quarter: 1 }), HALVES)).toBe(0)
    expect(livePeriodIndex(game({ quarter: 3 }), HALVES)).toBe(1)
    expect(livePeriodIndex(game({ status: 'completed' }), HALVES)).toBe(-1)
    expect(livePeriodIndex(game({ leagueId: 1, quarter: 5 }), QUARTERS)).toBe(3)
  })

  it('say the game’s state once: Pre-game, the period in play, Halftime between halves, Final', () => {
    const nfl = (over: Partial<Game>) => game({ leagueId: 1, ...over })
    const state = (g: Game | null) => {
      const s = gameState(g)
      return `${s.label} ${s.phase} ${s.inPlay}`
    }
    expect(state(null)).toBe('Pre-game pre -1')
    expect(state(nfl({ status: 'scheduled', quarter: 0, homeScore: null, awayScore: null }))).toBe('Pre-game pre -1')
    expect(state(nfl({ quarter: 1 }))).toBe('Q1 live 0')
    expect(state(nfl({ quarter: 2, homeScoreQ1: 7, awayScoreQ1: 3 }))).toBe('Q2 live 1')
    // At "ht" the server records the second quarter's end and keeps the game in Q2: no period is in play.
    expect(state(nfl({ quarter: 2, homeScoreQ1: 7, awayScoreQ1: 3, homeScoreQ2: 14, awayScoreQ2: 3 }))).toBe('Halftime break -1')
    expect(state(nfl({ quarter: 3, homeScoreQ2: 14, awayScoreQ2: 3 }))).toBe('Q3 live 2')
    expect(state(nfl({ quarter: 5 }))).toBe('OT live 3')
    expect(state(nfl({ status: 'completed', quarter: 4 }))).toBe('Final final -1')
    expect(state(nfl({ status: 'postponed' }))).toBe('Postponed off -1')
    // College basketball: halftime after the first half, then H2.
    expect(state(game({ quarter: 1, awayScoreQ1: 30, homeScoreQ1: 27 }))).toBe('Halftime break -1')
    expect(state(game({ quarter: 2, awayScoreQ1: 30, homeScoreQ1: 27 }))).toBe('H2 live 1')
    expect(state(game({ quarter: 3 }))).toBe('OT live 1')
  })
})
