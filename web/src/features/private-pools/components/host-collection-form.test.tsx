import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { bodyOf, player, renderPage, stubFetch } from '@/test/utils'
import { later, makePool } from '@/test/pool'
import { CreatePrivatePoolPage } from './create-private-pool-page'
import { defaultPayBy, toLocalInput } from './private-pool-form-rules'

const kickoff = later(72)
const games = [
  { id: 3, leagueId: 1, homeTeam: 'Buffalo Bills', awayTeam: 'Kansas City Chiefs', gameDate: kickoff, status: 'scheduled', homeScore: null, awayScore: null, quarter: null, week: 'W12' },
]
const form = () => screen.getByRole('form', { name: 'Create private pool' })
const submit = () => within(form()).getByRole('button', { name: 'Create Private Pool' })

async function fillBasics(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(await screen.findByLabelText('Game'), '3')
  await user.type(screen.getByLabelText('Pool Name'), 'Party')
  await user.clear(screen.getByLabelText('Entry Fee ($ per square)'))
  await user.type(screen.getByLabelText('Entry Fee ($ per square)'), '10')
}

describe('Create private pool: who collects the money', () => {
  it('offers card (the default) or the host; the host gets instructions with a counter and the pay-by time, 24 h before kickoff', async () => {
    stubFetch({ 'GET /api/games': { body: games } })
    const user = userEvent.setup()
    renderPage(<CreatePrivatePoolPage />, { path: '/create-private-pool', user: player })
    await user.selectOptions(await screen.findByLabelText('Game'), '3')
    expect(screen.getByRole('radio', { name: /Card, through Squares/ })).toBeChecked()
    expect(screen.queryByLabelText(/Payment instructions/)).not.toBeInTheDocument()
    await user.click(screen.getByRole('radio', { name: /I collect the money myself/ }))
    const instructions = screen.getByLabelText(/Payment instructions/)
    expect(screen.getByText('0/500')).toBeInTheDocument()
    await user.type(instructions, 'Venmo @dana{Enter}or cash')
    expect(screen.getByText('19/500')).toBeInTheDocument()
    expect(screen.getByLabelText('Pay by')).toHaveValue(toLocalInput(defaultPayBy(kickoff)))
    expect(screen.getByText(/Squares charges no fee and holds none of this pool’s money/)).toBeInTheDocument()
  })

  it('sends collection and instructions, and payBy only when the host sets one; a deadline after kickoff is refused at its field', async () => {
    const pool = makePool({ id: 42, name: 'Party', entryFee: '10.00', isPrivate: true, collection: 'host', payBy: later(48) })
    const fetch = stubFetch({
      'GET /api/games': { body: games },
      'POST /api/pools/private': { status: 201, body: { pool, inviteCode: 'K7QW2MXP', invitations: [] } },
    })
    const user = userEvent.setup()
    renderPage(<CreatePrivatePoolPage />, { path: '/create-private-pool', user: player })
    await fillBasics(user)
    await user.click(screen.getByRole('radio', { name: /I collect the money myself/ }))
    // Pasted, not typed: 501 keystrokes each render the whole form.
    await user.click(screen.getByLabelText(/Payment instructions/))
    await user.paste('x'.repeat(501))
    const payBy = screen.getByLabelText('Pay by')
    await user.clear(payBy)
    await user.type(payBy, toLocalInput(new Date(Date.parse(kickoff) + 3600_000)))
    await user.click(submit())
    expect(await screen.findByText('Payment instructions must be at most 500 characters.')).toBeInTheDocument()
    expect(screen.getByText('Pay by must be before kickoff.')).toBeInTheDocument()
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false)

    await user.clear(screen.getByLabelText(/Payment instructions/))
    await user.type(screen.getByLabelText(/Payment instructions/), 'Venmo @dana')
    const due = new Date(Date.parse(kickoff) - 30 * 3600_000)
    due.setSeconds(0, 0)
    await user.clear(payBy)
    await user.type(payBy, toLocalInput(due))
    await user.click(submit())
    expect(await screen.findByText('Private Pool Created!')).toBeInTheDocument()
    expect(bodyOf(fetch, 'POST', '/api/pools/private')).toMatchObject({
      gameId: 3, entryFee: 10, collection: 'host', paymentInstructions: 'Venmo @dana', payBy: due.toISOString(),
    })
    expect(screen.getByText('You collect it, outside Squares (no fee)')).toBeInTheDocument()
  })

  it('leaves the default deadline to the server, and shows its field errors at the fields', async () => {
    const fetch = stubFetch({
      'GET /api/games': { body: games },
      'POST /api/pools/private': {
        status: 400,
        body: { message: 'Invalid', code: 'invalid', fields: { payBy: 'Pay by must be a time to come.', paymentInstructions: 'Payment instructions must be printable text.' } },
      },
    })
    const user = userEvent.setup()
    renderPage(<CreatePrivatePoolPage />, { path: '/create-private-pool', user: player })
    await fillBasics(user)
    await user.click(screen.getByRole('radio', { name: /I collect the money myself/ }))
    await user.click(submit())
    expect(await screen.findByText('Pay by must be a time to come.')).toBeInTheDocument()
    expect(screen.getByLabelText('Pay by')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByText('Payment instructions must be printable text.')).toBeInTheDocument()
    const body = bodyOf(fetch, 'POST', '/api/pools/private') as Record<string, unknown>
    expect(body.collection).toBe('host')
    expect(body).not.toHaveProperty('payBy')
  })

  it('sends a card pool as before: no collection fields', async () => {
    const fetch = stubFetch({ 'GET /api/games': { body: games }, 'POST /api/pools/private': { status: 201, body: { pool: makePool({ id: 1, isPrivate: true }), inviteCode: 'A', invitations: [] } } })
    const user = userEvent.setup()
    renderPage(<CreatePrivatePoolPage />, { path: '/create-private-pool', user: player })
    await fillBasics(user)
    await user.click(submit())
    await screen.findByText('Private Pool Created!')
    expect(bodyOf(fetch, 'POST', '/api/pools/private')).not.toHaveProperty('collection')
  })
})
