import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { bodyOf, player, renderPage, stubFetch, urlOf } from '@/test/utils'
import type { User } from '@/lib/types'
import { ScoreFeedTestPage } from './score-feed-test-page'

const admin: User = { ...player, id: '1', email: 'admin@squares.test', firstName: 'Admin', lastName: '', role: 'admin' }

const status = {
  provider: 'espn',
  interval: '30s',
  lastPoll: '2026-11-29T19:00:00Z',
  lastError: 'espn: 500 Internal Server Error',
  lastErrorAt: '2026-11-29T18:59:30Z',
  matchedGames: 2,
  ok: true,
}
const game = (extra: Record<string, unknown> = {}) => ({
  id: 7,
  leagueId: 1,
  homeTeam: 'Buffalo Bills',
  awayTeam: 'Kansas City Chiefs',
  gameDate: '2026-11-29T18:00:00Z',
  status: 'live',
  displayStatus: 'LIVE',
  homeScore: 10,
  awayScore: 3,
  quarter: 2,
  week: 'W12',
  periodCount: 4,
  periods: [{ period: 1, periodLabel: 'Q1', homeScore: 7, awayScore: 3 }],
  ...extra,
})

function open(routes: Parameters<typeof stubFetch>[0] = {}, { devMode = true, user = admin }: { devMode?: boolean; user?: User } = {}) {
  const fetch = stubFetch({
    'GET /api/config': { body: { devMode, paymentsProvider: 'sandbox', stripePublishableKey: null } },
    'GET /api/score-feed-status': { body: status },
    'GET /api/live-games': { body: [game()] },
    ...routes,
  })
  renderPage(<ScoreFeedTestPage />, { path: '/score-feed-test', user, strict: true })
  return { fetch, user: userEvent.setup() }
}

const calls = (fetch: ReturnType<typeof stubFetch>, method: string, path: string) =>
  fetch.mock.calls.filter(([u, init]) => urlOf(u).endsWith(path) && (init?.method ?? 'GET').toUpperCase() === method).length
const logEntries = () => screen.queryAllByTestId('log-entry')

describe('Live Score Feed Test page', () => {
  it('shows only a notice outside development mode, and calls nothing', async () => {
    const { fetch } = open({}, { devMode: false })
    expect(await screen.findByText('Developer pages are available only in development mode')).toBeInTheDocument()
    expect(calls(fetch, 'GET', '/api/score-feed-status')).toBe(0)
  })

  it("shows the feed's provider, last poll, last error and matched games, and polls it now", async () => {
    const { fetch, user } = open({
      'GET /api/test-nfl-api': { body: { provider: 'espn', games: 3, scoreboards: 1, matchedGames: 2, updatesApplied: 1, errors: null, error: '', status } },
    })
    expect(await screen.findByTestId('feed-provider')).toHaveTextContent('espn')
    expect(screen.getByTestId('feed-provider')).toHaveTextContent('OK')
    expect(screen.getByTestId('feed-interval')).toHaveTextContent('30s')
    expect(screen.getByTestId('feed-last-poll')).toHaveTextContent('2:00 PM ET')
    expect(screen.getByTestId('feed-last-error')).toHaveTextContent('espn: 500 Internal Server Error')
    expect(screen.getByTestId('feed-matched')).toHaveTextContent('2')

    const before = calls(fetch, 'GET', '/api/score-feed-status')
    await user.click(screen.getByRole('button', { name: 'Poll the feed now' }))
    expect(await screen.findByText('1 scoreboard read for 3 games: 2 matched, 1 update applied.')).toBeInTheDocument()
    expect(logEntries()[0]).toHaveTextContent('GET/api/test-nfl-api')
    expect(logEntries()[0]).toHaveTextContent('200 OK')
    await waitFor(() => expect(calls(fetch, 'GET', '/api/score-feed-status')).toBeGreaterThan(before))
  })

  it('says a manual feed has nothing to poll (422)', async () => {
    const { user } = open({
      'GET /api/score-feed-status': { body: { provider: 'manual', interval: '', lastPoll: null, lastError: '', lastErrorAt: null, matchedGames: 0, ok: true } },
      'GET /api/test-nfl-api': { status: 422, body: { message: 'Scores are entered by hand (SQUARES_SCORES=manual): there is no live feed to poll.', code: 'unprocessable' } },
    })
    expect(await screen.findByTestId('feed-interval')).toHaveTextContent('Not polled: scores are entered by hand')
    expect(screen.getByTestId('feed-last-poll')).toHaveTextContent('Never')
    await user.click(screen.getByRole('button', { name: 'Poll the feed now' }))
    const alert = await screen.findByText('The server answered 422 Unprocessable')
    expect(alert.parentElement).toHaveTextContent(/there is no live feed to poll/)
    expect(logEntries()[0]).toHaveTextContent('422')
  })

  it('tells a player the feed calls are for admins, without asking the server, and still offers the game calls', async () => {
    const { fetch } = open({}, { user: player })
    expect(await screen.findAllByText('Admins only')).toHaveLength(2)
    expect(screen.queryByRole('button', { name: 'Poll the feed now' })).not.toBeInTheDocument()
    expect(screen.queryByRole('form', { name: 'Manual score update' })).not.toBeInTheDocument()
    expect(screen.getByRole('form', { name: 'Game details' })).toBeInTheDocument()
    expect(await screen.findByTestId('live-score-7')).toHaveTextContent('Away 3 - Home 10')
    expect(screen.queryByRole('button', { name: 'Use game 7' })).not.toBeInTheDocument()
    expect(calls(fetch, 'GET', '/api/score-feed-status')).toBe(0)
  })

  it('says so when the server refuses the status all the same', async () => {
    open({ 'GET /api/score-feed-status': { status: 403, body: { message: 'Admin access required.', code: 'forbidden' } } })
    expect(await screen.findByText('Admins only')).toBeInTheDocument()
  })

  it('sends a manual score update: a live game fills the form, a game id is needed, the answer and the log show it', async () => {
    const { fetch, user } = open({
      'POST /api/simulate-score-update': {
        body: {
          game: { homeScore: 14, awayScore: 3, quarter: 3, status: 'live' },
          changed: true,
          endedPeriods: [{ period: 2, periodLabel: 'Q2', homeScore: 14, awayScore: 3 }],
          winners: [{ periodLabel: 'Q2', firstName: 'Dana', amount: '225.00' }],
          cancelledPools: [],
        },
      },
    })
    const form = await screen.findByRole('form', { name: 'Manual score update' })
    await user.click(within(form).getByRole('button', { name: 'Send score update' }))
    expect(await within(form).findByText('Please enter a game ID')).toBeInTheDocument()
    expect(calls(fetch, 'POST', '/api/simulate-score-update')).toBe(0)

    const live = screen.getByRole('region', { name: /Send a manual score update/ })
    await user.click(await within(live).findByRole('button', { name: 'Use game 7' }))
    expect(within(form).getByLabelText('Game ID')).toHaveValue('7')
    expect(within(form).getByLabelText('Away score')).toHaveValue('3')
    await user.clear(within(form).getByLabelText('Home score'))
    await user.type(within(form).getByLabelText('Home score'), '14')
    await user.clear(within(form).getByLabelText('Quarter'))
    await user.type(within(form).getByLabelText('Quarter'), '3')
    await user.selectOptions(within(form).getByLabelText('Status'), '3q')
    await user.click(within(form).getByRole('button', { name: 'Send score update' }))
    expect(await screen.findByText('Score updated')).toBeInTheDocument()
    expect(bodyOf(fetch, 'POST', '/api/simulate-score-update')).toEqual({ gameId: 7, homeScore: 14, awayScore: 3, quarter: 3, status: '3q' })
    expect(screen.getByTestId('update-game')).toHaveTextContent('Now away 3 - home 14, quarter 3, live.')
    expect(screen.getByText('Winners: Q2 Dana ($225.00).')).toBeInTheDocument()
    expect(logEntries()[0]).toHaveTextContent('POST/api/simulate-score-update')
  })

  it("shows the server's refusal of a score update next to its field", async () => {
    const { user } = open({
      'POST /api/simulate-score-update': { status: 422, body: { message: 'Scores never go down without a correction.', code: 'unprocessable' } },
    })
    const form = await screen.findByRole('form', { name: 'Manual score update' })
    await user.type(within(form).getByLabelText('Game ID'), '7')
    await user.type(within(form).getByLabelText('Away score'), '0')
    await user.type(within(form).getByLabelText('Home score'), '1000')
    await user.click(within(form).getByRole('button', { name: 'Send score update' }))
    expect(await within(form).findByText('Home score must be 0 to 999')).toBeInTheDocument()
    await user.clear(within(form).getByLabelText('Home score'))
    await user.type(within(form).getByLabelText('Home score'), '0')
    await user.click(within(form).getByRole('button', { name: 'Send score update' }))
    expect(await screen.findByText('Scores never go down without a correction.')).toBeInTheDocument()
  })

  it("looks up a game's period scores (a game id is needed) and a season's completed games", async () => {
    const final = game({ id: 9, status: 'completed', displayStatus: 'COMPLETED', homeScore: 24, awayScore: 17, quarter: 4 })
    const { fetch, user } = open({
      'GET /api/game-details/7': { body: game() },
      'GET /api/game-details/404': { status: 404, body: { message: 'Game not found.', code: 'not_found' } },
      'GET /api/historical-games/2026': { body: [final] },
      'GET /api/historical-games/2025': { body: [] },
    })
    const details = await screen.findByRole('form', { name: 'Game details' })
    await user.click(within(details).getByRole('button', { name: /Game details/ }))
    expect(await within(details).findByText('Please enter a game ID')).toBeInTheDocument()
    expect(fetch.mock.calls.some(([u]) => urlOf(u).includes('/api/game-details'))).toBe(false)
    await user.type(within(details).getByLabelText('Game ID'), '7')
    await user.click(within(details).getByRole('button', { name: /Game details/ }))
    const card = await screen.findByTestId('game-7')
    expect(card).toHaveTextContent('Away 3 - Home 10 · Q2')
    expect(within(card).getByRole('list', { name: 'Periods of game 7' })).toHaveTextContent('Q1 3-7')
    await user.clear(within(details).getByLabelText('Game ID'))
    await user.type(within(details).getByLabelText('Game ID'), '404')
    await user.click(within(details).getByRole('button', { name: /Game details/ }))
    expect(await screen.findByText('Game not found.')).toBeInTheDocument()

    const seasons = screen.getByRole('form', { name: 'Historical games' })
    await user.clear(within(seasons).getByLabelText('Season'))
    await user.type(within(seasons).getByLabelText('Season'), '2026')
    await user.click(within(seasons).getByRole('button', { name: /Completed games/ }))
    expect(await screen.findByTestId('game-9')).toHaveTextContent('COMPLETED')
    expect(screen.getByText('1 completed game')).toBeInTheDocument()
    await user.clear(within(seasons).getByLabelText('Season'))
    await user.type(within(seasons).getByLabelText('Season'), '2025')
    await user.click(within(seasons).getByRole('button', { name: /Completed games/ }))
    expect(await screen.findByText('No completed game in season 2025.')).toBeInTheDocument()
  })

  it('finds the winning square of a score, or says the digits are not drawn', async () => {
    const answers = [
      { poolId: 4, homeScore: 17, awayScore: 24, homeDigit: 7, awayDigit: 4, numbersGenerated: true, row: 2, column: 8, owned: true, isHouse: false, userId: '12', firstName: 'Dana', message: '' },
      { poolId: 5, homeScore: 17, awayScore: 24, homeDigit: 7, awayDigit: 4, numbersGenerated: false, row: null, column: null, owned: false, isHouse: false, userId: '', firstName: '', message: '$5 Pool has no numbers drawn yet: no square can win until they are.' },
    ]
    const { fetch, user } = open({ 'POST /api/test-score-calculation': (body) => ({ body: answers.find((a) => a.poolId === (body as { poolId: number }).poolId) }) })
    const form = await screen.findByRole('form', { name: 'Score calculation' })
    await user.click(within(form).getByRole('button', { name: /Find the winning square/ }))
    expect(await within(form).findByText('Please enter a pool ID')).toBeInTheDocument()
    expect(within(form).getByText('Away score is required')).toBeInTheDocument()
    await user.type(within(form).getByLabelText('Pool ID'), '4')
    await user.type(within(form).getByLabelText('Away score'), '24')
    await user.type(within(form).getByLabelText('Home score'), '17')
    await user.click(within(form).getByRole('button', { name: /Find the winning square/ }))
    expect(await screen.findByTestId('calc-square')).toHaveTextContent('row 3, column 9')
    expect(screen.getByTestId('calc-owner')).toHaveTextContent('Dana (user 12)')
    expect(bodyOf(fetch, 'POST', '/api/test-score-calculation')).toEqual({ poolId: 4, homeScore: 17, awayScore: 24 })
    await user.clear(within(form).getByLabelText('Pool ID'))
    await user.type(within(form).getByLabelText('Pool ID'), '5')
    await user.click(within(form).getByRole('button', { name: /Find the winning square/ }))
    expect(await screen.findByText('No digits drawn yet')).toBeInTheDocument()
  })
})
