/// <reference lib="dom" />
import { mkdirSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import { buy, gameWithFivePool, houseFillAndDraw, ok, registerPlayer, scorer } from './helpers'

// "Check this pool" on a completed $5 pool: Cal buys five squares by card, the house fills the other 95, the
// development beacon's round is fetched, the numbers drawn and the game played to the end. From the pool
// page, the check reads the whole record, recomputes every hash, checks the signed checkpoints, the beacon's
// signature, the draw, every prize and the money, compares them with the pool as shown, and says that all
// entries hold. The game, its pools and the player are this spec's own. Screenshots at 320, 390 and 1366 px
// go to E2E_SHOTS_DIR.
const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/shots'

interface PoolJSON {
  id: number
  name: string
  gameId: number
  entryFee: string
  status: string
  numbersGenerated: boolean
}

interface RecordJSON {
  seq: number
  head: string
  entries: { seq: number; kind: string }[]
  checkpoints: { seq: number; reason: string }[]
  more: boolean
}

test('a completed pool checks out in the browser: all its entries hold', async ({ browser, playwright, baseURL }) => {
  test.setTimeout(240_000)
  mkdirSync(SHOTS, { recursive: true })
  const admin = await playwright.request.newContext({ baseURL })
  await ok(admin.post('/api/admin/login', { data: { username: 'admin', password: 'squares-admin' } }))
  const { game, five } = await gameWithFivePool<PoolJSON>(admin, 'Miami Dolphins', 'New York Jets')

  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  await registerPlayer(page.request, `cal-check-${Date.now()}@squares.test`, 'Cal', 'Check')
  await buy(page.request, five, [0, 1, 2, 3, 4].map((i) => ({ row: i * 2 + 1, column: (i * 3 + 2) % 10 })))
  await houseFillAndDraw(admin, five.id, 95)

  const score = scorer(admin, game.id)
  await score(3, 0, 1)
  await score(10, 0, 2)
  await score(10, 7, 3)
  await score(13, 7, 4)
  await score(20, 14, 4, 'completed')
  // The pool is completed and the escrow has captured Cal's payment (its next pass): the record says so.
  await expect
    .poll(
      async () => {
        const r = await ok<RecordJSON>(page.request.get(`/api/pools/${five.id}/record`))
        const kinds = new Set(r.entries.map((e) => e.kind))
        return ['captured', 'drawn', 'prize', 'fee'].every((k) => kinds.has(k)) && r.checkpoints.some((c) => c.reason === 'completed')
      },
      { timeout: 120_000 },
    )
    .toBe(true)
  const record = await ok<RecordJSON>(page.request.get(`/api/pools/${five.id}/record`))

  // From the pool page, beside Verify draw.
  await page.goto(`/pool/${five.id}`)
  const link = page.getByRole('link', { name: 'Check this pool' })
  for (const width of [320, 390, 1366]) {
    await page.setViewportSize({ width, height: 900 })
    await link.evaluate((el) => el.scrollIntoView({ block: 'center' }))
    await page.waitForTimeout(200)
    await page.screenshot({ path: `${SHOTS}/record-check-link-${width}.png` })
  }
  await link.click()
  await expect(page).toHaveURL(new RegExp(`/pools/${five.id}/check$`))
  await expect(page.getByRole('heading', { level: 1, name: 'Check this pool' })).toBeVisible()
  const verdict = page.getByTestId('record-verdict')
  await expect(verdict).toContainText(`All ${record.seq} entries hold`, { timeout: 60_000 })
  await expect(verdict).toContainText(record.head)
  await expect(verdict).toContainText(`“completed” at entry ${record.checkpoints.at(-1)!.seq}`)
  await expect(page.getByRole('alert')).toHaveCount(0)
  // Nothing left unchecked: the development beacon's signature too.
  await expect(page.getByRole('list', { name: 'Not checked' })).toHaveCount(0)
  // The key, to compare with one published elsewhere.
  const key = await ok<{ publicKey: string }>(page.request.get('/.well-known/squares-record-key'))
  await expect(page.getByText(key.publicKey)).toBeVisible()
  // Every entry listed; one opens with its data and hashes, by keyboard.
  const entries = page.getByRole('list', { name: 'Entries of the record' }).getByRole('listitem')
  await expect(entries).toHaveCount(Math.min(record.seq, 100))
  await expect(entries.first()).toContainText('Opened')
  const drawn = entries.filter({ hasText: 'Numbers drawn' })
  await drawn.locator('summary').focus()
  await page.keyboard.press('Enter')
  await expect(drawn.getByText('squares-draw-v2')).toBeVisible()

  const { violations } = await new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] }).analyze()
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([])

  for (const width of [320, 390, 1366]) {
    await page.setViewportSize({ width, height: 900 })
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.waitForTimeout(300)
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }))
    expect(scrollWidth, `page is ${scrollWidth} px wide in a ${innerWidth} px window`).toBeLessThanOrEqual(innerWidth)
    await page.screenshot({ path: `${SHOTS}/record-check-${width}.png` })
  }
  await page.screenshot({ path: `${SHOTS}/record-check-full.png`, fullPage: true })

  // A prize amount the pool shows otherwise than its record (the answer changed on its way here): named in
  // an alert, its entry marked in the list.
  await page.route(`**/api/pools/${five.id}/winners`, async (route) => {
    const res = await route.fetch()
    const winners = (await res.json()) as { amount: string }[]
    winners[0].amount = '999.00'
    await route.fulfill({ response: res, json: winners })
  })
  await page.goto(`/pools/${five.id}/check`)
  const alert = page.getByRole('alert')
  await expect(alert).toContainText(/The pool as shown does not match its record at entry \d+/, { timeout: 60_000 })
  await expect(alert).toContainText(/the pool shows \$999\.00 for row \d+, column \d+; the record says \$112\.50/)
  await alert.getByRole('link', { name: /^Show entry \d+$/ }).click()
  await expect(page.locator('li[id^="entry-"]').filter({ has: page.getByLabel('does not hold') })).toHaveCount(1)
  await page.setViewportSize({ width: 390, height: 900 })
  await page.evaluate(() => window.scrollTo(0, 0))
  await page.screenshot({ path: `${SHOTS}/record-check-fault-390.png` })
  await page.unroute(`**/api/pools/${five.id}/winners`)

  // A pool of the same game cancelled when the game started unfilled checks out too.
  const cancelled = (await ok<PoolJSON[]>(admin.get('/api/pools?leagueId=1'))).find((p) => p.gameId === game.id && p.entryFee === '1.00')!
  await expect.poll(async () => (await ok<PoolJSON>(admin.get(`/api/pools/${cancelled.id}`))).status).toBe('cancelled')
  const cancelledRecord = await ok<RecordJSON>(page.request.get(`/api/pools/${cancelled.id}/record`))
  expect(cancelledRecord.entries.map((e) => e.kind)).toContain('cancelled')
  await page.goto(`/pools/${cancelled.id}/check`)
  await expect(page.getByTestId('record-verdict')).toContainText(`All ${cancelledRecord.seq} entries hold`, { timeout: 60_000 })
  expect(errors).toEqual([])
  await context.close()
  await admin.dispose()
})
