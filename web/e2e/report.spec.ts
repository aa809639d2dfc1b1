/// <reference lib="dom" />
import { mkdirSync, readFileSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import { buy, gameWithFivePool, houseFillAndDraw, ok, registerPlayer, scorer } from './helpers'

// The settlement report of a completed $5 pool: Rae buys five squares by card, the house fills the other 95,
// the game is played to the end. Its report (linked from the pool page) shows the totals the ledger holds
// (500.00 in, the 10% fee, 450.00 of prizes), each period's winner, and downloads as CSV. The game, its pools
// and the player are this spec's own. Screenshots at 390 and 1366 px, and printed, go to E2E_SHOTS_DIR.
const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/shots'

interface PoolJSON {
  id: number
  name: string
  gameId: number
  entryFee: string
  status: string
  numbersGenerated: boolean
}

interface ReportJSON {
  pool: { status: string }
  totals: Record<'moneyIn' | 'fee' | 'prizes' | 'refunds' | 'inEscrow' | 'paidOut' | 'stillOwed', string>
  awards: { name: string; ownerName: string; amount: string }[]
}

test('a completed pool’s settlement report shows its ledger totals and downloads as CSV', async ({ browser, playwright, baseURL }) => {
  test.setTimeout(240_000)
  mkdirSync(SHOTS, { recursive: true })
  const admin = await playwright.request.newContext({ baseURL })
  await ok(admin.post('/api/admin/login', { data: { username: 'admin', password: 'squares-admin' } }))
  const { game, five } = await gameWithFivePool<PoolJSON>(admin, 'Buffalo Bills', 'Kansas City Chiefs')

  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, acceptDownloads: true })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  await registerPlayer(page.request, `rae-report-${Date.now()}@squares.test`, 'Rae', 'Rivera')
  await buy(page.request, five, [0, 1, 2, 3, 4].map((i) => ({ row: i * 2, column: (i * 3 + 1) % 10 })))
  await houseFillAndDraw(admin, five.id, 95)

  const score = scorer(admin, game.id)
  await score(7, 0, 1)
  await score(7, 3, 2)
  await score(14, 3, 3)
  await score(14, 10, 4)
  await score(17, 10, 4, 'completed')
  // The escrow captures Rae's payment on its next pass: then all 500.00 is in the ledger.
  await expect
    .poll(async () => {
      const r = await ok<ReportJSON>(page.request.get(`/api/pools/${five.id}/report`))
      return [r.pool.status, r.totals.moneyIn, r.totals.fee, r.totals.prizes, r.totals.inEscrow].join(' ')
    }, { timeout: 120_000 })
    .toBe('completed 500.00 50.00 450.00 0.00')
  const report = await ok<ReportJSON>(page.request.get(`/api/pools/${five.id}/report`))
  expect(report.awards.map((a) => a.name)).toEqual(['Q1', 'Q2', 'Q3', 'Final'])

  // From the pool page to its report.
  await page.goto(`/pool/${five.id}`)
  await page.getByRole('link', { name: 'Settlement report' }).click()
  await expect(page).toHaveURL(new RegExp(`/pools/${five.id}/report$`))
  await expect(page.getByRole('heading', { level: 1, name: five.name })).toBeVisible()
  const total = (label: string) => page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]')
  await expect(total('Money in')).toHaveText('$500.00')
  await expect(total('Fee')).toHaveText('$50.00')
  await expect(total('Prizes')).toHaveText('$450.00')
  await expect(total('Refunds')).toHaveText('$0.00')
  await expect(total('Paid out')).toHaveText(`$${Number(report.totals.paidOut).toFixed(2)}`)
  await expect(total('Still owed')).toHaveText(`$${Number(report.totals.stillOwed).toFixed(2)}`)
  const awards = page.getByRole('region', { name: 'Scores, winners and prizes' })
  await expect(awards.getByRole('row')).toHaveCount(5)
  await expect(awards.getByRole('row', { name: /^Final/ })).toContainText(report.awards[3].ownerName)
  await expect(page.getByRole('region', { name: 'Players' }).getByRole('row', { name: /Rae R\./ })).toContainText('$25.00')
  await expect(page.getByRole('region', { name: 'Squares' }).getByRole('row')).toHaveCount(101)

  const { violations } = await new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] }).analyze()
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([])

  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 })
    await page.waitForTimeout(300)
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }))
    expect(scrollWidth, `page is ${scrollWidth} px wide in a ${innerWidth} px window`).toBeLessThanOrEqual(innerWidth)
    await page.screenshot({ path: `${SHOTS}/report-${width}.png` })
  }

  // On paper: no toolbar, black on white.
  await page.emulateMedia({ media: 'print' })
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden()
  expect(await page.evaluate(() => getComputedStyle(document.querySelector('.report-root')!).backgroundColor)).toBe('rgb(255, 255, 255)')
  await page.screenshot({ path: `${SHOTS}/report-print.png`, fullPage: true })
  await page.emulateMedia({ media: 'screen' })

  // The CSV: a header row, a section per row, the totals as the ledger's.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()])
  expect(download.suggestedFilename()).toBe(`pool-${five.id}-report.csv`)
  const csv = readFileSync((await download.path()), 'utf8').trim().split('\n')
  expect(csv[0]).toBe('section,item,value,row,column,player,squares,amount,held,refunded,won,status,at')
  expect(csv).toContain('total,Money in,,,,,,500.00,,,,,')
  expect(csv).toContain('total,Fee,,,,,,50.00,,,,,')
  expect(csv).toContain('total,Prizes,,,,,,450.00,,,,,')
  expect(csv.filter((l) => l.startsWith('square,'))).toHaveLength(100)
  expect(errors).toEqual([])
  await context.close()
  await admin.dispose()
})
