import { mkdirSync } from 'node:fs'
import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test'

// An operator knows what they act on: every admin list of pools names the game ("Chiefs @ Bills, Sun
// 4:25 PM ET", away @ home), the audit log shows only the fields that changed with names beside the ids and
// times in Eastern time, the Ledger shows the accounts, the transactions by pool and kind and the zero-sum
// check, Analytics tells gross entries from house revenue, and the navigation reaches the Pool Activation
// Center (opened on the active week) and the Ledger, on a laptop and on a phone. What this spec changes
// (a pool hidden and shown again, a player of its own) is put back or its own.

// Screens load their code on demand: on a loaded machine the first paint of one can take a while.
const expect = baseExpect.configure({ timeout: 30_000 })
const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/shots'
const ADMIN = { username: 'admin', password: 'squares-admin' }

interface GameJSON {
  homeTeam: string
  awayTeam: string
  gameDate: string
}
interface PoolJSON {
  id: number
  name: string
  entryFee: string
  status: string
  game: GameJSON & { week: string | null; status: string }
}

const kickoffParts = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', weekday: 'short', hour: 'numeric', minute: '2-digit' })

/** The name every admin list gives a game, worked out here on its own: "Chiefs @ Bills, Sun 4:25 PM ET". */
function gameName(g: GameJSON): string {
  const nick = (team: string) => team.split(' ').at(-1)
  const p = Object.fromEntries(kickoffParts.formatToParts(new Date(g.gameDate)).map((x) => [x.type, x.value]))
  return `${nick(g.awayTeam)} @ ${nick(g.homeTeam)}, ${p.weekday} ${p.hour}:${p.minute} ${p.dayPeriod} ET`
}

const money = (v: string) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(Number(v))

async function json<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path)
  expect(res.ok(), `${path}: ${res.status()}`).toBeTruthy()
  return (await res.json()) as T
}

async function signIn(page: Page) {
  const res = await page.request.post('/api/admin/login', { data: ADMIN })
  expect(res.ok()).toBeTruthy()
}

/** Waits for a screen's content, then saves it as /tmp/shots/admin-ops-<name>-<width>.png for a person to look at. */
async function shot(page: Page, name: string) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
  await page.evaluate(() => document.fonts.ready)
  await page.screenshot({ path: `${SHOTS}/admin-ops-${name}-${page.viewportSize()!.width}.png`, fullPage: true })
}

/** Fails when the page scrolls sideways. */
async function fits(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }))
  expect(scrollWidth, `${page.url()} is ${scrollWidth} px wide in ${innerWidth}`).toBeLessThanOrEqual(innerWidth)
}

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }))

test('the admin screens name the game of every pool, away @ home', async ({ page }) => {
  test.setTimeout(360_000)
  await signIn(page)
  const week = (await json<{ activeWeek: string }>(page.request, '/api/leagues/1/active-week')).activeWeek
  const pools = await json<PoolJSON[]>(page.request, `/api/admin/pools?leagueId=1&week=${week}`)
  expect(pools.length).toBeGreaterThan(0)
  // A pool of a game not yet played: the Scores tab lists only games still to score, and the demo's own game
  // (this week's, kicking off as the server starts) may be completed by the time this spec runs.
  const upcoming = pools.filter((p) => p.game.status === 'scheduled')
  expect(upcoming.length, 'pools of games still to play this week').toBeGreaterThan(0)
  const pool = upcoming.find((p) => p.entryFee === '5.00') ?? upcoming[0]
  const name = gameName(pool.game)
  expect(name).toMatch(/^\S+ @ \S+, (Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2}:\d{2} (AM|PM) ET$/)

  // The navigation reaches the Pool Activation Center, which opens on the league's active week.
  await page.goto('/production-dashboard')
  const nav = page.getByRole('navigation', { name: 'Admin' })
  for (const label of ['Dashboard', 'Pool of the Week', 'Pool Management', 'User Management', 'Pool Cancellation', 'Analytics', 'Pool Activation Center', 'Ledger']) {
    await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible()
  }
  await nav.getByRole('link', { name: 'Pool Activation Center', exact: true }).click()
  await expect(page).toHaveURL(/\/admin\/pools$/)
  await expect(page.getByLabel('Week', { exact: true })).toHaveValue(week)
  const cards = page.getByRole('list', { name: 'Pools of the week' })
  await expect(cards.getByRole('listitem')).toHaveCount(pools.length)
  await expect(cards.getByRole('listitem', { name: `${pool.name} #${pool.id}`, exact: true })).toContainText(name)
  await shot(page, 'activation')

  // Pool Management.
  await nav.getByRole('link', { name: 'Pool Management', exact: true }).click()
  await expect(page.getByRole('list', { name: 'Pools', exact: true }).getByRole('listitem', { name: `${pool.name} #${pool.id}`, exact: true })).toContainText(name)

  // The management console: the Pools tab, the Games tab and the Scores tab, away @ home everywhere.
  await page.goto('/management')
  await page.getByRole('tab', { name: 'Pools' }).click()
  await expect(page.getByTestId('pool').filter({ hasText: name }).first()).toBeVisible()
  await page.getByRole('tab', { name: 'Games' }).click()
  await expect(page.getByTestId('game').filter({ hasText: name }).first()).toBeVisible()
  await expect(page.getByTestId('game').filter({ hasText: ' vs ' })).toHaveCount(0)
  await page.getByRole('tab', { name: 'Scores' }).click()
  await expect(page.getByLabel('Game', { exact: true }).locator('option', { hasText: name }).first()).toBeAttached()
  await expect(page.getByLabel('Game', { exact: true }).locator('option', { hasText: ' vs ' })).toHaveCount(0)

  // Pool Cancellation: the demo's first game kicks off within hours, so its pools are due for a decision.
  // Only the NFL's: other specs add games of other leagues (a11y's college basketball game), whose teams
  // have no nickname table and are named in full.
  const due = (await json<{ poolId: number; poolName: string; game: GameJSON }[]>(page.request, '/api/admin/pool-cancellation-analysis')).filter((d) =>
    pools.some((p) => p.game.homeTeam === d.game.homeTeam && p.game.awayTeam === d.game.awayTeam),
  )
  expect(due.length, 'pools of NFL games due for a decision in the demo data').toBeGreaterThan(0)
  await page.goto('/admin/pool-cancellation')
  const item = page.getByRole('list', { name: 'Pools due for a decision' }).getByRole('listitem', { name: `${due[0].poolName} #${due[0].poolId}, ${gameName(due[0].game)}` })
  await expect(item).toContainText(gameName(due[0].game))
  await shot(page, 'cancellation')
})

test('the Ledger shows the accounts, the transactions by pool and kind, and the zero-sum check', async ({ page }) => {
  test.setTimeout(240_000)
  await signIn(page)
  const summary = await json<{ total: string; balanced: boolean; accounts: unknown[] }>(page.request, '/api/admin/ledger/summary')
  expect(summary).toMatchObject({ total: '0.00', balanced: true })
  const [held] = (await json<{ transactions: { poolId: number; poolName: string; game: GameJSON }[] }>(page.request, '/api/admin/ledger/transactions?kind=hold&pageSize=1')).transactions
  expect(held, 'a card hold in the demo data').toBeTruthy()
  const holds = await json<{ total: number }>(page.request, `/api/admin/ledger/transactions?kind=hold&poolId=${held.poolId}`)

  await page.goto('/production-dashboard')
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Ledger', exact: true }).click()
  await expect(page).toHaveURL(/\/admin\/ledger$/)
  const check = page.getByRole('status', { name: 'Zero-sum check' })
  await expect(check).toContainText('Balanced')
  await expect(check).toContainText('Sum of all accounts: $0.00')
  await expect(check).toHaveAttribute('data-balanced', 'true')
  // Green, as a person sees it.
  expect(await check.evaluate((el) => getComputedStyle(el).backgroundColor)).toMatch(/^(rgb\(236, 253, 245\)|oklch\(0\.979 0\.021 166)/)
  await expect(page.getByRole('list', { name: 'Platform accounts' }).getByTestId('ledger-account').filter({ hasText: /^world/ })).toContainText("Players' cards")

  await page.getByLabel('Pool ID').fill(String(held.poolId))
  await page.getByLabel('Kind').selectOption('hold')
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/ledger\\?poolId=${held.poolId}&kind=hold$`))
  const rows = page.getByTestId('ledger-transaction')
  await expect(rows).toHaveCount(Math.min(holds.total, 25))
  for (const row of await rows.all()) {
    await expect(row).toContainText('Card hold')
    await expect(row).toContainText(`${held.poolName} #${held.poolId} · ${gameName(held.game)}`)
  }
  await expect(page.getByText(`Showing 1–${Math.min(holds.total, 25)} of ${holds.total}, newest first`)).toBeVisible()
  await page.getByRole('button', { name: 'Clear' }).click()
  await expect(page).toHaveURL(/\/admin\/ledger$/)
  await shot(page, 'ledger')
})

test('Analytics tells gross entries from house revenue', async ({ page }) => {
  test.setTimeout(120_000)
  await signIn(page)
  const st = await json<{ grossEntries: string; houseRevenue: string }>(page.request, '/api/admin/stats')
  await page.goto('/admin/analytics')
  await expect(page.getByText('Gross entries', { exact: true }).first().locator('..')).toContainText(money(st.grossEntries))
  await expect(page.getByText('House revenue', { exact: true }).first().locator('..')).toContainText(money(st.houseRevenue))
  await expect(page.getByText('House revenue (fees kept)', { exact: true })).toBeVisible()
  await expect(page.getByText('Total revenue', { exact: true })).toHaveCount(0)
  await shot(page, 'analytics')
})

test('the audit log shows only what changed, with names beside the ids and times in Eastern time', async ({ page, playwright, baseURL }) => {
  test.setTimeout(240_000)
  await signIn(page)
  // A player of this spec's own, whose eligibility the admin turns off.
  const email = `audit-${Date.now()}@squares.test`
  const visitor = await playwright.request.newContext({ baseURL })
  const reg = await visitor.post('/api/auth/register', {
    data: { email, password: 'correct-horse-battery', firstName: 'Audrey', lastName: 'Tester', dateOfBirth: '1990-04-01', residenceState: 'NY' },
  })
  expect(reg.status()).toBe(201)
  const player = (await reg.json()) as { user?: { id: string | number }; id?: string | number }
  const playerId = String(player.user?.id ?? player.id)
  await visitor.dispose()
  const update = await page.request.post(`/api/admin/users/${playerId}/update`, { data: { isEligibleToBet: false } })
  expect(update.ok(), await update.text()).toBeTruthy()

  // A $25 pool hidden and shown again: two changes of its status, and the pool as it was.
  const pools = await json<PoolJSON[]>(page.request, '/api/admin/pools?leagueId=1&status=active')
  const pool = pools.find((p) => p.entryFee === '25.00')!
  expect(pool, 'an active $25 pool in the demo data').toBeTruthy()
  try {
    expect((await page.request.patch(`/api/pools/${pool.id}`, { data: { status: 'inactive' } })).ok()).toBeTruthy()
  } finally {
    expect((await page.request.patch(`/api/pools/${pool.id}`, { data: { status: 'active' } })).ok()).toBeTruthy()
  }

  await page.goto(`/admin/audit?userId=${playerId}`)
  const entry = page.getByTestId('audit-entry').first()
  await expect(entry).toContainText('user.update')
  await expect(entry).toContainText(`Audrey Tester (${email}) #${playerId}`)
  await expect(entry).toContainText(/by admin · (Mon|Tue|Wed|Thu|Fri|Sat|Sun), [A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} (AM|PM) ET/)
  await expect(entry.getByRole('term')).toHaveText(['isEligibleToBet:'])

  await page.goto(`/admin/audit?poolId=${pool.id}&action=pool.status`)
  // Newest first: shown again, hidden (the demo data's own opening of the pool comes after).
  const entries = page.getByTestId('audit-entry')
  const [shown, hidden] = [entries.nth(0), entries.nth(1)]
  await expect(hidden).toBeVisible()
  await expect(shown).toContainText(`$25 Pool #${pool.id} · ${gameName(pool.game)}`)
  await expect(shown.getByRole('term')).toHaveText(['status:'])
  await expect(shown).toContainText('status:inactive → active')
  await expect(hidden).toContainText('status:active → inactive')
  await shot(page, 'audit')
})

test('on a phone the menu reaches the Pool Activation Center and the Ledger, which fit the screen', async ({ browser }) => {
  test.setTimeout(240_000)
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
  const page = await context.newPage()
  try {
    await signIn(page)
    await page.goto('/production-dashboard')
    await expect(page.getByRole('navigation', { name: 'Admin', exact: true })).toBeHidden()
    await page.getByRole('button', { name: 'Open menu' }).click()
    const menu = page.getByRole('navigation', { name: 'Admin mobile' })
    await expect(menu.getByRole('link', { name: 'Pool Activation Center', exact: true })).toBeVisible()
    await menu.getByRole('link', { name: 'Ledger', exact: true }).click()
    await expect(page).toHaveURL(/\/admin\/ledger$/)
    await expect(menu).toBeHidden()
    await expect(page.getByRole('status', { name: 'Zero-sum check' })).toContainText('Balanced')
    await expect(page.getByTestId('ledger-transaction').first()).toBeVisible()
    await fits(page)
    await shot(page, 'ledger')

    await page.getByRole('button', { name: 'Open menu' }).click()
    await menu.getByRole('link', { name: 'Pool Activation Center', exact: true }).click()
    await expect(page.getByRole('list', { name: 'Pools of the week' }).getByRole('listitem').first()).toContainText(/ @ .+, \w{3} \d{1,2}:\d{2} (AM|PM) ET/)
    await fits(page)
    await shot(page, 'activation')
    for (const [path, name] of [['/admin/audit', 'audit'], ['/admin/analytics', 'analytics'], ['/admin/pool-cancellation', 'cancellation'], ['/management', 'console']] as const) {
      await page.goto(path)
      await expect(page.locator('main')).toContainText(/\w{3}/)
      await fits(page)
      await shot(page, name)
    }
  } finally {
    await context.close()
  }
})
