/// <reference lib="dom" />
import { mkdirSync } from 'node:fs'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'

// Game day on the pool page, against the real server: a player watches a full, drawn $10 pool while an admin
// posts scores through the API. The score changes live (no reload) and the Q1 winning square is highlighted
// and named "Q1 winner, $225.00, Dana D.". A second pool of the game, not full, counts down to its 2-hour
// decision. Screenshots of both at 390 and 1366 px go to E2E_SHOTS_DIR (default /tmp/shots).
const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/shots'

interface PoolJSON {
  id: number
  gameId: number
  entryFee: string
  status: string
  homeNumbers: number[] | null
  awayNumbers: number[] | null
}

async function ok<T>(res: Promise<import('@playwright/test').APIResponse>, status = 200): Promise<T> {
  const r = await res
  expect(r.status(), await r.text()).toBe(status)
  return (await r.json()) as T
}

/** Buys `cells` of a paid pool as the signed-in player: checkout, the sandbox's test card, confirmation. */
async function buy(api: APIRequestContext, pool: PoolJSON, cells: { row: number; column: number }[]) {
  const amount = (Number(pool.entryFee) * cells.length).toFixed(2)
  const co = await ok<{ paymentIntentId: string }>(api.post('/api/create-escrow-payment', { data: { poolId: pool.id, amount, squares: cells } }), 201)
  await ok(api.post(`/api/sandbox/payments/${co.paymentIntentId}/confirm`, { data: { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' } }))
  await ok(api.post('/api/purchase-squares', { data: { poolId: pool.id, paymentIntentId: co.paymentIntentId } }))
}

async function noSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }))
  expect(scrollWidth, `page is ${scrollWidth} px wide in a ${innerWidth} px window`).toBeLessThanOrEqual(innerWidth)
}

/** Whole-page shots at 390 and 1366 px, and a window's worth from `focus` down; 320 px must not scroll sideways. */
async function shoot(page: Page, name: string, focus: string) {
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 })
    await page.waitForTimeout(300)
    await noSidewaysScroll(page)
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true })
    await page.evaluate((sel) => document.querySelector(sel)?.scrollIntoView({ block: 'start' }), focus)
    await page.screenshot({ path: `${SHOTS}/${name}-${width}-view.png` })
  }
  await page.setViewportSize({ width: 320, height: 800 })
  await page.waitForTimeout(300)
  await noSidewaysScroll(page)
  await page.setViewportSize({ width: 1366, height: 900 })
}

test('a player watches the score change live and the Q1 winning square light up', async ({ browser, playwright, baseURL }) => {
  // Screenshots of two long pages at three widths take their time on a shared machine.
  test.setTimeout(180_000)
  mkdirSync(SHOTS, { recursive: true })
  const admin = await playwright.request.newContext({ baseURL })
  await ok(admin.post('/api/admin/login', { data: { username: 'admin', password: 'squares-admin' } }))

  // A game of the NFL's active week, 3 hours away: its $10 and $5 pools are on sale (paid pools sell from 6
  // days to 2 hours before kickoff).
  const { activeWeek } = await ok<{ activeWeek: string }>(admin.get('/api/leagues/1/active-week'))
  const game = await ok<{ id: number }>(
    admin.post('/api/games', {
      data: { leagueId: 1, homeTeam: 'Buffalo Bills', awayTeam: 'Kansas City Chiefs', gameDate: new Date(Date.now() + 3 * 3600_000).toISOString(), status: 'scheduled', week: activeWeek },
    }),
    201,
  )
  const pools = (await ok<PoolJSON[]>(admin.get('/api/pools?leagueId=1'))).filter((p) => p.gameId === game.id)
  const ten = pools.find((p) => p.entryFee === '10.00')!
  const five = pools.find((p) => p.entryFee === '5.00')!
  for (const p of [ten, five]) await ok(admin.patch(`/api/pools/${p.id}`, { data: { status: 'active' } }))

  // Dana buys five squares of the $10 pool and two of the $5 pool.
  const context = await browser.newContext()
  const page = await context.newPage()
  const errors: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text())
  })
  page.on('pageerror', (e) => errors.push(e.message))
  const email = `dana-${Date.now()}@squares.test`
  await ok(
    page.request.post('/api/auth/register', {
      data: { email, password: 'correct-horse-battery', firstName: 'Dana', lastName: 'Dawson', dateOfBirth: '1990-04-01', residenceState: 'NY' },
    }),
    201,
  )
  const mine = [0, 1, 2, 3, 4].map((i) => ({ row: i * 2, column: (i * 3) % 10 }))
  await buy(page.request, ten, mine)
  await buy(page.request, five, [{ row: 5, column: 5 }, { row: 6, column: 6 }])

  // The $5 pool is not full: its page counts down to the decision. It has 1 player of the 10 a $5 pool needs,
  // and 98 squares free of which the house fills at most 60.
  await page.goto(`/pool/${five.id}`)
  // The first visit loads the pool page's code; on a busy machine that can take a while.
  await expect(page.getByText('Pool Information'), errors.join('\n')).toBeVisible({ timeout: 30_000 })
  await expect(page.getByTestId('decision-countdown')).toHaveText(/^Decided in (59 min|1 h|1 h \d+ min): needs 9 more players and 38 more squares taken or it is cancelled and refunded$/)
  await shoot(page, 'pool-countdown', 'main')

  // The admin house-fills the $10 pool: it is full, and its numbers are drawn.
  await ok(admin.post(`/api/admin/pools/${ten.id}/house-fill`, { data: { squaresNeeded: 95 } }))
  const drawn = await ok<PoolJSON>(admin.get(`/api/pools/${ten.id}`))
  expect(drawn.status).toBe('full')
  const [away, home] = [drawn.awayNumbers!, drawn.homeNumbers!]
  // Q1 ends with Dana's first square winning: the away score's last digit is its row's, the home score's its column's.
  const win = mine[0]
  const q1 = { away: 10 + away[win.row], home: 20 + home[win.column] }

  await page.goto(`/pool/${ten.id}`)
  const board = page.getByRole('region', { name: 'Live scoreboard' })
  await expect(board.getByTestId('game-status-badge'), errors.join('\n')).toHaveText('SCHEDULED')
  await expect(page.getByText('Connected', { exact: true })).toBeVisible()
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true))

  const score = (homeScore: number, awayScore: number, quarter: number) =>
    ok(admin.post(`/api/admin/games/${game.id}/score`, { data: { homeScore, awayScore, quarter, status: 'live' } }))

  // Kickoff: the game is live, in Q1.
  await score(3, 0, 1)
  await expect(board.getByTestId('game-status-badge')).toHaveText('LIVE')
  await expect(board.getByTestId('home-score')).toHaveText('3')
  await expect(board.getByTestId('period-Q1')).toHaveAttribute('aria-current', 'step')
  // Scoring in Q1, then Q2 begins: Q1 ends at the last Q1 score.
  await score(q1.home, q1.away, 1)
  await expect(board.getByTestId('home-score')).toHaveText(String(q1.home))
  await expect(board.getByTestId('away-score')).toHaveText(String(q1.away))
  await score(q1.home, q1.away, 2)
  await expect(board.getByTestId('period-Q2')).toHaveAttribute('aria-current', 'step')
  await expect(board.getByTestId('period-Q1')).toHaveText(`Q1${q1.away}-${q1.home}`)

  // The Q1 winning square: highlighted and named with its amount ($900 prize pool / 4) and owner.
  const cell = page.locator(`[role=gridcell][data-row="${win.row}"][data-column="${win.column}"]`)
  await expect(cell).toHaveAccessibleName('Q1 winner, $225.00, Dana D.')
  await expect(page.getByRole('gridcell', { name: 'Q1 winner, $225.00, Dana D.', exact: true })).toBeVisible()
  await expect(cell).toHaveAttribute('data-winner', 'Q1')
  await expect(page.getByTestId('winner-Q1')).toContainText('Dana D.')
  await expect(page.getByTestId('winner-Q1')).toContainText('$225.00')
  // Everything arrived over the socket: the page was never reloaded.
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true)

  await shoot(page, 'pool-live-winner', '[aria-label="Live scoreboard"]')
  expect(errors).toEqual([])
  await context.close()
  await admin.dispose()
})
