import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { bodyOf, renderPage, stubFetch, urlOf, jsonBody } from '@/test/utils'
import { makePool } from '@/test/pool'
import type { League } from '@/lib/types'
import { ManagementConsolePage } from './management-console-page'
import { admin, adminNamedPlayer } from '@/test/admin'

const nfl: League = { id: 1, name: 'NFL', displayName: 'National Football League', sport: 'football', isActive: true, activeWeek: 'W12' }
const xfl: League = { id: 9, name: 'XFL', displayName: 'XFL', sport: 'football', isActive: false, activeWeek: null }
const game = { ...makePool().game!, gameDate: '2030-11-24T21:25:00Z' }
const open = makePool({ id: 31, name: '$5 Pool', entryFee: '5.00', currentParticipants: 40, game })
const full = makePool({ id: 32, name: '$10 Pool', entryFee: '10.00', status: 'full', currentParticipants: 100, game })

function serve(extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    'GET /api/leagues': { body: [nfl, xfl] },
    'GET /api/games?includeAll=true': { body: [game] },
    'GET /api/admin/pools': { body: [open, full] },
    ...extra,
  })
}

describe('ManagementConsolePage', () => {
  it('turns a player away by role, whatever their e-mail says', async () => {
    serve()
    renderPage(<ManagementConsolePage />, { user: adminNamedPlayer })
    expect(await screen.findByText('Access Denied')).toBeInTheDocument()
    expect(screen.getByText("You don't have permission to access the management console.")).toBeInTheDocument()
    expect(screen.queryByRole('tab')).not.toBeInTheDocument()
  })

  it('lists leagues with their badge and creates one', async () => {
    const fetch = serve({ 'POST /api/leagues': { status: 201, body: { ...xfl, id: 10, name: 'UFL' } } })
    renderPage(<ManagementConsolePage />, { user: admin })
    const user = userEvent.setup()
    const rows = await screen.findAllByTestId('league')
    expect(rows[0]).toHaveTextContent('Active')
    expect(rows[1]).toHaveTextContent('Inactive')
    await user.type(screen.getByLabelText('League Code'), 'UFL')
    await user.type(screen.getByLabelText('Display Name'), 'United Football League')
    await user.selectOptions(screen.getByLabelText('Sport'), 'basketball')
    await user.click(screen.getByRole('button', { name: 'Create League' }))
    expect(await screen.findByText('League created successfully')).toBeInTheDocument()
    expect(bodyOf(fetch, 'POST', '/api/leagues')).toEqual({ name: 'UFL', displayName: 'United Football League', sport: 'basketball', isActive: true })
  })

  it('creates a game with the default colours', async () => {
    const fetch = serve({ 'POST /api/games': { status: 201, body: game } })
    renderPage(<ManagementConsolePage />, { user: admin })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('tab', { name: 'Games' }))
    // Away @ home, by nickname, the kickoff in Eastern time.
    expect(await screen.findByTestId('game')).toHaveTextContent('Chiefs @ Bills, Sun 4:25 PM ET')
    expect(screen.getByTestId('game')).not.toHaveTextContent(' vs ')
    await user.selectOptions(screen.getByLabelText('League'), '1')
    await user.type(screen.getByLabelText('Home Team'), 'Buffalo Bills')
    await user.type(screen.getByLabelText('Away Team'), 'Miami Dolphins')
    expect(screen.getByLabelText('Home colour')).toHaveValue('#3b82f6')
    expect(screen.getByLabelText('Away colour')).toHaveValue('#ef4444')
    await user.type(screen.getByLabelText('Game Date'), '2030-11-29T13:00')
    await user.type(screen.getByLabelText(/Week/), 'W13')
    await user.click(screen.getByRole('button', { name: 'Create Game' }))
    expect(await screen.findByText('Game created successfully')).toBeInTheDocument()
    expect(bodyOf(fetch, 'POST', '/api/games')).toEqual({
      leagueId: 1, homeTeam: 'Buffalo Bills', awayTeam: 'Miami Dolphins', homeTeamColor: '#3b82f6', awayTeamColor: '#ef4444',
      gameDate: '2030-11-29T13:00', week: 'W13', status: 'scheduled', homeScore: 0, awayScore: 0, quarter: 0,
    })
  })

  it("offers Refund only for an open pool below its maximum, and shows a refused status change's reason", async () => {
    const fetch = serve({
      'PATCH /api/pools/32': { status: 409, body: { message: 'A pool cannot go from full to active.', code: 'conflict' } },
      'POST /api/pools/31/refund': { body: { success: true } },
    })
    renderPage(<ManagementConsolePage />, { user: admin })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('tab', { name: 'Pools' }))
    const [openRow, fullRow] = await screen.findAllByTestId('pool')
    expect(openRow).toHaveTextContent('40 / 100')
    expect(openRow).toHaveTextContent('Chiefs @ Bills, Sun 4:25 PM ET')
    expect(within(fullRow).queryByRole('button', { name: /Refund/ })).not.toBeInTheDocument()

    await user.selectOptions(within(fullRow).getByRole('combobox'), 'active')
    expect(await screen.findByText('Failed to Update Pool Status')).toBeInTheDocument()
    expect(screen.getByText('A pool cannot go from full to active.')).toBeInTheDocument()
    expect(bodyOf(fetch, 'PATCH', '/api/pools/32')).toEqual({ status: 'active' })

    await user.click(within(openRow).getByRole('button', { name: /Refund \$5 Pool/ }))
    await user.click(await screen.findByRole('button', { name: 'Refund pool' }))
    expect(await screen.findByText('Pool refunded successfully')).toBeInTheDocument()
  })

  it('enters a score, as a correction when asked, and shows a refusal', async () => {
    let calls = 0
    const fetch = serve({
      'POST /api/admin/games/7/score': () =>
        ++calls === 1
          ? { body: { game: { ...game, homeScore: 7, awayScore: 3, quarter: 2, status: 'live' }, changed: true, endedPeriods: [{ periodLabel: 'Q1' }] } }
          : { status: 422, body: { message: "A score cannot go below the end of Q1 (7-3).", code: 'unprocessable' } },
    })
    renderPage(<ManagementConsolePage />, { user: admin })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('tab', { name: 'Scores' }))
    await waitFor(() => expect(screen.getByLabelText('Game')).not.toBeDisabled())
    // The game named away @ home, and the away score first, as the board reads.
    expect(screen.getByRole('option', { name: 'Chiefs @ Bills, Sun 4:25 PM ET · W12' })).toBeInTheDocument()
    await user.selectOptions(screen.getByLabelText('Game'), '7')
    expect(screen.getAllByRole('spinbutton').map((i) => i.id)).toEqual(['score-away', 'score-home'])
    const home = screen.getByLabelText('Buffalo Bills (home)')
    await user.clear(home)
    await user.type(home, '7')
    const away = screen.getByLabelText('Kansas City Chiefs (away)')
    await user.clear(away)
    await user.type(away, '3')
    await user.selectOptions(screen.getByLabelText('Quarter'), '2')
    await user.click(screen.getByRole('button', { name: 'Save Score' }))
    expect(await screen.findByText('Score updated')).toBeInTheDocument()
    expect(screen.getByText('Chiefs 3 @ Bills 7 · ended: Q1')).toBeInTheDocument()
    expect(bodyOf(fetch, 'POST', '/api/admin/games/7/score')).toEqual({ homeScore: 7, awayScore: 3, quarter: 2, status: 'live', correction: false })

    await user.click(screen.getByRole('checkbox', { name: /Correction/ }))
    await user.click(screen.getByRole('button', { name: 'Save Score' }))
    expect(await screen.findByText('Score update refused')).toBeInTheDocument()
    expect(screen.getByText('A score cannot go below the end of Q1 (7-3).')).toBeInTheDocument()
    const last = fetch.mock.calls.filter(([u]) => urlOf(u).endsWith('/score')).at(-1)!
    expect(jsonBody(last[1])).toMatchObject({ correction: true })
  })

  it('counts leagues, games, active and available pools in the System tab', async () => {
    serve()
    renderPage(<ManagementConsolePage />, { user: admin })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('tab', { name: 'System' }))
    const panel = within(screen.getByRole('tabpanel'))
    await waitFor(() => expect(panel.getByText('Leagues').parentElement).toHaveTextContent('2'))
    await waitFor(() => expect(panel.getByText('Games').parentElement).toHaveTextContent('1'))
    expect(panel.getByText('Active pools').parentElement).toHaveTextContent('1')
    expect(panel.getByText('Available pools').parentElement).toHaveTextContent('2')
    expect(screen.getByText(/cancelled and every payment refunded automatically/)).toBeInTheDocument()
  })
})
