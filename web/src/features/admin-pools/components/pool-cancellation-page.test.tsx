import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { bodyOf, renderPage, stubFetch } from '@/test/utils'
import type { User } from '@/lib/types'
import { PoolCancellationPage } from './pool-cancellation-page'

const admin: User = {
  id: '1', email: '', username: 'boss', firstName: 'Admin', lastName: '', profileImageUrl: null, role: 'admin',
  isAgeVerified: true, isEligibleToBet: false, complianceStatus: 'verified', dateOfBirth: null, residenceState: null, residenceCountry: null,
  createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z',
}

const analysis = [
  { poolId: 3, poolName: '$5 Pool', game: { id: 8, homeTeam: 'Buffalo Bills', awayTeam: 'Kansas City Chiefs', gameDate: '2026-11-29T18:00:00Z', week: 'W13' }, action: 'cancel', reason: '7 players, 10 needed for a $5 Pool.', participantsAffected: 7, houseSquaresNeeded: 65,
    refundAmount: '175.00', dueAt: '2026-11-29T16:00:00Z' },
  { poolId: 4, poolName: '$10 Pool', game: { id: 8, homeTeam: 'Buffalo Bills', awayTeam: 'Kansas City Chiefs', gameDate: '2026-11-29T18:00:00Z', week: 'W13' }, action: 'house_fill', reason: '16 players (15 needed); the house fills 50 squares (at most 50 in a $10 Pool).',
    participantsAffected: 16, houseSquaresNeeded: 50, refundAmount: '0.00', dueAt: '2026-11-29T16:00:00Z' },
]

const log = [
  { poolId: 1, poolName: 'Free Pool', game: { id: 8, homeTeam: 'Buffalo Bills', awayTeam: 'Kansas City Chiefs', gameDate: '2026-11-29T18:00:00Z', week: 'W13' }, action: 'continue', reason: 'Full: 100 squares taken by 20 players.', participantsAffected: 20, houseSquaresNeeded: 0,
    refundAmount: '0.00', dueAt: '2026-11-28T16:00:00Z', decidedAt: '2026-11-28T16:05:00Z', decidedBy: 'automation' },
]

describe('PoolCancellationPage', () => {
  it('lists the decisions due with their reason, players, house squares and refund, and the decisions made', async () => {
    stubFetch({ 'GET /api/admin/pool-cancellation-analysis': { body: analysis }, 'GET /api/admin/pool-decisions': { body: log } })
    renderPage(<PoolCancellationPage />, { user: admin })
    const list = await screen.findByRole('list', { name: 'Pools due for a decision' })
    const items = within(list).getAllByRole('listitem')
    expect(items).toHaveLength(2)
    // Each names its pool and game: what the operator acts on.
    expect(items[0]).toHaveAccessibleName('$5 Pool #3, Chiefs @ Bills, Sun 1:00 PM ET')
    expect(items[0]).toHaveTextContent('Chiefs @ Bills, Sun 1:00 PM ET$5 Pool #3')
    expect(items[0]).toHaveTextContent('Cancel')
    expect(items[0]).toHaveTextContent('7 players, 10 needed for a $5 Pool.')
    expect(items[0]).toHaveTextContent('Refund: $175.00')
    expect(items[1]).toHaveTextContent('House squares needed: 50')
    const made = await screen.findByRole('list', { name: 'Decisions made' })
    expect(made).toHaveTextContent('Full: 100 squares taken by 20 players.')
    expect(made).toHaveTextContent('by the automation')
    expect(made).toHaveTextContent('Free Pool #1, Chiefs @ Bills, Sun 1:00 PM ET')
  })

  it('house-fills with the squares the admin saw, and cancels only with a reason', async () => {
    const fetch = stubFetch({
      'GET /api/admin/pool-cancellation-analysis': { body: analysis },
      'GET /api/admin/pool-decisions': { body: [] },
      'POST /api/admin/pools/4/house-fill': { body: { success: true } },
      'POST /api/admin/pools/3/cancel': { body: { success: true } },
    })
    renderPage(<PoolCancellationPage />, { user: admin })
    const user = userEvent.setup()
    const fill = within(await screen.findByRole('listitem', { name: /^\$10 Pool #4/ }))
    await user.click(fill.getByRole('button', { name: 'House fill 50 squares' }))
    expect(bodyOf(fetch, 'POST', '/api/admin/pools/4/house-fill')).toEqual({ squaresNeeded: 50 })
    expect(await screen.findByText('House Fill Complete')).toBeInTheDocument()
    expect(screen.getByText('$10 Pool #4, Chiefs @ Bills, Sun 1:00 PM ET: 50 house squares, numbers drawn.')).toBeInTheDocument()

    const cancel = within(screen.getByRole('listitem', { name: /^\$5 Pool #3/ }))
    await user.click(cancel.getByRole('button', { name: 'Cancel pool' }))
    const confirm = cancel.getByRole('button', { name: 'Cancel and refund' })
    expect(confirm).toBeDisabled()
    await user.type(cancel.getByLabelText('Reason for cancelling'), 'The game moved to Monday.')
    await user.click(confirm)
    expect(bodyOf(fetch, 'POST', '/api/admin/pools/3/cancel')).toEqual({ reason: 'The game moved to Monday.' })
    expect(await screen.findByText('Pool Cancelled')).toBeInTheDocument()
  })

  it("shows the server's refusal in the spec's failure toast", async () => {
    stubFetch({
      'GET /api/admin/pool-cancellation-analysis': { body: analysis },
      'GET /api/admin/pool-decisions': { body: [] },
      'POST /api/admin/pools/4/house-fill': { status: 409, body: { message: 'The pool changed; reload.', code: 'conflict' } },
    })
    renderPage(<PoolCancellationPage />, { user: admin })
    const user = userEvent.setup()
    const fill = within(await screen.findByRole('listitem', { name: /^\$10 Pool #4/ }))
    await user.click(fill.getByRole('button', { name: 'House fill 50 squares' }))
    expect(await screen.findByText('Failed to House Fill')).toBeInTheDocument()
    expect(screen.getByText('The pool changed; reload.')).toBeInTheDocument()
  })

  it('says so when nothing is due', async () => {
    stubFetch({ 'GET /api/admin/pool-cancellation-analysis': { body: [] }, 'GET /api/admin/pool-decisions': { body: [] } })
    renderPage(<PoolCancellationPage />, { user: admin })
    expect(await screen.findByText('No pool is due for a decision in the next 24 hours.')).toBeInTheDocument()
    expect(await screen.findByText('No decisions yet.')).toBeInTheDocument()
  })
})
