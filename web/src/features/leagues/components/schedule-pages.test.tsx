import { describe, expect, it, vi } from 'vitest'
import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { player, renderPage, stubFetch, urlOf } from '@/test/utils'
import type { ScheduleGame } from '../api/schedule-api'
import { filterGames, groupByWeek, noFilter, teamsOf, weeksOf } from '../hooks/schedule-filters'
import { LeagueSchedulePage } from './league-schedule-page'
import { NflSchedulePage } from './nfl-schedule-page'

function game(id: number, week: string, away: string, home: string, gameDate: string, over: Partial<ScheduleGame> = {}): ScheduleGame {
  const abbr = (n: string) => n.split(' ').map((w) => w[0]).join('')
  return {
    id, leagueId: 1, season: 2025, week, weekLabel: week.replace(/^W/, 'Week '), date: gameDate.slice(0, 10), time: '13:00', gameDate,
    home, away, homeAbbr: abbr(home), awayAbbr: abbr(away), homeColor: '#004C54', awayColor: '#003594', venue: 'Stadium',
    status: 'scheduled', homeScore: null, awayScore: null, quarter: 0, pools: [], ...over,
  }
}

// The 2025 opener (Thu Sep 4, 8:20 PM ET), played, with an open pool; two more week 1 games; two of week 2.
const games = [
  game(1, 'W1', 'Dallas Cowboys', 'Philadelphia Eagles', '2025-09-05T00:20:00Z', {
    status: 'completed', homeScore: 24, awayScore: 20, homeAbbr: 'PHI', awayAbbr: 'DAL',
    pools: [{ id: 71, name: '$5 Pool', entryFee: '5.00', status: 'completed', currentParticipants: 100 }],
  }),
  game(2, 'W1', 'Kansas City Chiefs', 'Los Angeles Chargers', '2025-09-06T00:00:00Z'),
  game(3, 'W1', 'Tampa Bay Buccaneers', 'Atlanta Falcons', '2025-09-07T17:00:00Z', { status: '2Q', homeScore: 7, awayScore: 3 }),
  game(4, 'W2', 'Washington Commanders', 'Green Bay Packers', '2025-09-12T00:15:00Z'),
  game(5, 'W2', 'Philadelphia Eagles', 'Kansas City Chiefs', '2025-09-14T20:25:00Z'),
]

describe('schedule filters', () => {
  it('filters by week, by team home or away, and by text over team names and week', () => {
    const ids = (f = {}) => filterGames(games, { ...noFilter, ...f }).map((g) => g.id)
    expect(ids()).toEqual([1, 2, 3, 4, 5])
    expect(ids({ week: 'W2' })).toEqual([4, 5])
    expect(ids({ team: 'Kansas City Chiefs' })).toEqual([2, 5])
    expect(ids({ team: 'Kansas City Chiefs', week: 'W1' })).toEqual([2])
    expect(ids({ text: 'eagles' })).toEqual([1, 5])
    expect(ids({ text: '  week 2 ' })).toEqual([4, 5])
    expect(ids({ text: 'PHI' })).toEqual([1, 5])
    expect(ids({ text: 'raiders' })).toEqual([])
  })

  it('groups games under their weeks in kickoff order, and offers only the weeks and teams found', () => {
    expect(groupByWeek(games).map((g) => [g.label, g.games.map((x) => x.id)])).toEqual([
      ['Week 1', [1, 2, 3]],
      ['Week 2', [4, 5]],
    ])
    expect(weeksOf(games)).toEqual([{ week: 'W1', label: 'Week 1' }, { week: 'W2', label: 'Week 2' }])
    expect(teamsOf(games)).toHaveLength(8)
    expect(teamsOf(games)[0]).toBe('Atlanta Falcons')
  })
})

function showLeague(at = '/schedule/nfl', answer: { status?: number; body?: unknown } = { body: games }) {
  const fetch = stubFetch({ [`GET /api/schedule/${at.split('/').pop()!.toLowerCase()}`]: answer })
  return { fetch, ...renderPage(<LeagueSchedulePage />, { path: '/schedule/:league', at, user: player }) }
}

const weekSections = () => screen.queryAllByTestId('schedule-week').map((s) => [within(s).getByRole('heading').textContent, within(s).getAllByTestId('schedule-game').length])
const summary = () => within(screen.getByTestId('schedule-summary')).getAllByRole('definition').map((d) => d.textContent)

describe('League schedule page', () => {
  it('groups the games under week headings with counts, cards with status, date, scores and pool links, and the summary', async () => {
    showLeague()
    expect(await screen.findByRole('heading', { level: 1, name: 'NFL Complete Schedule' })).toBeInTheDocument()
    expect(await screen.findAllByTestId('schedule-week')).toHaveLength(2)
    expect(weekSections()).toEqual([['Week 13 games', 3], ['Week 22 games', 2]])
    expect(summary()).toEqual(['5', '2', '8', '5'])
    const [opener, , live] = screen.getAllByTestId('schedule-game')
    expect(within(opener).getByText('COMPLETED')).toBeInTheDocument()
    expect(opener).toHaveTextContent('Dallas Cowboys @ Philadelphia Eagles')
    expect(within(opener).getByText('Thu, Sep 4, 8:20 PM ET')).toBeInTheDocument()
    expect(within(opener).getByText('DAL 20 – 24 PHI')).toBeInTheDocument()
    expect(within(opener).getByRole('link', { name: '$5 Pool · 100/100' })).toHaveAttribute('href', '/pool/71')
    expect(within(live).getByText('LIVE')).toBeInTheDocument()
    const upcoming = screen.getAllByTestId('schedule-game')[1]
    expect(within(upcoming).getByText('SCHEDULED')).toBeInTheDocument()
    expect(within(upcoming).queryByText(/–/)).not.toBeInTheDocument()
  })

  it('filters by week, team and text, and Clear Filters resets all three', async () => {
    const user = userEvent.setup()
    showLeague()
    await screen.findAllByTestId('schedule-week')
    const clear = screen.getByRole('button', { name: 'Clear Filters' })
    expect(clear).toBeDisabled()

    await user.selectOptions(screen.getByLabelText('Week'), 'W2')
    expect(weekSections()).toEqual([['Week 22 games', 2]])
    await user.selectOptions(screen.getByLabelText('Team'), 'Philadelphia Eagles')
    expect(weekSections()).toEqual([['Week 21 game', 1]])
    expect(summary()).toEqual(['5', '2', '8', '1'])
    await user.selectOptions(screen.getByLabelText('Week'), 'all')
    expect(weekSections()).toEqual([['Week 11 game', 1], ['Week 21 game', 1]])
    await user.type(screen.getByLabelText('Search'), 'cowboys')
    expect(weekSections()).toEqual([['Week 11 game', 1]])

    await user.type(screen.getByLabelText('Search'), ' nobody')
    expect(screen.getByText('No Games Found')).toBeInTheDocument()
    expect(screen.getByText('No games match your current filters. Try adjusting your search criteria.')).toBeInTheDocument()
    expect(summary()).toEqual(['5', '2', '8', '0'])

    await user.click(clear)
    expect(weekSections()).toEqual([['Week 13 games', 3], ['Week 22 games', 2]])
    expect(screen.getByLabelText('Week')).toHaveValue('all')
    expect(screen.getByLabelText('Team')).toHaveValue('all')
    expect(screen.getByLabelText('Search')).toHaveValue('')
    expect(clear).toBeDisabled()
  })

  it('upper-cases the league code and shows a spinner while loading', () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => {})))
    renderPage(<LeagueSchedulePage />, { path: '/schedule/:league', at: '/schedule/ncaaf', user: player })
    expect(screen.getByRole('heading', { level: 1, name: 'NCAAF Complete Schedule' })).toBeInTheDocument()
    expect(screen.getByRole('status', { name: 'Loading schedule' })).toBeInTheDocument()
  })

  it('says an unknown league is not found', async () => {
    showLeague('/schedule/xfl', { status: 404, body: { message: 'League not found.', code: 'not_found' } })
    expect(await screen.findByText('League Not Found')).toBeInTheDocument()
    expect(screen.getByText('The requested league schedule is not available.')).toBeInTheDocument()
  })

  it('shows the empty state for a league without games', async () => {
    showLeague('/schedule/nba', { body: [] })
    expect(await screen.findByText('No Games Found')).toBeInTheDocument()
    expect(summary()).toEqual(['0', '0', '0', '0'])
  })
})

describe('NFL schedule page', () => {
  it('filters by week with buttons, counts the games shown, and refreshes', async () => {
    const user = userEvent.setup()
    const fetch = stubFetch({ 'GET /api/nfl/schedule': { body: { seasons: [2025], current: 2025 } }, 'GET /api/nfl/schedule/2025': { body: games } })
    renderPage(<NflSchedulePage />, { path: '/nfl-schedule', user: player })
    expect(await screen.findByTestId('schedule-count')).toHaveTextContent('Showing 5 games')
    const weeks = screen.getByRole('group', { name: 'Week' })
    expect(within(weeks).getAllByRole('button').map((b) => b.textContent)).toEqual(['All Weeks', 'Week 1', 'Week 2'])
    expect(within(weeks).getByRole('button', { name: 'All Weeks' })).toHaveAttribute('aria-pressed', 'true')

    await user.click(within(weeks).getByRole('button', { name: 'Week 2' }))
    expect(screen.getByTestId('schedule-count')).toHaveTextContent('Showing 2 games')
    expect(screen.getAllByTestId('schedule-game')).toHaveLength(2)
    expect(within(weeks).getByRole('button', { name: 'Week 2' })).toHaveAttribute('aria-pressed', 'true')

    const calls = fetch.mock.calls.length
    await act(() => user.click(screen.getByRole('button', { name: /Refresh/ })))
    expect(fetch.mock.calls.length).toBe(calls + 1)
    expect(screen.getByTestId('schedule-count')).toHaveTextContent('Showing 2 games')
  })

  it("is titled with the server's current season and shows its games, and offers the other seasons", async () => {
    const user = userEvent.setup()
    const later = [game(9, 'W12', 'Chicago Bears', 'Green Bay Packers', '2026-11-27T17:00:00Z', { season: 2026 })]
    const fetch = stubFetch({
      'GET /api/nfl/schedule': { body: { seasons: [2026, 2025], current: 2026 } },
      'GET /api/nfl/schedule/2026': { body: later },
      'GET /api/nfl/schedule/2025': { body: games },
    })
    renderPage(<NflSchedulePage />, { path: '/nfl-schedule', user: player })
    expect(await screen.findByRole('heading', { level: 1, name: '2026 NFL Schedule' })).toBeInTheDocument()
    expect(await screen.findByTestId('schedule-count')).toHaveTextContent('Showing 1 game')
    expect(screen.getByText(/Chicago Bears/)).toBeInTheDocument()
    expect(fetch.mock.calls.some(([u]) => urlOf(u).endsWith('/api/nfl/schedule/2025'))).toBe(false)

    await user.selectOptions(screen.getByLabelText('Season'), '2025')
    expect(await screen.findByRole('heading', { level: 1, name: '2025 NFL Schedule' })).toBeInTheDocument()
    expect(await screen.findByTestId('schedule-count')).toHaveTextContent('Showing 5 games')
  })

  it('says so when the server has no NFL games, without a season in the title', async () => {
    const fetch = stubFetch({ 'GET /api/nfl/schedule': { body: { seasons: [], current: null } } })
    renderPage(<NflSchedulePage />, { path: '/nfl-schedule', user: player })
    expect(await screen.findByText('No NFL Schedule Yet')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^NFL Schedule$/)
    expect(screen.queryByText(/2025/)).not.toBeInTheDocument()
    expect(fetch.mock.calls.filter(([u]) => /\/api\/nfl\/schedule\/\d+/.test(urlOf(u)))).toHaveLength(0)
  })
})
