import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { openPools, takenCells } from './helpers'

// The demo data (cmd/squares/demo.go): upcoming NFL games, five tier pools each, open for sale.
interface SquareJSON {
  row: number
  column: number
  userId: string
  status: string
}

async function freeCells(request: APIRequestContext, poolId: number, n: number) {
  const taken = await takenCells(request, poolId)
  const cells: { row: number; column: number }[] = []
  for (let i = 0; i < 100 && cells.length < n; i++) {
    const c = { row: Math.floor(i / 10), column: i % 10 }
    if (!taken.has(`${c.row}-${c.column}`)) cells.push(c)
  }
  expect(cells).toHaveLength(n)
  return cells
}

const cell = (page: Page, c: { row: number; column: number }) => page.locator(`[role=gridcell][data-row="${c.row}"][data-column="${c.column}"]`)
const position = (c: { row: number; column: number }) => `Row ${c.row + 1}, column ${c.column + 1}`

async function signInDemo(page: Page) {
  const res = await page.request.post('/api/auth/login', { data: { email: 'demo@squares.test', password: 'squares-demo' } })
  expect(res.ok()).toBeTruthy()
  return ((await res.json()) as { user: { id: string } }).user.id
}

async function live(page: Page) {
  await expect(page.getByTestId('connection-indicator')).toHaveAttribute('data-status', 'connected')
}

test('a square claimed in one browser appears in another without a reload', async ({ browser }) => {
  const player = await browser.newContext()
  const visitor = await browser.newContext()
  const a = await player.newPage()
  const b = await visitor.newPage()

  // A registered player, verified at sign-up (date of birth and a permitted state).
  const email = `live-${Date.now()}@squares.test`
  const reg = await a.request.post('/api/auth/register', {
    data: { email, password: 'correct-horse-battery', firstName: 'Lena', lastName: 'Live', dateOfBirth: '1990-04-01', residenceState: 'NY' },
  })
  expect(reg.status()).toBe(201)

  const [pool] = await openPools(a.request, '0.00')
  expect(pool, 'an open free pool in the demo data').toBeTruthy()
  const [target] = await freeCells(a.request, pool.id, 1)

  // The other browser is a signed-out visitor: it may watch the board.
  await b.goto(`/pool/${pool.id}`)
  await expect(cell(b, target)).toHaveAttribute('aria-label', `${position(target)}: available`)
  await live(b)
  await b.evaluate(() => ((globalThis as unknown as { __sameDocument: boolean }).__sameDocument = true))

  await a.goto(`/pool/${pool.id}`)
  await live(a)
  await cell(a, target).click()
  await expect(cell(a, target)).toHaveAttribute('aria-selected', 'true')
  await expect(a.getByTestId('cart-count')).toHaveText('1/5')
  await a.getByRole('button', { name: 'Claim Squares' }).click()
  await expect(a.locator('[data-sonner-toast]').filter({ has: a.getByText('Squares claimed', { exact: true }) }).filter({ hasText: "You've successfully claimed 1 square." })).toBeVisible()
  await expect(cell(a, target)).toHaveAttribute('aria-label', `${position(target)}: your square`)

  // The visitor's board changes by itself, and says so politely.
  await expect(cell(b, target)).toHaveAttribute('aria-label', `${position(target)}: owned by Lena L.`)
  await expect(cell(b, target)).toHaveText('LL')
  await expect(b.getByTestId('board-announcer')).toContainText(`${position(target)} was just taken by Lena L.`)
  expect(await b.evaluate(() => (globalThis as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true)

  await player.close()
  await visitor.close()
})

test('paying for two squares of a $5 pool by card makes them yours and shows the hold', async ({ page }) => {
  const me = await signInDemo(page)
  const [pool] = await openPools(page.request, '5.00')
  expect(pool, 'an open $5 pool in the demo data').toBeTruthy()
  const cells = await freeCells(page.request, pool.id, 2)

  await page.goto(`/pool/${pool.id}`)
  for (const c of cells) await cell(page, c).click()
  await expect(page.getByTestId('cart-total')).toHaveText('$10.00')
  await page.getByRole('button', { name: /Checkout/ }).click()

  await expect(page).toHaveURL(/\/checkout\?/)
  const q = new URL(page.url()).searchParams
  expect(q.get('poolId')).toBe(String(pool.id))
  expect(q.get('amount')).toBe('10.00')
  expect(JSON.parse(q.get('squares')!)).toEqual(cells.map((c) => ({ ...c, price: '5.00' })))
  await expect(page.getByText('No withdrawals')).toBeVisible()
  await expect(page.getByTestId('checkout-count')).toHaveText('2 squares')
  await expect(page.getByRole('timer')).toContainText('Held for')

  await page.getByLabel('Card number').fill('4242 4242 4242 4242')
  await page.getByLabel('Expiry (MM/YY)').fill('12/30')
  await page.getByLabel('CVC').fill('123')
  await page.getByRole('button', { name: 'Pay $10.00' }).click()

  await expect(page.getByText('Payment Secured')).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/pool/${pool.id}$`))
  for (const c of cells) await expect(cell(page, c)).toHaveAttribute('aria-label', `${position(c)}: your square`)
  const squares = (await (await page.request.get(`/api/pools/${pool.id}/squares`)).json()) as SquareJSON[]
  expect(squares.filter((s) => s.userId === me && s.status === 'owned')).toHaveLength(2)

  await page.getByRole('link', { name: 'My Pools' }).first().click()
  await page.getByRole('tab', { name: /Transactions/ }).click()
  // The demo player holds squares in other pools too: this purchase is the hold on this pool's game.
  const hold = page
    .getByTestId('transaction')
    .filter({ hasText: pool.name })
    .filter({ hasText: `${pool.game.awayTeam} @ ${pool.game.homeTeam}` })
    .filter({ hasText: 'Card hold for squares' })
  await expect(hold).toHaveCount(1)
  await expect(hold).toContainText('−$10.00')
  await expect(hold).toContainText('Hold')
  await expect(hold).toContainText(' ET')
})

test('a declined card says so and leaves the player without squares', async ({ page }) => {
  const me = await signInDemo(page)
  const [pool] = await openPools(page.request, '10.00')
  expect(pool, 'an open $10 pool in the demo data').toBeTruthy()
  const [target] = await freeCells(page.request, pool.id, 1)

  await page.goto(`/pool/${pool.id}`)
  await cell(page, target).click()
  await page.getByRole('button', { name: /Checkout/ }).click()
  await page.getByLabel('Card number').fill('4000 0000 0000 0002')
  await page.getByLabel('Expiry (MM/YY)').fill('12/30')
  await page.getByLabel('CVC').fill('123')
  await page.getByRole('button', { name: 'Pay $10.00' }).click()

  await expect(page.getByText('Payment Failed').first()).toBeVisible()
  await expect(page.getByText('Your card was declined.').first()).toBeVisible()
  await expect(page).toHaveURL(/\/checkout\?/)
  await expect(page.getByRole('button', { name: 'Pay $10.00' })).toBeEnabled()

  const squares = (await (await page.request.get(`/api/pools/${pool.id}/squares`)).json()) as SquareJSON[]
  expect(squares.filter((s) => s.userId === me && s.status === 'owned')).toHaveLength(0)
  const detail = (await (await page.request.get(`/api/pools/${pool.id}`)).json()) as { userSquareCount: number }
  expect(detail.userSquareCount).toBe(0)

  await page.getByRole('link', { name: 'Back to Pool' }).click()
  await expect(cell(page, target)).toHaveAttribute('aria-label', `${position(target)}: your square, held while you pay`)
  await expect(page.getByText('0/5 Owned')).toBeVisible()
})

// Issue 18, item 7: buying on a phone. At 390 px the squares are at least 32 px wide; once a square is
// selected a bar stays at the bottom of the screen with the count, the total and the Checkout button (the
// page's only one), which buys them; at the end of the page the bar covers nothing.
test('a phone purchase with the sticky bar', async ({ browser }) => {
  test.setTimeout(120_000)
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })
  const page = await context.newPage()
  const email = `phone-${Date.now()}@squares.test`
  const reg = await page.request.post('/api/auth/register', {
    data: { email, password: 'correct-horse-battery', firstName: 'Pia', lastName: 'Phone', dateOfBirth: '1990-04-01', residenceState: 'NY' },
  })
  expect(reg.status()).toBe(201)
  const me = ((await reg.json()) as { user: { id: string } }).user.id
  const [pool] = await openPools(page.request, '1.00')
  expect(pool, 'an open $1 pool in the demo data').toBeTruthy()
  const cells = await freeCells(page.request, pool.id, 2)

  await page.goto(`/pool/${pool.id}`)
  await expect(cell(page, cells[0])).toBeVisible({ timeout: 30_000 })
  const box = (await cell(page, cells[0]).boundingBox())!
  expect(box.width, 'a square at 390 px').toBeGreaterThanOrEqual(32)
  const bar = page.getByRole('region', { name: 'Your selection' })
  await expect(bar).toHaveCount(0)

  await cell(page, cells[0]).tap()
  await expect(bar).toBeVisible()
  await expect(bar).toContainText('1 square selected')
  await cell(page, cells[1]).tap()
  await expect(bar).toContainText('2 squares selected')
  await expect(bar.getByTestId('selection-bar-total')).toHaveText('$2.00')
  // The bar sits at the bottom of the screen, right under the board, with the page's one Checkout button.
  const inView = (await bar.boundingBox())!
  expect(inView.y + inView.height).toBeLessThanOrEqual(844 + 1)
  expect(inView.y).toBeGreaterThan(844 - 160)
  const checkout = page.getByRole('button', { name: /Checkout/ })
  await expect(checkout).toHaveCount(1)
  await expect(bar.getByRole('button', { name: 'Checkout · $2.00' })).toBeInViewport()

  // At the end of the page the bar takes its own place: the last card is not under it.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  const last = (await page.getByText('Provably fair draw').boundingBox())!
  const atEnd = (await bar.boundingBox())!
  expect(last.y + last.height).toBeLessThanOrEqual(atEnd.y)
  await page.setViewportSize({ width: 320, height: 700 })
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
  await page.screenshot({ path: 'test-results/phone-bar-320.png' })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.evaluate(() => window.scrollTo(0, 0))
  await page.screenshot({ path: 'test-results/phone-bar-390.png' })

  await checkout.tap()
  await expect(page).toHaveURL(/\/checkout\?/)
  expect(new URL(page.url()).searchParams.get('amount')).toBe('2.00')
  await page.getByLabel('Card number').fill('4242 4242 4242 4242')
  await page.getByLabel('Expiry (MM/YY)').fill('12/30')
  await page.getByLabel('CVC').fill('123')
  await page.getByRole('button', { name: 'Pay $2.00' }).tap()
  await expect(page.getByText('Payment Secured')).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/pool/${pool.id}$`))
  for (const c of cells) await expect(cell(page, c)).toHaveAttribute('aria-label', `${position(c)}: your square`)
  await expect(bar).toHaveCount(0)
  const squares = (await (await page.request.get(`/api/pools/${pool.id}/squares`)).json()) as SquareJSON[]
  expect(squares.filter((s) => s.userId === me && s.status === 'owned')).toHaveLength(2)
  await context.close()
})
