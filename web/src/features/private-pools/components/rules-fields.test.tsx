import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { bodyOf, player, renderPage, stubFetch } from '@/test/utils'
import { later, makePool } from '@/test/pool'
import { builtInPresets } from '@/lib/rules'
import { CreatePrivatePoolPage } from './create-private-pool-page'

const games = [
  { id: 3, leagueId: 1, homeTeam: 'Buffalo Bills', awayTeam: 'Kansas City Chiefs', gameDate: later(72), status: 'scheduled', homeScore: null, awayScore: null, quarter: null, week: 'W12' },
]
const created = { status: 201, body: { pool: makePool({ id: 41, isPrivate: true }), inviteCode: 'K7QW2MXP', invitations: [] } }
const form = () => screen.getByRole('form', { name: 'Create private pool' })
const submit = (user: ReturnType<typeof userEvent.setup>) => user.click(within(form()).getByRole('button', { name: 'Create Private Pool' }))

async function openForm(routes: Parameters<typeof stubFetch>[0] = {}) {
  const fetch = stubFetch({ 'GET /api/games': { body: games }, 'POST /api/pools/private': created, ...routes })
  const user = userEvent.setup()
  renderPage(<CreatePrivatePoolPage />, { path: '/create-private-pool', user: player })
  await user.selectOptions(await screen.findByLabelText('Game'), '3')
  await user.type(screen.getByLabelText('Pool Name'), 'Office pool')
  return { fetch, user }
}

const percentOf = (label: string) => within(screen.getByRole('group', { name: 'Payout per period (% of the prize pool)' })).getByLabelText(label)

describe('The rules of a new private pool', () => {
  it("offers the server's presets for the game's league, and sends the one chosen", async () => {
    // The server's names and rules win over the built-in copy.
    const presets = builtInPresets(1).map((p) => (p.name === 'Every score' ? { ...p, rules: { ...p.rules, everyScorePercent: 60, payouts: [{ period: 'FINAL', percent: 40 }] } } : p))
    const { fetch, user } = await openForm({ 'GET /api/rules/presets?leagueId=1': { body: presets } })
    const schedule = screen.getByLabelText('Payout Schedule')
    // Today's schedules keep their values ("20/30/20/30"), so a schedule is chosen as before rules.
    expect(within(schedule).getAllByRole('option').map((o) => [o.textContent, (o as HTMLOptionElement).value])).toEqual([
      ['Standard (25/25/25/25)', '25/25/25/25'],
      ['20/30/20/30', '20/30/20/30'],
      ['Every score', 'Every score'],
      ['Reverse', 'Reverse'],
      ['Custom', 'custom'],
    ])
    // Chosen once the server's presets are read (the built-in copy until then).
    await waitFor(async () => {
      await user.selectOptions(schedule, 'Every score')
      expect(percentOf('Final')).toHaveValue(40)
    })
    expect(percentOf('Q1')).toHaveValue(0)
    expect(screen.getByLabelText('Every score pays (% of the prize pool)')).toHaveValue(60)
    await submit(user)
    await screen.findByText('Private Pool Created!')
    const body = bodyOf(fetch, 'POST', '/api/pools/private') as Record<string, unknown>
    expect(body.rules).toEqual({ grid: 100, numbers: 'once', unfilled: 'cancel', reversePercent: 0, everyScorePercent: 60, payouts: [{ period: 'FINAL', percent: 40 }] })
    // Not today's schedule: a server older than rules is not told one.
    expect(body).not.toHaveProperty('payoutSchedule')
  })

  it('shows the sum, and blocks a sum other than 100 with its error text, without sending', async () => {
    const { fetch, user } = await openForm()
    expect(screen.getByTestId('rules-sum')).toHaveTextContent('Total: 100%')
    await user.clear(percentOf('Q1'))
    await user.type(percentOf('Q1'), '15')
    expect(screen.getByTestId('rules-sum')).toHaveTextContent('Total: 90%: it must be 100%.')
    expect(screen.getByLabelText('Payout Schedule')).toHaveValue('custom')
    await submit(user)
    expect(screen.getByText('The payout percents and the every-score percent must add up to 100; they add up to 90.')).toBeInTheDocument()
    await user.clear(screen.getByLabelText('Reverse winner (% of each period’s prize)'))
    await user.type(screen.getByLabelText('Reverse winner (% of each period’s prize)'), '60')
    await submit(user)
    expect(screen.getByText('Reverse percent must be 0 to 50.')).toBeInTheDocument()
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false)
  })

  it('gives the pot and each prize of the grid chosen at the entry fee, and sends a custom 25-square every-score pool', async () => {
    const { fetch, user } = await openForm()
    // $5 a square: 100 squares $500, 50 squares $250, 25 squares $125.
    expect(screen.getByRole('radio', { name: /100 squares.*pot \$500\.00/ })).toBeChecked()
    expect(screen.getByRole('radio', { name: /50 squares.*pot \$250\.00/ })).toBeInTheDocument()
    await user.click(screen.getByRole('radio', { name: /25 squares.*pot \$125\.00/ }))
    await user.clear(percentOf('Q1'))
    await user.type(percentOf('Q1'), '10')
    await user.clear(percentOf('Q2'))
    await user.type(percentOf('Q2'), '15')
    await user.clear(percentOf('Q3'))
    await user.type(percentOf('Q3'), '10')
    await user.clear(percentOf('Final'))
    await user.type(percentOf('Final'), '15')
    await user.clear(screen.getByLabelText('Every score pays (% of the prize pool)'))
    await user.type(screen.getByLabelText('Every score pays (% of the prize pool)'), '50')
    await user.clear(screen.getByLabelText('Reverse winner (% of each period’s prize)'))
    await user.type(screen.getByLabelText('Reverse winner (% of each period’s prize)'), '20')
    await user.click(screen.getByRole('radio', { name: 'New numbers each period' }))
    await user.click(screen.getByRole('radio', { name: 'Play it as it stands' }))
    expect(screen.getByTestId('rules-prizes')).toHaveTextContent('Pot $125.00 (25 squares x $5.00), no house fee. A full board pays:')
    expect(within(screen.getByRole('list', { name: 'Prizes of a full board' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Q1: $12.50 ($10.00 winner, $2.50 reverse)',
      'Q2: $18.75 ($15.00 winner, $3.75 reverse)',
      'Q3: $12.50 ($10.00 winner, $2.50 reverse)',
      'Final: $18.75 ($15.00 winner, $3.75 reverse)',
      'Every score: $62.50 split among the changes of the score',
    ])
    expect(screen.getByText(/A pool that is not full 2 hours before kickoff is played as it stands\./)).toBeInTheDocument()
    await submit(user)
    await screen.findByText('Private Pool Created!')
    expect((bodyOf(fetch, 'POST', '/api/pools/private') as Record<string, unknown>).rules).toEqual({
      grid: 25,
      numbers: 'per-period',
      unfilled: 'play',
      reversePercent: 20,
      everyScorePercent: 50,
      payouts: [
        { period: 'Q1', percent: 10 },
        { period: 'Q2', percent: 15 },
        { period: 'Q3', percent: 10 },
        { period: 'FINAL', percent: 15 },
      ],
    })
  })

  it("shows the server's error on a rule by its field", async () => {
    const { user } = await openForm({
      'POST /api/pools/private': {
        status: 400,
        body: { message: 'Grid must be 100, 50 or 25 squares.', code: 'invalid_input', fields: { 'rules.grid': 'Grid must be 100, 50 or 25 squares.' } },
      },
    })
    await submit(user)
    expect(await screen.findByText('Error Creating Pool')).toBeInTheDocument()
    expect(within(screen.getByRole('group', { name: 'Grid size' })).getByText('Grid must be 100, 50 or 25 squares.')).toBeInTheDocument()
  })
})
