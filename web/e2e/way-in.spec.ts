/// <reference lib="dom" />
import { expect as baseExpect, test, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { openPools, takenCells } from './helpers'

// The way in (issue 18, item 9) and its small things (item 11): the sign-up links, the visitors' Pools
// link, pages that need sign-in sending visitors to sign in and back, an invitation read signed out, the
// NFL schedule's season, the free claim's toast and a disabled button's look.

// The first load of each page in a fresh browser can be slow on a loaded machine.
const expect = baseExpect.configure({ timeout: 30_000 })
// Several browsers per journey, on a shared machine.
test.describe.configure({ timeout: 300_000 })
const password = 'correct-horse-battery'
const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/shots'

/** Registers a verified player (New York) through the API of a context of its own; the browser stays signed out. */
async function registerPlayer(browser: Browser, prefix: string, firstName: string, lastName = 'Tester') {
  const email = `${prefix}-${Date.now()}@squares.test`
  const ctx = await browser.newContext()
  const reg = await ctx.request.post('/api/auth/register', {
    data: { email, password, firstName, lastName, dateOfBirth: '1990-04-01', residenceState: 'NY' },
  })
  expect(reg.status(), await reg.text()).toBe(201)
  return { email, ctx }
}

async function signIn(page: Page, email: string) {
  const form = page.getByRole('form', { name: 'Sign in' })
  await form.getByLabel('Email').fill(email)
  await form.getByLabel('Password').fill(password)
  await form.getByRole('button', { name: 'Sign In' }).click()
}

async function noHorizontalScroll(page: Page) {
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth])
  expect(scroll, 'no horizontal scroll').toBeLessThanOrEqual(client)
}

/** Shots of the page at 390 and 1366 px (and no sideways scroll at 320), back at `width` after. */
async function shoot(page: Page, name: string, width: number) {
  for (const w of [390, 1366]) {
    await page.setViewportSize({ width: w, height: 900 })
    await page.screenshot({ path: `${SHOTS}/${name}-${w}.png`, fullPage: true })
  }
  await page.setViewportSize({ width: 320, height: 700 })
  await noHorizontalScroll(page)
  await page.setViewportSize({ width, height: 900 })
}

test('"Sign Up Free" and "Create Your Account" open the Sign Up tab', async ({ page }) => {
  for (const name of ['Sign Up Free', 'Create Your Account']) {
    await page.goto('/')
    await page.getByRole('link', { name }).click()
    await expect(page).toHaveURL(/\/login\?tab=signup$/)
    await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByRole('form', { name: 'Sign up' }).getByLabel('First Name')).toBeVisible()
  }
  // The Sign In tab is one click away, and the navbar's button still opens Sign In.
  await page.getByRole('tab', { name: 'Sign In' }).click()
  await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible()
  await page.getByRole('link', { name: 'Player Signup/Signin' }).click()
  await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true')
})

test('a signed-out visitor has a Pools link to the pool list, on a laptop and on a phone', async ({ page }) => {
  await page.goto('/how-to-play')
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pools' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByRole('heading', { name: 'Available Pools' })).toBeVisible()
  await expect(page.getByTestId('pool-card').first()).toBeVisible()
  await expect(page.getByRole('link', { name: /Sign in to join/ })).toBeVisible()

  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/how-to-play')
  await page.getByRole('button', { name: 'Open menu' }).click()
  await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Pools' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByTestId('pool-card').first()).toBeVisible()
})

test('pages that need sign-in send a visitor to sign in and back, the query string kept', async ({ browser }) => {
  const { email, ctx: owner } = await registerPlayer(browser, 'guard', 'Gail')

  // The league schedule.
  let ctx: BrowserContext = await browser.newContext()
  let page = await ctx.newPage()
  await page.goto('/schedule/nfl')
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fschedule%2Fnfl$/)
  await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible()
  await signIn(page, email)
  await expect(page).toHaveURL(/\/schedule\/nfl$/)
  await expect(page.getByRole('heading', { name: 'NFL Complete Schedule' })).toBeVisible()
  await ctx.close()

  // A checkout link, with its pool, squares and amount.
  const [pool] = await openPools(owner.request, '5.00')
  expect(pool, 'an open $5 pool in the demo data').toBeTruthy()
  const taken = await takenCells(owner.request, pool.id)
  const cell = Array.from({ length: 100 }, (_, i) => ({ row: 9 - Math.floor(i / 10), column: 9 - (i % 10) })).find((c) => !taken.has(`${c.row}-${c.column}`))!
  const params = new URLSearchParams({ poolId: String(pool.id), squares: JSON.stringify([{ ...cell, price: pool.entryFee }]), amount: pool.entryFee })
  const checkout = `/checkout?${params}`
  ctx = await browser.newContext()
  page = await ctx.newPage()
  await page.goto(checkout)
  await expect(page).toHaveURL((u) => u.pathname === '/login' && u.searchParams.get('returnTo') === checkout)
  await signIn(page, email)
  await expect(page).toHaveURL((u) => u.pathname + u.search === checkout)
  await expect(page.getByText('Back to Pool').first()).toBeVisible()
  // Leave no hold on the pool for the other specs.
  await expect.poll(async () => ((await (await page.request.get('/api/user/payments')).json()) as unknown[]).length).toBeGreaterThan(0)
  for (const p of (await (await page.request.get('/api/user/payments')).json()) as { id: string; status: string }[]) {
    if (p.status === 'pending') expect((await page.request.post(`/api/user/payments/${p.id}/cancel`)).ok()).toBeTruthy()
  }
  await ctx.close()

  // The account page.
  ctx = await browser.newContext()
  page = await ctx.newPage()
  await page.goto('/account')
  await expect(page).toHaveURL(/\/login\?returnTo=%2Faccount$/)
  await signIn(page, email)
  await expect(page).toHaveURL(/\/account$/)
  await ctx.close()
  await owner.close()
})

test('an invitation page read signed out: the pool first, then sign in, come back, join and claim', async ({ browser }) => {
  const { ctx: creator } = await registerPlayer(browser, 'host', 'Casey', 'Tester')
  const { email: friendEmail, ctx: friendApi } = await registerPlayer(browser, 'guest', 'Frankie', 'Friend')
  await friendApi.close()

  // The host's free private pool on a game still open for new pools.
  const games = (await (await creator.request.get('/api/games')).json()) as { id: number; status: string; gameDate: string; homeTeam: string; awayTeam: string }[]
  const game = games.filter((g) => g.status === 'scheduled' && Date.parse(g.gameDate) > Date.now() + 3 * 3600_000).sort((a, b) => Date.parse(a.gameDate) - Date.parse(b.gameDate))[0]
  expect(game, 'an upcoming game in the demo data').toBeTruthy()
  const name = `Office ${Date.now()}`
  const created = await creator.request.post('/api/pools/private', {
    data: { gameId: game.id, name, entryFee: 0, maxSquaresPerPlayer: 3, inviteEmails: [] },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { inviteCode, pool } = (await created.json()) as { inviteCode: string; pool: { id: number } }

  // A visitor with the link reads the pool before anything else.
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } })
  const page = await ctx.newPage()
  await page.goto(`/join/${inviteCode}`)
  await expect(page.getByText("You're invited to a private pool")).toBeVisible()
  const details = page.getByLabel('Pool details')
  await expect(details).toBeVisible()
  const row = (k: string) => details.locator('dt', { hasText: new RegExp(`^${k}$`) }).locator('xpath=following-sibling::dd[1]')
  await expect(row('Pool')).toHaveText(name)
  await expect(row('Game')).toHaveText(`${game.awayTeam} @ ${game.homeTeam}`)
  await expect(row('Kickoff')).toHaveText(/^\w{3}, \w{3} \d{1,2}, \d{1,2}:\d{2} [AP]M ET$/)
  await expect(row('Entry fee')).toHaveText('FREE')
  await expect(row('Host')).toHaveText('Casey T.')
  await expect(row('Spots left')).toHaveText('100 of 100 squares')
  await expect(row('Per player')).toHaveText('Up to 3 squares')
  await expect(page.getByText('Casey T. invited you to')).toBeVisible()
  // No e-mail address of the host's on the page (the footer's support address is the operator's).
  await expect(page.getByRole('main').getByText(/@squares\.test/)).toHaveCount(0)
  await shoot(page, 'invitation', 390)

  // Sign in, come back to the link, and join.
  await page.getByRole('link', { name: 'Sign In to Join' }).click()
  await expect(page).toHaveURL(new RegExp(`/login\\?returnTo=%2Fjoin%2F${inviteCode}$`))
  await signIn(page, friendEmail)
  await expect(page).toHaveURL(new RegExp(`/pool/${pool.id}$`))
  await expect(page.getByText('You joined the pool!')).toBeVisible()

  // A free claim says so.
  for (const c of [0, 1]) await page.locator(`[role=gridcell][data-row="0"][data-column="${c}"]`).click()
  await page.getByRole('button', { name: 'Claim Squares' }).click()
  // Title and description in one look: a toast lasts 4 seconds.
  const toast = page.locator('[data-sonner-toast]').filter({ has: page.getByText('Squares claimed', { exact: true }) })
  await expect(toast.filter({ hasText: "You've successfully claimed 2 squares." })).toBeVisible()
  await expect(page.getByText('Squares Purchased!')).toHaveCount(0)

  // A code that leads nowhere says so, signed out.
  const other = await browser.newContext()
  const visitor = await other.newPage()
  await visitor.goto('/join/NOPE2345')
  await expect(visitor.getByText('Invitation not found')).toBeVisible()
  await expect(visitor.getByRole('link', { name: 'Sign In to Join' })).toHaveCount(0)
  await other.close()
  await ctx.close()
  await creator.close()
})

test('/nfl-schedule is titled with the season the server has, with its games under it', async ({ browser }) => {
  const { ctx } = await registerPlayer(browser, 'season', 'Sam')
  const { current } = (await (await ctx.request.get('/api/nfl/schedule')).json()) as { current: number | null }
  expect(current, 'the demo data has an NFL season').not.toBeNull()
  const page = await ctx.newPage()
  await page.goto('/nfl-schedule')
  await expect(page.getByRole('heading', { level: 1, name: `${current} NFL Schedule` })).toBeVisible()
  await expect(page.getByTestId('schedule-game').first()).toBeVisible()
  expect(await page.getByTestId('schedule-game').count()).toBeGreaterThan(0)
  await expect(page.getByTestId('schedule-count')).toHaveText(/^Showing [1-9]\d* games?$/)
  await shoot(page, 'nfl-schedule', 1366)
  await ctx.close()
})

test('a disabled button looks disabled: grey, faded, not clickable', async ({ browser }) => {
  const ctx = await browser.newContext()
  expect((await ctx.request.post('/api/admin/login', { data: { username: 'admin', password: 'squares-admin' } })).ok()).toBeTruthy()
  const page = await ctx.newPage()
  const look = (name: string) =>
    page.getByRole('button', { name, exact: true }).evaluate((b) => {
      const s = getComputedStyle(b)
      return { background: s.backgroundColor, color: s.color, opacity: Number(s.opacity), pointerEvents: s.pointerEvents, disabled: (b as HTMLButtonElement).disabled }
    })
  await page.goto('/management')
  const enabled = await look('Create League')
  expect(enabled.disabled).toBe(false)
  await page.getByRole('tab', { name: 'Scores' }).click()
  const disabled = await look('Save Score')
  expect(disabled.disabled).toBe(true)
  // The same variant as Create League, drawn another way: no navy fill, no white text, faded, no pointer.
  expect(disabled.background).not.toBe(enabled.background)
  expect(disabled.color).not.toBe(enabled.color)
  expect(disabled.opacity).toBeLessThanOrEqual(0.7)
  expect(disabled.pointerEvents).toBe('none')
  await ctx.close()
})
