import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { player, renderPage, stubFetch } from '@/test/utils'
import type { Prize } from '@/lib/types'
import { DashboardPage } from './dashboard-page'

const q1: Prize = {
  id: 7,
  winnerId: 31,
  poolId: 12,
  poolName: '$5 Pool',
  gameId: 40,
  game: 'Kansas City Chiefs @ Buffalo Bills',
  awayTeam: 'Kansas City Chiefs',
  homeTeam: 'Buffalo Bills',
  kickoff: '2026-11-29T18:00:00Z',
  period: 1,
  periodLabel: 'Q1',
  amount: '112.50',
  status: 'unclaimed',
  creditedAt: '2026-11-29T19:00:00Z',
  claimBy: '2026-12-29T19:00:00Z',
  daysLeft: 30,
  claimedAt: null,
  paidAt: null,
  forfeitedAt: null,
}

function dashboard(prizes: Prize[]) {
  stubFetch({ 'GET /api/pools?leagueId=1': { body: [] }, 'GET /api/user/pools': { body: [] }, 'GET /api/user/prizes': { body: prizes } })
  renderPage(<DashboardPage />, { path: '/dashboard', user: player })
}

describe('Dashboard unclaimed prizes banner', () => {
  it('names the amount to claim and the days left, linking to the claim', async () => {
    dashboard([q1])
    const banner = await screen.findByRole('region', { name: 'Unclaimed prizes' })
    expect(banner).toHaveTextContent('You have $112.50 in unclaimed prizes — 30 days left to claim')
    expect(banner).toHaveTextContent('Q1 · Kansas City Chiefs @ Buffalo Bills · $5 Pool. Claim it by Tue, Dec 29, 2026.')
    expect(within(banner).getByRole('link', { name: 'Claim $112.50' })).toHaveAttribute('href', '/my-pools?tab=winnings&claim=7')
  })

  it('adds up several prizes and counts the days to the nearest deadline', async () => {
    const final = { ...q1, id: 9, period: 4, periodLabel: 'Final', amount: '112.50', daysLeft: 1, claimBy: '2026-12-01T19:00:00Z' }
    const paid = { ...q1, id: 3, amount: '50.00', status: 'paid', daysLeft: 0 }
    dashboard([q1, final, paid])
    const banner = await screen.findByRole('region', { name: 'Unclaimed prizes' })
    expect(banner).toHaveTextContent('You have $225.00 in unclaimed prizes — 1 day left to claim')
    expect(banner).toHaveTextContent('2 prizes to claim; the first by Tue, Dec 1, 2026.')
    expect(within(banner).getByRole('link', { name: 'Claim your prizes' })).toHaveAttribute('href', '/my-pools?tab=winnings')
  })

  it('says nothing when nothing is left to claim', async () => {
    dashboard([{ ...q1, status: 'paid', daysLeft: 0 }])
    expect(await screen.findByText('No Active Pools')).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Unclaimed prizes' })).not.toBeInTheDocument()
    expect(screen.queryByText(/unclaimed prizes/)).not.toBeInTheDocument()
  })
})
