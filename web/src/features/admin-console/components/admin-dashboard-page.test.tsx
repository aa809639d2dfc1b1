import { describe, expect, it, vi } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderPage, stubFetch, urlOf } from '@/test/utils'
import { AdminDashboardPage } from './admin-dashboard-page'
import { makePool } from '@/test/pool'
import { admin } from '@/test/admin'
import { stats } from './admin-test-data'

describe('AdminDashboardPage', () => {
  it('shows the real counts, not a fixed 425', async () => {
    const game = { ...makePool().game!, gameDate: '2026-11-29T21:25:00Z' }
    stubFetch({ 'GET /api/admin/stats': { body: stats }, 'GET /api/pools': { body: [makePool({ name: '$5 Pool', entryFee: '5.00', game })] } })
    renderPage(<AdminDashboardPage />, { user: admin })
    expect(await screen.findByRole('heading', { name: 'Admin Command Center' })).toBeInTheDocument()
    const games = (await screen.findByText('NFL games ready')).parentElement!
    await waitFor(() => expect(games).toHaveTextContent('7'))
    expect(screen.queryByText('425')).not.toBeInTheDocument()
    expect(screen.getByText('Total pools').parentElement).toHaveTextContent('20')
    expect(screen.getByText('Active pools').parentElement).toHaveTextContent('3')
    expect(screen.getByText('11 drafts')).toBeInTheDocument()
    expect(screen.getByText('Users ready').parentElement).toHaveTextContent('22')
    // Money taken in, not called revenue: the house keeps only its fees.
    expect(screen.getByText('Entries today $250.00')).toBeInTheDocument()
    // The latest pools name their game: away @ home, kickoff in Eastern time.
    expect(await screen.findByRole('link', { name: 'Chiefs @ Bills, Sun 4:25 PM ET' })).toHaveAttribute('href', '/pool/31')
  })

  it('launches the season while drafts exist, with the count in the toast', async () => {
    let launched = false
    const fetch = stubFetch({
      'GET /api/admin/stats': () => ({ body: launched ? { ...stats, draftPools: 0, activePools: 14 } : stats }),
      'GET /api/pools': { body: [] },
      'POST /api/admin/activate-season': () => {
        launched = true
        return { body: { activatedCount: 11 } }
      },
    })
    renderPage(<AdminDashboardPage />, { user: admin })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'LAUNCH 2025 SEASON' }))
    expect(await screen.findByText('2025 Season Activated!')).toBeInTheDocument()
    expect(screen.getByText('11 pools are now live.')).toBeInTheDocument()
    expect(fetch.mock.calls.some(([u, i]) => urlOf(u).endsWith('/api/admin/activate-season') && i?.method === 'POST')).toBe(true)
    // No draft left: the button goes.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'LAUNCH 2025 SEASON' })).not.toBeInTheDocument())
  })

  it("shows the server's message when the launch fails, and no button without drafts", async () => {
    stubFetch({
      'GET /api/admin/stats': { body: stats },
      'GET /api/pools': { body: [] },
      'POST /api/admin/activate-season': { status: 422, body: { message: 'Pool 4 cannot go from draft to active: its game has started.', code: 'unprocessable' } },
    })
    const user = userEvent.setup()
    const { unmount } = renderPage(<AdminDashboardPage />, { user: admin })
    await user.click(await screen.findByRole('button', { name: 'LAUNCH 2025 SEASON' }))
    expect(await screen.findByText('Season Activation Failed')).toBeInTheDocument()
    expect(screen.getByText('Pool 4 cannot go from draft to active: its game has started.')).toBeInTheDocument()
    unmount()

    stubFetch({ 'GET /api/admin/stats': { body: { ...stats, draftPools: 0 } }, 'GET /api/pools': { body: [] } })
    renderPage(<AdminDashboardPage />, { user: admin })
    await waitFor(() => expect(screen.getByText('0 drafts')).toBeInTheDocument())
    expect(screen.queryByRole('button', { name: 'LAUNCH 2025 SEASON' })).not.toBeInTheDocument()
  })

  it('opens the quick actions in a new tab and scrolls to the management console', async () => {
    stubFetch({ 'GET /api/admin/stats': { body: stats }, 'GET /api/pools': { body: [] } })
    renderPage(<AdminDashboardPage />, { user: admin })
    const links = await screen.findAllByRole('link', { name: /opens in a new tab/ })
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/admin-simple', '/dashboard', '/analytics', '/payment-test', '/score-feed-test'])
    for (const l of links) expect(l).toHaveAttribute('target', '_blank')
    const scroll = vi.spyOn(Element.prototype, 'scrollIntoView')
    await userEvent.setup().click(screen.getByRole('button', { name: 'Management Console' }))
    expect(scroll).toHaveBeenCalled()
    expect(scroll.mock.contexts[0]).toBe(document.getElementById('management-console'))
    expect(screen.getByRole('tab', { name: 'Leagues' })).toBeInTheDocument()
  })
})
