/// <reference lib="dom" />
import { mkdirSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { buy, houseFillAndDraw, ok } from './helpers'

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
  await houseFillAndDraw(admin, ten.id, 95)
  const drawn = await ok<PoolJSON>(admin.get(`/api/pools/${ten.id}`))
  expect(drawn.status).toBe('full')
  const [away, home] = [drawn.awayNumbers!, drawn.homeNumbers!]
  // Q1 ends with Dana's first square winning: the away score's last digit is its row's, the home score's its column's.
  const win = mine[0]
  const q1 = { away: 10 + away[win.row], home: 20 + home[win.column] }

  await page.goto(`/pool/${ten.id}`)
  const board = page.getByRole('region', { name: 'Live scoreboard' })
  await expect(page.getByTestId('game-state'), errors.join('\n')).toHaveText('Pre-game', { timeout: 30_000 })
  await expect(board).toBeVisible()
  await expect(page.getByText('Connected', { exact: true })).toBeVisible()
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true))

  const score = (homeScore: number, awayScore: number, quarter: number) =>
    ok(admin.post(`/api/admin/games/${game.id}/score`, { data: { homeScore, awayScore, quarter, status: 'live' } }))

  // Kickoff: the game is live, in Q1.
  await score(3, 0, 1)
  await expect(page.getByTestId('game-state')).toHaveText('Q1')
  await expect(board.getByTestId('home-score')).toHaveText('3')
  await expect(board.getByTestId('period-Q1')).toHaveAttribute('aria-current', 'step')
  // Scoring in Q1, then Q2 begins: Q1 ends at the last Q1 score.
  await score(q1.home, q1.away, 1)
  await expect(board.getByTestId('home-score')).toHaveText(String(q1.home))
  await expect(board.getByTestId('away-score')).toHaveText(String(q1.away))
  await score(q1.home, q1.away, 2)
  await expect(board.getByTestId('period-Q2')).toHaveAttribute('aria-current', 'step')
  await expect(board.getByTestId('period-Q1')).toHaveText(`Q1${q1.away}-${q1.home}`)

  // The Q1 winning square: highlighted and named with its amount ($900 prize pool / 4) and owner. The score
  // has not moved since, so it is also the square that would win Q2 if it ended now.
  const cell = page.locator(`[role=gridcell][data-row="${win.row}"][data-column="${win.column}"]`)
  const named = 'Q1 winner, $225.00, Dana D.; Q2 winning now, $225.00, Dana D.'
  await expect(cell).toHaveAccessibleName(named)
  await expect(page.getByRole('gridcell', { name: named, exact: true })).toBeVisible()
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

// Issue 18, item 8: live status that means one thing. A full, drawn $1 pool is watched from before kickoff
// to the final, on a phone and a laptop: the connection indicator speaks only of the connection (quietly),
// the game's state is said once (Pre-game, Q1, Halftime, Final), the board is the 'LIVE GAME BOARD' only
// while the game is on, and while a period is in play the square that would win it now is marked.
test('the board says the game state once, and marks the square winning now while a period is in play', async ({ browser, playwright, baseURL }) => {
  // Screenshots at three widths of two states, and a game played through: minutes on a loaded machine.
  test.setTimeout(300_000)
  mkdirSync(SHOTS, { recursive: true })
  const admin = await playwright.request.newContext({ baseURL })
  await ok(admin.post('/api/admin/login', { data: { username: 'admin', password: 'squares-admin' } }))
  const { activeWeek } = await ok<{ activeWeek: string }>(admin.get('/api/leagues/1/active-week'))
  const game = await ok<{ id: number }>(
    admin.post('/api/games', {
      data: { leagueId: 1, homeTeam: 'Philadelphia Eagles', awayTeam: 'Dallas Cowboys', gameDate: new Date(Date.now() + 3 * 3600_000).toISOString(), status: 'scheduled', week: activeWeek },
    }),
    201,
  )
  const one = (await ok<PoolJSON[]>(admin.get('/api/pools?leagueId=1'))).find((p) => p.gameId === game.id && p.entryFee === '1.00')!
  await ok(admin.patch(`/api/pools/${one.id}`, { data: { status: 'active' } }))
  await houseFillAndDraw(admin, one.id, 100)
  const drawn = await ok<PoolJSON & { payouts: { amount: string }[] }>(admin.get(`/api/pools/${one.id}`))
  const [away, home] = [drawn.awayNumbers!, drawn.homeNumbers!]
  const cellOf = (awayScore: number, homeScore: number) => ({ row: away.indexOf(awayScore % 10), column: home.indexOf(homeScore % 10) })
  const score = (homeScore: number, awayScore: number, quarter: number, status = 'live') =>
    ok(admin.post(`/api/admin/games/${game.id}/score`, { data: { homeScore, awayScore, quarter, status } }))

  const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  await page.goto(`/pool/${one.id}`)
  const title = page.locator('#board-title')
  const state = page.getByTestId('game-state')
  const winningNow = page.getByRole('gridcell', { name: /winning now/ })
  await expect(state, errors.join('\n')).toHaveText('Pre-game', { timeout: 30_000 })
  await expect(page.getByTestId('connection-indicator')).toHaveAttribute('data-status', 'connected')

  // Pre-game: no live board, no "Live" badge, no SCHEDULED beside it; the state once; nothing winning.
  await expect(title).toHaveText('SQUARES BOARD')
  await expect(page.getByTestId('connection-indicator')).toHaveText('Connected')
  await expect(page.getByText('Live', { exact: true })).toHaveCount(0)
  await expect(page.getByText('SCHEDULED', { exact: true })).toHaveCount(0)
  await expect(page.getByText('Pre-game', { exact: true })).toHaveCount(1)
  await expect(page.getByRole('region', { name: 'Live scoreboard' })).toHaveCount(1)
  await expect(winningNow).toHaveCount(0)

  // Q1 at 3-0: the live board, and the square of away 3, home 0 is winning Q1 now.
  await score(0, 3, 1)
  await expect(state).toHaveText('Q1')
  await expect(title).toHaveText('LIVE GAME BOARD')
  await expect(winningNow).toHaveCount(1)
  const q1 = cellOf(3, 0)
  await expect(winningNow).toHaveAttribute('data-row', String(q1.row))
  await expect(winningNow).toHaveAttribute('data-column', String(q1.column))
  await expect(winningNow).toHaveAccessibleName(`Q1 winning now, $${drawn.payouts[0].amount}, House`)
  await shoot(page, 'state-q1', '#board-title')

  // A touchdown moves the mark with the score.
  await score(7, 3, 1)
  const moved = cellOf(3, 7)
  await expect(winningNow).toHaveAttribute('data-column', String(moved.column))
  await expect(winningNow).toHaveAttribute('data-row', String(moved.row))

  // Q2, then halftime: no period in play, nothing winning now, still the live board.
  await score(7, 3, 2)
  await expect(state).toHaveText('Q2')
  await score(14, 3, 2, 'ht')
  await expect(state).toHaveText('Halftime')
  await expect(title).toHaveText('LIVE GAME BOARD')
  await expect(winningNow).toHaveCount(0)
  await expect(page.getByRole('gridcell', { name: /^Q1 winner/ })).toHaveCount(1)

  // The final: no longer a live game board; the state says Final; nothing winning now.
  await score(17, 10, 3)
  await score(24, 17, 4, 'ft')
  await expect(state).toHaveText('Final')
  await expect(title).toHaveText('FINAL BOARD')
  await expect(page.getByText('LIVE GAME BOARD')).toHaveCount(0)
  await expect(page.getByText('Live', { exact: true })).toHaveCount(0)
  await expect(winningNow).toHaveCount(0)
  await expect(page.getByRole('gridcell', { name: /winner/ })).not.toHaveCount(0)
  await shoot(page, 'state-final', '#board-title')
  expect(errors).toEqual([])
  await context.close()
  await admin.dispose()
})
