import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { makePool } from '@/test/pool'
import { player, renderPage, stubFetch } from '@/test/utils'
import type { Payout, Pool } from '@/lib/types'
import { PoolDetailPage } from './pool-detail-page'

// The money a pool page shows is the pool JSON's (houseFeePercent, prizePool, prizePoolIfFull, payouts), as
// settlement pays it: the page computes no fee, pot or prize of its own.

const quarters = (amount: string): Payout[] => ['Q1', 'Halftime', 'Q3', 'Final'].map((label, i) => ({ period: i + 1, code: ['Q1', 'Q2', 'Q3', 'FINAL'][i], label, percent: 25, amount }))

async function open(pool: Pool) {
  stubFetch({ [`GET /api/pools/${pool.id}`]: { body: pool }, [`GET /api/pools/${pool.id}/squares`]: { body: [] } })
  renderPage(<PoolDetailPage />, { path: '/pool/:id', at: `/pool/${pool.id}`, user: player })
  await screen.findByText('Pool Information')
  const card = (title: string) => screen.getByText(title).closest<HTMLElement>('[data-slot=card]')!
  const info = card('Pool Information')
  const rules = card('Game Rules')
  const payouts = within(screen.getByLabelText('Payout per period'))
  return { info, rules, payouts }
}

describe('Money on the pool page', () => {
  it('shows a $2 private pool as the server pays it: no fee, $200.00 if full, $50.00 a quarter', async () => {
    const { info, rules, payouts } = await open(
      makePool({
        name: 'Two-dollar friends',
        entryFee: '2.00',
        isPrivate: true,
        maxSquaresPerPlayer: 25,
        currentParticipants: 3,
        totalPot: '6.00',
        prizePool: '6.00',
        houseFee: '0.00',
        houseFeePercent: 0,
        prizePoolIfFull: '200.00',
        payouts: quarters('50.00'),
        salesOpenAt: null,
      }),
    )
    expect(info).toHaveTextContent('Total pot$6.00')
    expect(info).toHaveTextContent('House feeNone')
    expect(info).toHaveTextContent('Prize pool if full$200.00')
    for (const label of ['Q1', 'Q2', 'Q3', 'Q4']) expect(screen.getByTestId(`payout-${label}`)).toHaveTextContent(/25%\s*\$50\.00/)
    expect(payouts.getByText('Halftime')).toBeInTheDocument()
    expect(rules).toHaveTextContent('No house fee: the whole pot goes to the winners.')
    // Nothing of the public rule the page used to apply to every pool.
    expect(document.body.textContent).not.toMatch(/house keeps 10%|\$180\.00|\$45\.00/i)
  })

  it('shows a $5 public pool keeping 10% and a non-profit pool giving 5% to the organization, as the server says', async () => {
    const { info, rules } = await open(
      makePool({ entryFee: '5.00', totalPot: '85.00', prizePool: '76.50', houseFee: '8.50', houseFeePercent: 10, prizePoolIfFull: '450.00', payouts: quarters('112.50'), currentParticipants: 17 }),
    )
    expect(info).toHaveTextContent('House fee10%')
    expect(info).toHaveTextContent('Prize pool if full$450.00')
    expect(screen.getByTestId('payout-Q4')).toHaveTextContent(/Final\s*25%\s*\$112\.50/)
    expect(rules).toHaveTextContent('The house keeps 10% of the pot; the rest is the prize pool.')
    expect(rules).toHaveTextContent('Amounts shown are for a full pool.')
  })

  it('shows a full non-profit pool’s real prize pool and payouts', async () => {
    const { info, rules } = await open(
      makePool({
        entryFee: '1.00',
        isNonprofit: true,
        currentParticipants: 100,
        totalPot: '100.00',
        prizePool: '95.00',
        houseFee: '5.00',
        houseFeePercent: 5,
        prizePoolIfFull: '95.00',
        payouts: quarters('23.75'),
        status: 'full',
      }),
    )
    expect(info).toHaveTextContent('House fee5% (to the organization)')
    expect(info).toHaveTextContent('Prize pool$95.00')
    expect(info).not.toHaveTextContent('if full')
    expect(screen.getByTestId('payout-Q1')).toHaveTextContent('$23.75')
    expect(rules).toHaveTextContent('5% of the pot goes to the organization; the rest is the prize pool.')
    expect(rules).not.toHaveTextContent('Amounts shown are for a full pool.')
  })
})
