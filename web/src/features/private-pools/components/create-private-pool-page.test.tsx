import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { bodyOf, player, renderPage, stubFetch } from '@/test/utils'
import { later, makePool } from '@/test/pool'
import { CreatePrivatePoolPage } from './create-private-pool-page'

const games = [
  { id: 3, leagueId: 1, homeTeam: 'Buffalo Bills', awayTeam: 'Kansas City Chiefs', gameDate: later(72), status: 'scheduled', homeScore: null, awayScore: null, quarter: null, week: 'W12' },
  { id: 4, leagueId: 6, homeTeam: 'Duke', awayTeam: 'UNC', gameDate: later(48), status: 'scheduled', homeScore: null, awayScore: null, quarter: null, week: 'W12' },
  { id: 5, leagueId: 1, homeTeam: 'Too', awayTeam: 'Late', gameDate: later(1), status: 'scheduled', homeScore: null, awayScore: null, quarter: null, week: 'W12' },
]

const form = () => screen.getByRole('form', { name: 'Create private pool' })

afterEach(() => window.sessionStorage.clear())

describe('Create private pool', () => {
  it('shows visitors the Authentication Required card, whose sign-in returns here', async () => {
    stubFetch({})
    const user = userEvent.setup()
    renderPage(<CreatePrivatePoolPage />, { path: '/create-private-pool' })
    expect(screen.getByText('Authentication Required')).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Sign In' }))
    expect(window.sessionStorage.getItem('squares.returnTo')).toBe('/create-private-pool')
  })

  it('has the defaults (fee 5, 5 squares), lists only games still open, and shows every validation message without sending', async () => {
    const fetch = stubFetch({ 'GET /api/games': { body: games } })
    const user = userEvent.setup()
    renderPage(<CreatePrivatePoolPage />, { path: '/create-private-pool', user: player })
    const select = await screen.findByLabelText('Game')
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Select a game',
      expect.stringMatching(/^UNC @ Duke/),
      expect.stringMatching(/^Kansas City Chiefs @ Buffalo Bills/),
    ])
    expect(screen.getByLabelText('Entry Fee ($ per square)')).toHaveValue(5)
    expect(screen.getByLabelText('Max Squares per Player')).toHaveValue(5)

    await user.click(within(form()).getByRole('button', { name: 'Create Private Pool' }))
    expect(await screen.findByText('Please select a game')).toBeInTheDocument()
    expect(screen.getByText('Pool name must be at least 3 characters')).toBeInTheDocument()

    const fee = screen.getByLabelText('Entry Fee ($ per square)')
    const max = screen.getByLabelText('Max Squares per Player')
    for (const [f, m, feeMsg, maxMsg] of [
      ['-1', '0', 'Entry fee must be non-negative', 'Must allow at least 1 square'],
      ['1000.01', '26', 'Entry fee cannot exceed $1000', 'Cannot exceed 25 squares per player'],
    ]) {
      await user.clear(fee)
      await user.type(fee, f)
      await user.clear(max)
      await user.type(max, m)
      await user.click(within(form()).getByRole('button', { name: 'Create Private Pool' }))
      expect(await screen.findByText(feeMsg)).toBeInTheDocument()
      expect(screen.getByText(maxMsg)).toBeInTheDocument()
    }
    const email = screen.getByLabelText(/Invite by Email/)
    await user.type(email, 'nope{Enter}')
    expect(screen.getByText('Invalid email address')).toBeInTheDocument()
    await user.clear(email)
    await user.type(email, 'Sam@Example.com{Enter}')
    await user.type(email, 'sam@example.com{Enter}')
    expect(screen.getByText('sam@example.com is already on the list.')).toBeInTheDocument()
    expect(within(screen.getByRole('list', { name: 'Invited addresses' })).getAllByRole('listitem')).toHaveLength(1)
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false)
  })

  it("edits the rules per period of the game's league: Q1-Q4 and Final, or 1st Half and Final in college basketball", async () => {
    stubFetch({ 'GET /api/games': { body: games } })
    const user = userEvent.setup()
    renderPage(<CreatePrivatePoolPage />, { path: '/create-private-pool', user: player })
    const payouts = await screen.findByRole('group', { name: 'Payout per period (% of the prize pool)' })
    expect(within(payouts).getAllByRole('spinbutton').map((i) => [i.closest('label')?.textContent, (i as HTMLInputElement).value])).toEqual([
      ['Q1', '25'],
      ['Q2', '25'],
      ['Q3', '25'],
      ['Q4', '0'],
      ['Final', '25'],
    ])
    await user.selectOptions(screen.getByLabelText('Game'), '4')
    await waitFor(() =>
      expect(within(payouts).getAllByRole('spinbutton').map((i) => [i.closest('label')?.textContent, (i as HTMLInputElement).value])).toEqual([
        ['1st Half', '50'],
        ['Final', '50'],
      ]),
    )
    expect(screen.getByLabelText('Payout Schedule')).toHaveValue('50/50')
    expect(within(screen.getByLabelText('Payout Schedule')).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Standard (50/50)',
      '20/30/20/30 (40/60)',
      'Every score',
      'Reverse',
      'Custom',
    ])
  })

  it('creates the pool and shows the invite code and link with copy buttons, the invitations, and View Pool', async () => {
    const pool = makePool({ id: 41, name: 'Office pool', entryFee: '0.00', maxSquaresPerPlayer: 10, isPrivate: true, payoutSchedule: [20, 30, 20, 30] })
    const fetch = stubFetch({
      'GET /api/games': { body: games },
      'POST /api/pools/private': { status: 201, body: { pool, inviteCode: 'K7QW2MXP', invitations: [{ id: 1, email: 'sam@example.com' }] } },
    })
    const user = userEvent.setup()
    renderPage(<CreatePrivatePoolPage />, { path: '/create-private-pool', user: player })
    await user.selectOptions(await screen.findByLabelText('Game'), '3')
    await user.type(screen.getByLabelText('Pool Name'), ' Office pool ')
    await user.clear(screen.getByLabelText('Entry Fee ($ per square)'))
    await user.type(screen.getByLabelText('Entry Fee ($ per square)'), '0')
    await user.clear(screen.getByLabelText('Max Squares per Player'))
    await user.type(screen.getByLabelText('Max Squares per Player'), '10')
    await user.selectOptions(screen.getByLabelText('Payout Schedule'), '20/30/20/30')
    await user.type(screen.getByLabelText(/Invite by Email/), 'sam@example.com')
    await user.click(within(form()).getByRole('button', { name: 'Create Private Pool' }))

    expect(await screen.findByText('Private Pool Created!')).toBeInTheDocument()
    expect(bodyOf(fetch, 'POST', '/api/pools/private')).toEqual({
      gameId: 3, name: 'Office pool', entryFee: 0, maxSquaresPerPlayer: 10, inviteEmails: ['sam@example.com'], payoutSchedule: '20/30/20/30',
      rules: {
        grid: 100, numbers: 'once', unfilled: 'cancel', reversePercent: 0, everyScorePercent: 0,
        payouts: [{ period: 'Q1', percent: 20 }, { period: 'Q2', percent: 30 }, { period: 'Q3', percent: 20 }, { period: 'FINAL', percent: 30 }],
      },
    })
    expect(screen.getByText('K7QW2MXP')).toBeInTheDocument()
    expect(screen.getByText(`${window.location.origin}/join/K7QW2MXP`)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Copy invite code' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Copy invite link' })).toBeInTheDocument()
    expect(screen.getByText('Invitations sent (1)')).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'View Pool' }))
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/pool/41'))
  })

  it('sends a player who has not verified their age to verification instead of the form (issue 19)', async () => {
    const fetch = stubFetch({ 'GET /api/games': { body: games } })
    const user = userEvent.setup()
    renderPage(<CreatePrivatePoolPage />, {
      path: '/create-private-pool',
      user: { ...player, isAgeVerified: false, isEligibleToBet: false, complianceStatus: 'pending' },
    })
    expect(screen.getByText('Verify your age first')).toBeInTheDocument()
    expect(screen.getByText(/Only age-verified players create private pools and send invitations/)).toBeInTheDocument()
    expect(screen.queryByRole('form', { name: 'Create private pool' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Verify Your Age' }))
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/age-verification'))
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false)
  })

  it("shows the server's fee cap and keeps to it, and refuses a name that is not one line of text, without sending", async () => {
    const fetch = stubFetch({
      'GET /api/games': { body: games },
      'GET /api/config': { body: { devMode: false, paymentsProvider: 'sandbox', stripePublishableKey: null, privateMaxFee: '100.00' } },
    })
    const user = userEvent.setup()
    renderPage(<CreatePrivatePoolPage />, { path: '/create-private-pool', user: player })
    await user.selectOptions(await screen.findByLabelText('Game'), '3')
    expect(await screen.findByText('0 for a free pool; up to $100 a square.')).toBeInTheDocument()
    await user.type(screen.getByLabelText('Pool Name'), 'FREE \u202eelpmaxe.live')
    const fee = screen.getByLabelText('Entry Fee ($ per square)')
    await user.clear(fee)
    await user.type(fee, '100.01')
    await user.click(within(form()).getByRole('button', { name: 'Create Private Pool' }))
    expect(await screen.findByText('Entry fee cannot exceed $100 a square.')).toBeInTheDocument()
    expect(screen.getByText('Pool name must be one line of printable text.')).toBeInTheDocument()
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false)
  })

  it('starts a player who may not play paid pools from a free pool, and keeps it free', async () => {
    const fetch = stubFetch({ 'GET /api/games': { body: games } })
    const user = userEvent.setup()
    renderPage(<CreatePrivatePoolPage />, {
      path: '/create-private-pool',
      user: { ...player, residenceState: 'UT', isEligibleToBet: false, complianceStatus: 'restricted' },
    })
    const fee = await screen.findByLabelText('Entry Fee ($ per square)')
    expect(fee).toHaveValue(0)
    expect(screen.getByText('Free only: paid pools are not available where you live.')).toBeInTheDocument()
    await user.selectOptions(screen.getByLabelText('Game'), '3')
    await user.type(screen.getByLabelText('Pool Name'), 'Office pool')
    await user.clear(fee)
    await user.type(fee, '50')
    await user.click(within(form()).getByRole('button', { name: 'Create Private Pool' }))
    expect(await screen.findByText('Paid pools are not available where you live: set the entry fee to 0 for a free pool.')).toBeInTheDocument()
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false)
  })

  it("shows the server's field message and the spec's error toast", async () => {
    stubFetch({
      'GET /api/games': { body: games },
      'POST /api/pools/private': {
        status: 400,
        body: { message: 'This game is no longer open for new pools: pick an upcoming game.', code: 'invalid', fields: { gameId: 'This game is no longer open for new pools: pick an upcoming game.' } },
      },
    })
    const user = userEvent.setup()
    renderPage(<CreatePrivatePoolPage />, { path: '/create-private-pool', user: player })
    await user.selectOptions(await screen.findByLabelText('Game'), '3')
    await user.type(screen.getByLabelText('Pool Name'), 'Office pool')
    await user.click(within(form()).getByRole('button', { name: 'Create Private Pool' }))
    expect(await screen.findByText('Error Creating Pool')).toBeInTheDocument()
    expect(screen.getAllByText('This game is no longer open for new pools: pick an upcoming game.').length).toBeGreaterThan(0)
  })

  it("shows the new pool's money as the server pays it: no fee, the whole $200 pot, $50.00 a quarter", async () => {
    const payouts = ['Q1', 'Halftime', 'Q3', 'Final'].map((label, i) => ({ period: i + 1, code: ['Q1', 'Q2', 'Q3', 'FINAL'][i], label, percent: 25, amount: '50.00' }))
    const pool = makePool({ id: 42, name: 'Two-dollar friends', entryFee: '2.00', isPrivate: true, houseFeePercent: 0, prizePool: '0.00', prizePoolIfFull: '200.00', payouts })
    stubFetch({
      'GET /api/games': { body: games },
      'POST /api/pools/private': { status: 201, body: { pool, inviteCode: 'K7QW2MXP', invitations: [] } },
    })
    const user = userEvent.setup()
    renderPage(<CreatePrivatePoolPage />, { path: '/create-private-pool', user: player })
    await user.selectOptions(await screen.findByLabelText('Game'), '3')
    await user.type(screen.getByLabelText('Pool Name'), 'Two-dollar friends')
    await user.click(within(form()).getByRole('button', { name: 'Create Private Pool' }))
    expect(await screen.findByText('Private Pool Created!')).toBeInTheDocument()
    expect(screen.getByText('None: the whole pot goes to the winners')).toBeInTheDocument()
    expect(screen.getByText('$200.00')).toBeInTheDocument()
    expect(within(screen.getByRole('list', { name: 'Payout per period' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Q1: 25%, $50.00',
      'Halftime: 25%, $50.00',
      'Q3: 25%, $50.00',
      'Final: 25%, $50.00',
    ])
    expect(document.body.textContent).not.toMatch(/10%|\$45\.00|\$180/)
  })
})
