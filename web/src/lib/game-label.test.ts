import { describe, expect, it } from 'vitest'
import { gameLabel, kickoffLabel, matchupLabel, teamNickname } from './game-label'

describe('gameLabel', () => {
  it('names a game away @ home by nickname, with its kickoff in Eastern time', () => {
    expect(gameLabel({ homeTeam: 'Buffalo Bills', awayTeam: 'Kansas City Chiefs', gameDate: '2026-11-29T21:25:00Z' })).toBe('Chiefs @ Bills, Sun 4:25 PM ET')
    // Eastern daylight time: a September night game.
    expect(gameLabel({ homeTeam: 'Philadelphia Eagles', awayTeam: 'Dallas Cowboys', gameDate: '2025-09-05T00:20:00Z' })).toBe('Cowboys @ Eagles, Thu 8:20 PM ET')
  })

  it('keeps the full name of a team it does not know, and says so when the kickoff or the game is missing', () => {
    expect(matchupLabel({ homeTeam: 'Duke Blue Devils', awayTeam: 'North Carolina Tar Heels' })).toBe('North Carolina Tar Heels @ Duke Blue Devils')
    expect(gameLabel({ homeTeam: 'San Francisco 49ers', awayTeam: 'Los Angeles Rams', gameDate: null })).toBe('Rams @ 49ers, TBD')
    expect(gameLabel(null)).toBe('Game unknown')
    expect(kickoffLabel('not a date')).toBe('TBD')
    expect(teamNickname('  ')).toBe('TBD')
  })
})
