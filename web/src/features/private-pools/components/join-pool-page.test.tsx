import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { bodyOf, player, renderPage, stubFetch, urlOf } from '@/test/utils'
import { makePool } from '@/test/pool'
import { JoinPoolPage } from './join-pool-page'

afterEach(() => window.sessionStorage.clear())

describe('Join by code', () => {
  it('asks a visitor with an invitation link to sign in, and remembers the link', async () => {
    stubFetch({})
    renderPage(<JoinPoolPage />, { path: '/join/:code', at: '/join/k7qw2mxp' })
    expect(screen.getByText("You're invited to a private pool")).toBeInTheDocument()
    expect(screen.getByText('K7QW2MXP')).toBeInTheDocument()
    await waitFor(() => expect(window.sessionStorage.getItem('squares.returnTo')).toBe('/join/k7qw2mxp'))
  })

  it('joins at once from a link when signed in, and goes to the pool', async () => {
    const fetch = stubFetch({ 'POST /api/pools/join': { body: { pool: makePool({ id: 7, isPrivate: true }) } } })
    renderPage(<JoinPoolPage />, { path: '/join/:code', at: '/join/K7QW2MXP', user: player, strict: true })
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/pool/7'))
    expect(bodyOf(fetch, 'POST', '/api/pools/join')).toEqual({ inviteCode: 'K7QW2MXP' })
    expect(fetch.mock.calls.filter(([u]) => urlOf(u) === '/api/pools/join')).toHaveLength(1)
  })

  it("asks for a code, and shows the server's refusal", async () => {
    stubFetch({ 'POST /api/pools/join': { status: 404, body: { message: 'No pool has this invite code.', code: 'not_found' } } })
    const user = userEvent.setup()
    renderPage(<JoinPoolPage />, { path: '/join', user: player })
    const form = screen.getByRole('form', { name: 'Join by code' })
    await user.click(within(form).getByRole('button', { name: 'Join Pool' }))
    expect(screen.getByText('Please enter an invite code')).toBeInTheDocument()
    await user.type(screen.getByLabelText('Invite Code'), 'nope2345')
    expect(screen.getByLabelText('Invite Code')).toHaveValue('NOPE2345')
    await user.click(within(form).getByRole('button', { name: 'Join Pool' }))
    expect(await screen.findByText('No pool has this invite code.')).toBeInTheDocument()
    expect(screen.getByTestId('location')).toHaveTextContent('/join')
  })

  it("shows a player who has not verified their age the server's refusal with a way to verify", async () => {
    stubFetch({
      'POST /api/pools/join': { status: 422, body: { message: 'Please verify your age before joining a private pool.', code: 'unprocessable' } },
    })
    const user = userEvent.setup()
    renderPage(<JoinPoolPage />, { path: '/join/:code', at: '/join/K7QW2MXP', user: { ...player, isAgeVerified: false, isEligibleToBet: false } })
    expect(await screen.findByText('Please verify your age before joining a private pool.')).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Verify your age' }))
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/age-verification'))
  })
})
