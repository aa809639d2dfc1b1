import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderPage, stubFetch, urlOf } from '@/test/utils'
import type { User } from '@/lib/types'
import { PayoutsPage } from './payouts-page'

const admin: User = {
  id: '1', email: '', username: 'boss', firstName: 'Admin', lastName: '', profileImageUrl: null, role: 'admin',
  isAgeVerified: true, isEligibleToBet: false, complianceStatus: 'verified', dateOfBirth: null, residenceState: null, residenceCountry: null,
  createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z',
}

const game = { id: 4, homeTeam: 'Buffalo Bills', awayTeam: 'Kansas City Chiefs', gameDate: '2026-11-22T18:00:00Z', week: 'W12' }
const pending = {
  id: 7, poolId: 9, poolName: '$10 Pool', game, period: 1, periodLabel: 'Q1', amount: '225.00', status: 'payout_pending',
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
    expect(row).toHaveTextContent('Q1 of $10 Pool, Chiefs @ Bills, Sun 1:00 PM ET')
    expect(within(row).getByText('$225.00')).toBeInTheDocument()
    await user.click(within(row).getByRole('button', { name: 'Mark $225.00 to Dana Diaz paid' }))
    await waitFor(() => expect(screen.queryByTestId('payout')).not.toBeInTheDocument())
    expect(screen.getByText('No payouts here.')).toBeInTheDocument()
  })

  it('lists the failing escrow steps and retries one now', async () => {
    let attempts = 1
    const failure = {
      paymentId: 'pay_ab12', poolId: 9, poolName: '$10 Pool', game, userId: 12, status: 'held', action: 'unwind', attempts: 1,
      lastError: "No such payment_intent: 'pi_1'", nextAttemptAt: '2026-11-24T10:00:30Z',
    }
    const fetch = stubFetch({
      'GET /api/admin/payouts?status=pending': { body: [] },
      'GET /api/admin/escrow/failures': () => ({ body: [{ ...failure, attempts }] }),
      'POST /api/admin/escrow/failures/pay_ab12/retry': () => {
        attempts = 2
        return { body: { ...failure, attempts: 2 } }
      },
    })
    const user = userEvent.setup()
    renderPage(<PayoutsPage />, { user: admin })
    const row = await screen.findByTestId('escrow-failure')
    expect(row).toHaveTextContent("Return a cancelled pool's money")
    expect(row).toHaveTextContent("No such payment_intent: 'pi_1'")
    expect(row).toHaveTextContent('1 attempt')
    expect(within(row).getByRole('link', { name: '$10 Pool #9, Chiefs @ Bills, Sun 1:00 PM ET' })).toHaveAttribute('href', '/pool/9')
    await user.click(within(row).getByRole('button', { name: 'Retry pay_ab12 now' }))
    expect(await screen.findByText('Still failing')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByTestId('escrow-failure')).toHaveTextContent('2 attempts'))
    expect(fetch.mock.calls.some(([u, i]) => urlOf(u).endsWith('/retry') && i?.method === 'POST')).toBe(true)
  })
})
