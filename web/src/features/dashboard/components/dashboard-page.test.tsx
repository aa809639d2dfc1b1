import { describe, expect, it } from 'vitest'
import { act, screen, waitFor, within } from '@testing-library/react'
import { makePool } from '@/test/pool'
import { player, renderPage, stubFetch } from '@/test/utils'
import { DashboardPage } from './dashboard-page'
import { queryKeys } from '@/lib/query-keys'

const pool = makePool({ drawCommitment: '', userSquareCount: 2 })

const NOTICE = "Couldn't refresh. Showing the last update."

describe('Dashboard', () => {
  it('lists the available pools by kickoff, the instant and not the text of its time', async () => {
    const at = (id: number, name: string, gameDate: string) =>
      makePool({ id, name, gameId: id, game: { ...makePool().game!, id, gameDate } })
    stubFetch({
      // 13:30 in New York is 18:30 UTC: after 18:00 UTC, though its text sorts first.
      'GET /api/pools?leagueId=1': { body: [at(41, 'Late Pool', '2030-11-29T13:30:00-05:00'), at(42, 'Early Pool', '2030-11-29T18:00:00Z')] },
      'GET /api/user/pools': { body: [] },
      'GET /api/user/prizes': { body: [] },
    })
    renderPage(<DashboardPage />, { path: '/dashboard', user: player })
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Available Pools' })).getAllByTestId('pool-card')).toHaveLength(2))
    const cards = within(screen.getByRole('region', { name: 'Available Pools' })).getAllByTestId('pool-card')
    expect(cards.map((card) => card.getAttribute('href'))).toEqual(['/pool/42', '/pool/41'])
  })

  it('shows a few shapes until its first answers, then the figures and the lists', async () => {
    stubFetch({ 'GET /api/pools?leagueId=1': { body: [pool] }, 'GET /api/user/pools': { body: [pool] }, 'GET /api/user/prizes': { body: [] } })
    renderPage(<DashboardPage />, { path: '/dashboard', user: player })
    const loading = screen.getByLabelText('Loading pools')
    expect(loading).toHaveAttribute('aria-busy', 'true')
    // The first answers take it out of the page whole: few elements (see dashboard-skeleton.tsx).
    expect(loading.querySelectorAll('*').length).toBeLessThan(25)
    expect(screen.queryByText('Available Pools')).not.toBeInTheDocument()
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Available Pools' })).getAllByTestId('pool-card')).toHaveLength(1))
    expect(screen.getByText('Your Active Pools', { selector: 'h2' })).toBeInTheDocument()
    expect(screen.queryByLabelText('Loading pools')).not.toBeInTheDocument()
  })
})

describe('Dashboard when a refresh fails', () => {
  it('keeps the pool lists after failed background refetches and says it could not refresh', async () => {
    let down = false
    const fail = { status: 503, body: { message: 'Unavailable' } }
    stubFetch({
      'GET /api/pools?leagueId=1': () => (down ? fail : { body: [pool] }),
      'GET /api/user/pools': () => (down ? fail : { body: [pool] }),
      'GET /api/user/prizes': { body: [] },
    })
    const { queryClient } = renderPage(<DashboardPage />, { path: '/dashboard', user: player })
    // The lists are drawn anew once every first answer is in, so the region is looked up each time.
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Available Pools' })).getAllByTestId('pool-card')).toHaveLength(1))
    expect(await screen.findByText('You own 2 squares')).toBeInTheDocument()

    down = true
    await act(() => queryClient.refetchQueries({ queryKey: queryKeys.pools.list({ leagueId: '1' }) }))
    await act(() => queryClient.refetchQueries({ queryKey: queryKeys.user.pools }))
    await waitFor(() => expect(screen.queryByText('Could not load pools') ?? screen.queryByText(NOTICE)).not.toBeNull())
    expect(screen.queryByText('Could not load pools')).not.toBeInTheDocument()
    expect(within(screen.getByRole('region', { name: 'Available Pools' })).getAllByTestId('pool-card')).toHaveLength(1)
    expect(screen.getByText('You own 2 squares')).toBeInTheDocument()
    expect(screen.getByText(NOTICE)).toBeInTheDocument()
  })

  it('says the pools could not be loaded when the first read fails, and not that you have none', async () => {
    const fail = { status: 503, body: { message: 'Unavailable' } }
    stubFetch({ 'GET /api/pools?leagueId=1': fail, 'GET /api/user/pools': fail })
    renderPage(<DashboardPage />, { path: '/dashboard', user: player })
    expect(await screen.findByText('Could not load pools')).toBeInTheDocument()
    expect(await screen.findByText('Could not load your pools')).toBeInTheDocument()
    expect(screen.queryByText('No Active Pools')).not.toBeInTheDocument()
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument()
  })
})
