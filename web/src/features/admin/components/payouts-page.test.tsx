import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderPage, stubFetch } from '@/test/utils'
import type { User } from '@/lib/types'
import { PayoutsPage } from './payouts-page'

const admin: User = {
  id: '1', email: '', username: 'boss', firstName: 'Admin', lastName: '', profileImageUrl: null, role: 'admin',
  isAgeVerified: true, isEligibleToBet: false, complianceStatus: 'verified',
}

const pending = {
  id: 7, poolId: 9, poolName: '$10 Pool', period: 1, periodLabel: 'Q1', amount: '225.00', status: 'payout_pending',
  creditedAt: '2026-11-22T18:00:00Z', claimBy: '2026-12-22T18:00:00Z', claimedAt: '2026-11-23T15:00:00Z', paidAt: null,
  forfeitedAt: null, userId: '12', firstName: 'Dana', lastName: 'Diaz', email: 'dana@example.com',
}

describe('PayoutsPage', () => {
  it('lists the pending payouts and marks one paid', async () => {
    let paid = false
    stubFetch({
      'GET /api/admin/payouts?status=pending': () => ({ body: paid ? [] : [pending] }),
      'POST /api/admin/payouts/7/paid': () => {
        paid = true
        return { body: { ...pending, status: 'paid', paidAt: '2026-11-24T10:00:00Z' } }
      },
    })
    const user = userEvent.setup()
    renderPage(<PayoutsPage />, { user: admin })
    const row = await screen.findByTestId('payout')
    expect(row).toHaveTextContent('Dana Diaz')
    expect(row).toHaveTextContent('dana@example.com')
    expect(within(row).getByText('$225.00')).toBeInTheDocument()
    await user.click(within(row).getByRole('button', { name: 'Mark $225.00 to Dana Diaz paid' }))
    await waitFor(() => expect(screen.queryByTestId('payout')).not.toBeInTheDocument())
    expect(screen.getByText('No payouts here.')).toBeInTheDocument()
  })
})
