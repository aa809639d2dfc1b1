import { expect, test } from '@playwright/test'
import { openPools } from './helpers'

// Issue 18, item 1: money on screen is the server's money. A $2 private pool keeps no fee: its page shows
// the $200.00 prize pool if full and $50.00 a quarter, as settlement pays it, and no "house keeps 10%"; a $5
// public pool's page shows the server's 10% and $112.50 a quarter.
test('a $2 private pool shows $50.00 a quarter and no house fee; a $5 public pool the server’s 10%', async ({ page }) => {
  test.setTimeout(120_000)
  const reg = await page.request.post('/api/auth/register', {
    data: { email: `money-${Date.now()}@squares.test`, password: 'correct-horse-battery', firstName: 'Mo', lastName: 'Money', dateOfBirth: '1990-04-01', residenceState: 'NY' },
  })
  expect(reg.status()).toBe(201)
  const [five] = await openPools(page.request, '5.00')
  expect(five, 'an open $5 pool in the demo data').toBeTruthy()
  const { gameId } = (await (await page.request.get(`/api/pools/${five.id}`)).json()) as { gameId: number }
  const created = await page.request.post('/api/pools/private', {
    data: { gameId, name: `Two dollars ${Date.now()}`, entryFee: 2, maxSquaresPerPlayer: 25 },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { pool } = (await created.json()) as { pool: { id: number; houseFeePercent: number; prizePoolIfFull: string; payouts: { amount: string }[] } }
  expect(pool.houseFeePercent).toBe(0)
  expect(pool.prizePoolIfFull).toBe('200.00')
  expect(pool.payouts.map((p) => p.amount)).toEqual(['50.00', '50.00', '50.00', '50.00'])

  await page.goto(`/pool/${pool.id}`)
  const info = page.locator('[data-slot=card]', { has: page.getByText('Pool Information') })
  await expect(info).toContainText('Prize pool if full$200.00', { timeout: 30_000 })
  await expect(info).toContainText('House feeNone')
  const payouts = page.getByLabel('Payout per period')
  for (const label of ['Q1', 'Q2', 'Q3', 'Q4']) await expect(payouts.getByTestId(`payout-${label}`)).toContainText('$50.00')
  await expect(page.getByText('No house fee: the whole pot goes to the winners.')).toBeVisible()
  await expect(page.getByText(/house keeps 10%/i)).toHaveCount(0)
  await expect(page.getByText('$45.00')).toHaveCount(0)
  await expect(page.getByText('$180.00')).toHaveCount(0)

  await page.goto(`/pool/${five.id}`)
  await expect(page.locator('[data-slot=card]', { has: page.getByText('Pool Information') })).toContainText('Prize pool if full$450.00', { timeout: 30_000 })
  await expect(page.getByText('The house keeps 10% of the pot; the rest is the prize pool.')).toBeVisible()
  await expect(page.getByLabel('Payout per period').getByTestId('payout-Q4')).toContainText('$112.50')
})
