import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { bodyOf, player, renderPage, stubFetch, urlOf } from '@/test/utils'
import { makePool } from '@/test/pool'
import { JoinPoolPage } from './join-pool-page'

afterEach(() => window.sessionStorage.clear())

describe('Join by code', () => {
  it("shows a visitor the invitation's pool before asking them to sign in, and comes back to the link", async () => {
    const fetch = stubFetch({
      'GET /api/invitations/K7QW2MXP': {
        body: {
          inviteCode: 'K7QW2MXP', name: 'Office Pool', game: 'Kansas City Chiefs @ Buffalo Bills', awayTeam: 'Kansas City Chiefs',
          homeTeam: 'Buffalo Bills', leagueId: 1, kickoff: '2026-11-29T18:00:00Z', entryFee: '10.00', host: 'Casey T.', spotsLeft: 97,
          maxSquaresPerPlayer: 7, status: 'active', salesCloseAt: '2099-11-29T16:00:00Z',
        },
      },
    })
    renderPage(<JoinPoolPage />, { path: '/join/:code', at: '/join/k7qw2mxp' })
    expect(screen.getByText("You're invited to a private pool")).toBeInTheDocument()
    expect(screen.getByText('K7QW2MXP')).toBeInTheDocument()
    const dl = await screen.findByLabelText('Pool details')
    const pairs = Array.from(dl.querySelectorAll('dt')).map((dt) => [dt.textContent, dt.nextElementSibling?.textContent])
    expect(pairs).toEqual([
      ['Pool', 'Office Pool'],
      ['Game', 'Kansas City Chiefs @ Buffalo Bills'],
      ['Kickoff', 'Sun, Nov 29, 1:00 PM ET'],
      ['Entry fee', '$10.00 per square'],
      ['Host', 'Casey T.'],
      ['Spots left', '97 of 100 squares'],
      ['Per player', 'Up to 7 squares'],
    ])
    expect(screen.getByText(/Casey T\. invited you to Office Pool\./)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Sign In to Join' })).toHaveAttribute('href', '/login?returnTo=%2Fjoin%2Fk7qw2mxp')
    expect(screen.getByRole('link', { name: 'Create Account' })).toHaveAttribute('href', '/login?tab=signup&returnTo=%2Fjoin%2Fk7qw2mxp')
    await waitFor(() => expect(window.sessionStorage.getItem('squares.returnTo')).toBe('/join/k7qw2mxp'))
    // A visitor reads; nothing is joined.
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0)
  })

  it('tells a visitor when the code leads to no pool, without offering to sign in for it', async () => {
    stubFetch({ 'GET /api/invitations/GONE2345': { status: 404, body: { message: 'No pool has this invite code.', code: 'not_found' } } })
    renderPage(<JoinPoolPage />, { path: '/join/:code', at: '/join/GONE2345' })
    expect(await screen.findByText('Invitation not found')).toBeInTheDocument()
    expect(screen.queryByLabelText('Pool details')).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Sign In to Join' })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Browse Pools' })).toHaveAttribute('href', '/dashboard')
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
    expect(await screen.findByText('Please enter an invite code')).toBeInTheDocument()
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
