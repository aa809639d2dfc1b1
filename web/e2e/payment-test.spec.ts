import { expect, test, type APIRequestContext } from '@playwright/test'
import { openPools, takenCells, type PoolJSON } from './helpers'

// The developer payment page (/payment-test) against the real server in development mode, with the demo data.
/**
 * An open pool at `fee` of the latest game (openPools' first): far from the pools the checkout tests buy in,
 * and from the first active $25 pool, which admin-ops.spec.ts hides for a while.
 */
async function latestOpenPool(request: APIRequestContext, fee: string): Promise<PoolJSON> {
  const pools = await openPools(request, fee)
  expect(pools.length, `an open ${fee} pool in the demo data`).toBeGreaterThan(0)
  return pools[0]
}

async function freeCell(request: APIRequestContext, poolId: number) {
  const taken = await takenCells(request, poolId)
  for (let i = 99; i >= 0; i--) {
    const c = { row: Math.floor(i / 10), column: i % 10 }
    if (!taken.has(`${c.row}-${c.column}`)) return c
  }
  throw new Error(`pool ${poolId} is full`)
}

test('a player confirms a $5 test payment with 4242; an admin releases a paid pool’s escrow', async ({ browser }) => {
  const playerContext = await browser.newContext()
  const page = await playerContext.newPage()
  const login = await page.request.post('/api/auth/login', { data: { email: 'demo@squares.test', password: 'squares-demo' } })
  expect(login.ok()).toBeTruthy()

  await page.goto('/payment-test')
  await expect(page.getByRole('heading', { name: 'Payment & Escrow Test', level: 1 })).toBeVisible()
  const intent = page.getByRole('region', { name: 'Payment intent' })
  await intent.getByLabel('Amount (dollars)').fill('5')
  await intent.getByRole('button', { name: 'Create payment intent' }).click()
  await expect(intent.getByTestId('intent-id')).toHaveText(/^pi_/)
  await expect(intent.getByTestId('intent-amount')).toHaveText('$5.00 USD')
  await expect(intent.getByTestId('intent-status')).toHaveText('requires_payment_method')

  await intent.getByLabel('Card number').fill('4242 4242 4242 4242')
  await intent.getByLabel('Expiry (MM/YY)').fill('12/30')
  await intent.getByLabel('CVC').fill('123')
  await intent.getByRole('button', { name: 'Confirm payment' }).click()
  await expect(intent.getByTestId('confirm-status')).toHaveText('requires_capture')
  await expect(intent.getByTestId('intent-status')).toHaveText('requires_capture')
  await expect(page.getByTestId('log-entry').first()).toContainText('/confirm')
  await expect(page.getByTestId('log-entry').first()).toContainText('200 OK')

  // The player also holds a square of a paid pool through the escrow section, for the admin to release.
  const pool = await latestOpenPool(page.request, '25.00')
  const cell = await freeCell(page.request, pool.id)
  const escrow = page.getByRole('region', { name: 'Escrow payment' })
  await escrow.getByLabel('Pool ID').fill(String(pool.id))
  await escrow.getByLabel('Squares (JSON list)').fill(JSON.stringify([cell]))
  await escrow.getByLabel('Amount (dollars)').fill('25.00')
  await escrow.getByRole('button', { name: 'Create escrow payment' }).click()
  await expect(escrow.getByText('Escrow payment created')).toBeVisible()
  const held = (await (await page.request.get(`/api/pools/${pool.id}/squares`)).json()) as { row: number; column: number; status: string }[]
  expect(held.some((s) => s.row === cell.row && s.column === cell.column && s.status === 'held')).toBe(true)
  await playerContext.close()

  // The demo admin releases that pool's uncaptured holds.
  const adminContext = await browser.newContext()
  const adminPage = await adminContext.newPage()
  const adminLogin = await adminPage.request.post('/api/admin/login', { data: { username: 'admin', password: 'squares-admin' } })
  expect(adminLogin.ok()).toBeTruthy()
  await adminPage.goto('/payment-test')
  const admin = adminPage.getByRole('region', { name: 'Admin: release / refund escrow' })
  await admin.getByLabel('Pool ID').fill(String(pool.id))
  await admin.getByRole('button', { name: 'Release escrow' }).click()
  await expect(admin.getByText('Escrow released')).toBeVisible()
  await expect(admin.getByTestId('admin-result-message')).toHaveText(/^[1-9]\d* payment\(s\) released\.$/)
  await expect(adminPage.getByTestId('log-entry').first()).toContainText('/api/test/admin/release-escrow')

  const after = (await (await adminPage.request.get(`/api/pools/${pool.id}/squares`)).json()) as { row: number; column: number }[]
  expect(after.some((s) => s.row === cell.row && s.column === cell.column)).toBe(false)
  await adminContext.close()
})
