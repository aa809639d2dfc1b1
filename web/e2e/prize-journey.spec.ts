/// <reference lib="dom" />
import { mkdirSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { buy, gameWithFivePool, houseFillAndDraw, ok, registerPlayer, scorer } from './helpers'

// Nobody misses a prize: a player has the dashboard open while an admin enters the score that makes one of
// their squares win Q1 of a full $5 pool ($500 pot, $450 prize pool: $112.50 a quarter). The win arrives
// over the websocket as a toast naming the amount, period, game and pool; the bell counts it; the dashboard
// says what is left to claim and for how long; its Claim opens the claim step, which says where the
// money goes (the sandbox: paid now) and then "Paid". The game, its pools and the player are this spec's
// own. Screenshots at 390 and 1366 px go to E2E_SHOTS_DIR (default /tmp/shots).
const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/shots'

interface PoolJSON {
  id: number
  name: string
  gameId: number
  entryFee: string
  status: string
  homeNumbers: number[] | null
  awayNumbers: number[] | null
}

/** No serious or critical axe violation in the parts of the screen this journey brings (the screens pass runs the whole pages). */
async function accessible(page: Page, what: string, ...parts: string[]) {
  let axe = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] })
  for (const p of parts) axe = axe.include(p)
  const { violations } = await axe.analyze()
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  expect(bad, `axe on ${what}`).toEqual([])
}

async function noSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }))
  expect(scrollWidth, `page is ${scrollWidth} px wide in a ${innerWidth} px window`).toBeLessThanOrEqual(innerWidth)
}

/** A window's worth at 390 and 1366 px (and no sideways scroll at 320), back at 1366 after. */
async function shoot(page: Page, name: string) {
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 })
    await page.waitForTimeout(300)
    await noSidewaysScroll(page)
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` })
  }
  await page.setViewportSize({ width: 320, height: 800 })
  await page.waitForTimeout(300)
  await noSidewaysScroll(page)
  await page.setViewportSize({ width: 1366, height: 900 })
}

test('a win seen as a toast, in the bell and the banner, then claimed', async ({ browser, playwright, baseURL }) => {
  // Screenshots at three widths and a few axe runs take their time on a shared machine.
  test.setTimeout(300_000)
  mkdirSync(SHOTS, { recursive: true })
  const admin = await playwright.request.newContext({ baseURL })
  await ok(admin.post('/api/admin/login', { data: { username: 'admin', password: 'squares-admin' } }))

  // A game of the NFL's active week, 3 hours away: its $5 pool is on sale.
  const { game, five } = await gameWithFivePool<PoolJSON>(admin, 'Buffalo Bills', 'Kansas City Chiefs')

  // Rae buys five squares; the house fills the rest, which draws the numbers.
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text())
  })
  page.on('pageerror', (e) => errors.push(e.message))
  const email = `rae-${Date.now()}@squares.test`
  await registerPlayer(page.request, email, 'Rae', 'Rivera')
  const mine = [0, 1, 2, 3, 4].map((i) => ({ row: i * 2, column: (i * 3 + 1) % 10 }))
  await buy(page.request, five, mine)
  await houseFillAndDraw(admin, five.id, 95)
  const drawn = await ok<PoolJSON>(admin.get(`/api/pools/${five.id}`))
  expect(drawn.status).toBe('full')
  const win = mine[0]
  const q1 = { away: 10 + drawn.awayNumbers![win.row], home: 20 + drawn.homeNumbers![win.column] }

  // Rae opens the pool (its socket subscribes: live updates are on), then goes to the dashboard in the app.
  await page.goto(`/pool/${five.id}`)
  await expect(page.getByText('Connected', { exact: true }), errors.join('\n')).toBeVisible({ timeout: 30_000 })
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible()
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click()
  await expect(page.getByRole('heading', { name: 'Welcome back, Rae!' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Unclaimed prizes' })).toHaveCount(0)

  // Kickoff, then Q1 ends with Rae's square winning.
  const score = scorer(admin, game.id)
  await score(3, 0, 1)
  await score(q1.home, q1.away, 1)
  await score(q1.home, q1.away, 2)

  // The toast: amount, period, game and pool, with Claim.
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'You won $112.50!' })
  await expect(toast, errors.join('\n')).toBeVisible()
  await expect(toast).toContainText(`Q1 · Kansas City Chiefs @ Buffalo Bills · ${five.name}`)
  // The bell counts it; the banner says what is left to claim and for how long.
  const bell = page.getByRole('button', { name: 'Notifications, 1 unread' })
  await expect(bell).toBeVisible()
  const banner = page.getByRole('region', { name: 'Unclaimed prizes' })
  await expect(banner).toContainText('You have $112.50 in unclaimed prizes — 30 days left to claim')
  await expect(banner.getByRole('link', { name: 'Claim $112.50' })).toHaveAttribute('href', /\/my-pools\?tab=winnings&claim=\d+$/)
  await page.screenshot({ path: `${SHOTS}/prize-toast-1366.png` })
  await accessible(page, 'the toast, the bell and the banner', '[data-sonner-toaster]', 'header', '[data-testid="unclaimed-prizes"]')
  await page.setViewportSize({ width: 390, height: 900 })
  await expect(toast).toBeVisible()
  await expect(bell).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/prize-toast-390.png` })
  await page.setViewportSize({ width: 1366, height: 900 })

  // The banner's Claim opens the claim step (as the toast's Claim does, for as long as the toast stays): the
  // amount, what it was won for, where the money goes.
  await banner.getByRole('link', { name: 'Claim $112.50' }).click()
  await expect(page).toHaveURL(/\/my-pools\?tab=winnings&claim=\d+$/)
  const confirm = page.getByRole('dialog', { name: 'Claim $112.50?' })
  await expect(confirm).toContainText(`Q1 · Kansas City Chiefs @ Buffalo Bills · ${five.name}`)
  await expect(confirm.getByTestId('payout-text')).toHaveText('Test payments: your prize is paid out now, as soon as you claim it. No real money moves.')
  await shoot(page, 'prize-claim')
  await accessible(page, 'the claim step', '[role="dialog"]')
  await confirm.getByRole('button', { name: 'Claim $112.50' }).click()
  const paid = page.getByRole('dialog', { name: 'Paid' })
  await expect(paid.getByTestId('claim-result')).toHaveText(`Paid: $112.50 for Q1 of ${five.name} has been paid out to you.`)
  await shoot(page, 'prize-paid')
  await paid.getByRole('button', { name: 'Done' }).click()
  const row = page.getByTestId('prize').filter({ hasText: five.name })
  await expect(row).toContainText('Q1 winner')
  await expect(row).toContainText('Paid')
  await expect(row).toContainText('Kansas City Chiefs @ Buffalo Bills')
  await expect(row.getByRole('button', { name: /Claim/ })).toHaveCount(0)
  await shoot(page, 'prize-winnings')

  // The bell lists the win, still unread.
  await page.getByRole('button', { name: 'Notifications, 1 unread' }).click()
  const panel = page.getByRole('dialog', { name: 'Notifications' })
  const item = panel.getByTestId('notification').first()
  await expect(item).toContainText(`You won Q1 of ${five.name} (Kansas City Chiefs @ Buffalo Bills): $112.50. Claim it by `)
  await expect(item).toContainText('Unread')
  await shoot(page, 'prize-bell')
  await accessible(page, "the bell's list", 'header', '[data-slot="popover-content"]')

  // Opening the notification reads it: the bell has nothing unread; the dashboard has nothing to claim.
  await item.getByRole('link').click()
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible()
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click()
  await expect(page.getByRole('heading', { name: 'Welcome back, Rae!' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Unclaimed prizes' })).toHaveCount(0)

  // The game ends, so that no other spec finds it live.
  await score(q1.home, q1.away, 4, 'completed')
  expect(errors).toEqual([])
  await context.close()
  await admin.dispose()
})
