import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { renderPage, stubFetch } from '@/test/utils'
import { AnalyticsPage } from './analytics-page'
import { admin, adminNamedPlayer } from '@/test/admin'
import { stats } from './admin-test-data'

describe('AnalyticsPage', () => {
  it("shows the server's figures: users with verified %, pools, revenue, conversion, and bars from them", async () => {
    stubFetch({ 'GET /api/admin/stats': { body: stats } })
    renderPage(<AnalyticsPage />, { user: admin })
    expect(await screen.findByText('95.5% verified')).toBeInTheDocument()
    expect(screen.getByText('Total users').parentElement).toHaveTextContent('22')
    expect(screen.getByText('11 draft · 1 completed')).toBeInTheDocument()
    // Money taken in, apart from what the house kept of it.
    expect(screen.getAllByText('Gross entries')[0].parentElement).toHaveTextContent('$1,000.00')
    expect(screen.getByText('$250.00 today · money taken in')).toBeInTheDocument()
    expect(screen.getAllByText('House revenue')[0].parentElement).toHaveTextContent('$100.00')
    expect(screen.getByText('$25.00 today · fees kept')).toBeInTheDocument()
    expect(screen.getByText('Conversion rate').parentElement).toHaveTextContent('90.9%')
    expect(screen.getByText('20 of 22 players own a square')).toBeInTheDocument()

    const pools = within(screen.getByRole('list', { name: 'Pools by status' }))
    const bars = pools.getAllByTestId('bar')
    expect(bars).toHaveLength(7)
    expect(bars[0]).toHaveTextContent('Draft11')
    expect(bars[6]).toHaveTextContent('Cancelled5')
    // The largest figure fills its bar; the others are in proportion.
    expect((bars[0].querySelector('[style]') as HTMLElement).style.width).toBe('100%')
    expect((bars[6].querySelector('[style]') as HTMLElement).style.width).toBe('45%')
    const users = within(screen.getByRole('list', { name: 'User breakdown' }))
    expect(users.getByText('21 · 95.5%')).toBeInTheDocument()
    expect(screen.getByText('House revenue (fees kept)').nextElementSibling).toHaveTextContent('$100.00')
    expect(screen.getByText('House revenue today').nextElementSibling).toHaveTextContent('$25.00')
    expect(screen.getByText('Gross entries today').nextElementSibling).toHaveTextContent('$250.00')
    expect(screen.queryByText('Total revenue')).not.toBeInTheDocument()
  })

  it('says there is nothing yet instead of drawing empty bars', async () => {
    stubFetch({
      'GET /api/admin/stats': {
        body: { ...stats, totalUsers: 0, ageVerifiedUsers: 0, eligibleUsers: 0, playersWithSquares: 0, conversionRate: 0, totalPools: 0,
          poolsByStatus: { draft: 0, active: 0, inactive: 0, full: 0, started: 0, completed: 0, cancelled: 0 } },
      },
    })
    renderPage(<AnalyticsPage />, { user: admin })
    expect(await screen.findByText('No players have registered yet.')).toBeInTheDocument()
    expect(screen.getByText('No pools yet.')).toBeInTheDocument()
    expect(screen.getByText('0% verified')).toBeInTheDocument()
  })

  it('turns a player away', async () => {
    const fetch = stubFetch({})
    renderPage(<AnalyticsPage />, { user: adminNamedPlayer })
    expect(await screen.findByText('Access Denied')).toBeInTheDocument()
    expect(fetch).not.toHaveBeenCalled()
  })
})
