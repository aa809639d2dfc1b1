import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import type { PoolJSON } from './helpers'

// An operator runs a week of the season from the browser: signs in, creates the week's games (their
// pools come as drafts), recreates a deleted pool with Create Missing Pools, opens the week's pools,
// features one, advances the active week; a player then sees exactly that week's pools and the featured
// pool. The demo data's active week (W12) and Pool of the Week are restored afterwards, since the
// specs that run after this one rely on them.

const WEEK = 'W14'
const GAMES = [
  { away: 'New Orleans Saints', home: 'Minnesota Vikings', days: 4, time: '13:00' },
  { away: 'Denver Broncos', home: 'Las Vegas Raiders', days: 4, time: '16:25' },
]
const REASON = 'Week 14 headline game'

interface FeaturedJSON extends PoolJSON {
  isFeatured: boolean
  featuredReason: string | null
  featuredUntil: string | null
  game: PoolJSON['game'] & { week: string | null }
}

interface AuditJSON {
  action: string
  adminId?: number
  adminName: string
  targetType: string
  targetId: string
  poolId?: number
  reason?: string
  createdAt: string
}

/** "2026-11-28T13:00": a datetime-local value, `days` from now in Eastern time. */
function easternInput(days: number, time: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(new Date(Date.now() + days * 24 * 3_600_000))
  const part = (t: string) => parts.find((p) => p.type === t)!.value
  return `${part('year')}-${part('month')}-${part('day')}T${time}`
}

const matchup = (g: (typeof GAMES)[number]) => `${g.away} at ${g.home}`
/** How the admin screens name a game: away @ home by nickname ("Saints @ Vikings"). */
const nicknames = (g: (typeof GAMES)[number]) => `${g.away.split(' ').at(-1)} @ ${g.home.split(' ').at(-1)}`

let api: APIRequestContext // an admin's API session, for reading the starting state and restoring it
let before: { week: string; featured: FeaturedJSON }

test.beforeAll(async ({ playwright }, testInfo) => {
  api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
  expect((await api.post('/api/admin/login', { data: { username: 'admin', password: 'squares-admin' } })).ok()).toBeTruthy()
  const week = (await (await api.get('/api/leagues/1/active-week')).json()) as { activeWeek: string }
  const featured = (await (await api.get('/api/pools/featured')).json()) as FeaturedJSON
  expect(week.activeWeek).toBe('W12')
  expect(featured?.isFeatured).toBe(true)
  before = { week: week.activeWeek, featured }
})

test.afterAll(async () => {
  // Put back the demo week and its Pool of the Week, whatever happened above.
  const week = await api.post('/api/leagues/1/active-week', { data: { week: before.week } })
  const feature = await api.post(`/api/admin/pools/${before.featured.id}/feature`, {
    data: { featuredReason: before.featured.featuredReason || 'Pool of the Week', featuredUntil: before.featured.featuredUntil },
  })
  const answers = [`${week.status()} ${await week.text()}`, `${feature.status()} ${await feature.text()}`]
  const now = {
    week: ((await (await api.get('/api/leagues/1/active-week')).json()) as { activeWeek: string }).activeWeek,
    featured: ((await (await api.get('/api/pools/featured')).json()) as FeaturedJSON | null)?.id,
  }
  await api.dispose()
  expect(week.ok(), answers[0]).toBeTruthy()
  expect(feature.ok(), answers[1]).toBeTruthy()
  expect(now).toEqual({ week: before.week, featured: before.featured.id })
})

async function weekPools(request: APIRequestContext): Promise<(PoolJSON & { gameId: number })[]> {
  const res = await request.get(`/api/pools?leagueId=1&week=${WEEK}`)
  expect(res.ok()).toBeTruthy()
  return (await res.json()) as (PoolJSON & { gameId: number })[]
}

async function toast(page: Page, title: string, description?: string | RegExp) {
  // One check for the title and the description together: a toast lasts only seconds.
  let t = page.getByRole('region', { name: /^Notifications/ }).getByRole('listitem').filter({ hasText: title })
  if (description) t = t.filter({ hasText: description })
  await expect(t.first()).toBeVisible()
}

/** A figure of the Activation Center's week summary, by its label. */
function summaryFigure(page: Page, label: string) {
  return page
    .getByLabel('Week summary')
    .locator('div')
    .filter({ has: page.getByRole('term').getByText(label, { exact: true }) })
    .getByRole('definition')
}

test('an admin opens a new week and a player sees exactly its pools and the featured pool', async ({ page, browser }) => {
  test.setTimeout(180_000)
  const startedAt = Date.now() - 1_000

  // Sign in as the admin.
  await page.goto('/admin-login')
  await page.getByLabel('Username').fill('admin')
  await page.getByLabel('Password').fill('squares-admin')
  await page.getByRole('button', { name: 'Login as Admin', exact: true }).click()
  await toast(page, 'Admin Login Successful')

  // Management console, Games tab: the week's two games.
  await page.goto('/management')
  await page.getByRole('tab', { name: 'Games' }).click()
  const gameList = page.getByRole('list', { name: 'Games' })
  for (const g of GAMES) {
    await page.getByLabel('League', { exact: true }).selectOption('1')
    await page.getByLabel('Home Team', { exact: true }).fill(g.home)
    await page.getByLabel('Away Team', { exact: true }).fill(g.away)
    await page.getByLabel('Game Date', { exact: true }).fill(easternInput(g.days, g.time))
    await page.getByLabel(/^Week/).fill(WEEK)
    await page.getByRole('button', { name: 'Create Game', exact: true }).click()
    await toast(page, 'Game created successfully', 'Its five pools were created as drafts.')
    await expect(gameList.getByTestId('game').filter({ hasText: `${nicknames(g)}, ` })).toContainText(WEEK)
    await expect(page.getByLabel('Home Team', { exact: true })).toHaveValue('')
  }
  let pools = await weekPools(page.request)
  expect(pools).toHaveLength(10)
  expect(pools.every((p) => p.status === 'draft')).toBe(true)

  // Pool Management: delete the second game's free pool, so Create Missing Pools has one to create.
  await page.goto('/admin-simple')
  await page.getByLabel('Week', { exact: true }).selectOption(WEEK)
  await page.getByLabel('Team', { exact: true }).selectOption(GAMES[1].home)
  await page.getByLabel('Price Tier', { exact: true }).selectOption({ label: 'FREE' })
  const rows = page.getByRole('list', { name: 'Pools', exact: true }).getByRole('listitem')
  await expect(rows).toHaveCount(1)
  const deleted = pools.find((p) => p.entryFee === '0.00' && p.game.homeTeam === GAMES[1].home)!
  await expect(rows.first()).toHaveAccessibleName(`Free Pool #${deleted.id}`)
  await rows.first().getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(rows.first().getByText('Delete this pool?')).toBeVisible()
  await rows.first().getByRole('button', { name: 'Delete', exact: true }).click()
  await toast(page, 'Pool Deleted Successfully', `Free Pool #${deleted.id} was deleted.`)
  await expect(page.getByText('No pools match these filters.')).toBeVisible()
  expect(await weekPools(page.request)).toHaveLength(9)

  // Pool Activation Center: NFL, the week; Create Missing Pools recreates exactly the deleted one.
  await page.goto('/admin/pools')
  await page.getByLabel('League', { exact: true }).selectOption('1')
  await page.getByLabel('Week', { exact: true }).selectOption(WEEK)
  const cards = page.getByRole('list', { name: 'Pools of the week' }).getByRole('listitem')
  await expect(cards).toHaveCount(9)
  await page.getByRole('button', { name: 'Create Missing Pools', exact: true }).click()
  await toast(page, 'Emergency Pools Created', '1 pools created for 2 games')
  await expect(cards).toHaveCount(10)
  await expect(summaryFigure(page, 'Draft')).toHaveText('10')

  // Open all of them at once.
  await page.getByRole('button', { name: 'Select All', exact: true }).click()
  await expect(page.getByText('10 selected')).toBeVisible()
  await page.getByRole('button', { name: 'Activate Selected', exact: true }).click()
  await toast(page, 'Bulk Activation Complete', '10 of 10 pools activated successfully')
  await expect(summaryFigure(page, 'Active')).toHaveText('10')

  // Feature the first game's $5 pool.
  pools = await weekPools(page.request)
  expect(pools.every((p) => p.status === 'active')).toBe(true)
  const star = pools.find((p) => p.entryFee === '5.00' && p.game.homeTeam === GAMES[0].home)!
  const card = page.getByRole('listitem', { name: `$5 Pool #${star.id}` })
  await card.getByRole('button', { name: 'Set Featured', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Set featured pool' })
  await dialog.getByLabel('Reason').fill(REASON)
  await dialog.getByRole('button', { name: 'Set featured', exact: true }).click()
  await toast(page, 'Pool Featured', '$5 Pool is the Pool of the Week.')
  await expect(dialog).toBeHidden()
  await expect(card.getByText('Featured', { exact: true })).toBeVisible()
  await expect(page.getByText(new RegExp(`^Pool of the Week: \\$5 Pool, ${nicknames(GAMES[0])}, \\w{3} 1:00 PM ET$`))).toBeVisible()

  // Advance the active week.
  await page.goto('/week-management')
  await expect(page.getByTestId('active-week')).toHaveText('W12')
  await page.getByLabel('New week', { exact: true }).selectOption(WEEK)
  await page.getByRole('button', { name: 'Advance Week', exact: true }).click()
  await toast(page, 'Week Updated Successfully', `The active week is now ${WEEK}.`)
  await expect(page.getByTestId('active-week')).toHaveText(WEEK)

  // A player, in a browser of their own, sees exactly the week's ten pools and its featured pool.
  const player = await browser.newContext()
  try {
    const login = await player.request.post('/api/auth/login', { data: { email: 'demo@squares.test', password: 'squares-demo' } })
    expect(login.ok()).toBeTruthy()
    const p = await player.newPage()
    await p.goto('/')
    const available = p.getByRole('region', { name: 'Available Pools' })
    await expect(available).toContainText(`National Football League, ${WEEK}`, { timeout: 30_000 })
    const poolCards = available.getByTestId('pool-card')
    await expect(poolCards).toHaveCount(10)
    const hrefs = await poolCards.evaluateAll((els) => els.map((e) => e.getAttribute('href')))
    expect(hrefs.sort()).toEqual(pools.map((x) => `/pool/${x.id}`).sort())
    for (const g of GAMES) await expect(available.getByRole('link', { name: new RegExp(matchup(g)) })).toHaveCount(5)
    await expect(available.getByText(/Buffalo Bills|Kansas City Chiefs/)).toHaveCount(0)

    await p.goto('/pool-of-the-week')
    await expect(p.getByRole('heading', { level: 1, name: 'Pool of the Week' })).toBeVisible()
    await expect(p.getByText(REASON)).toBeVisible()
    await expect(p.getByText('Week 14', { exact: true })).toBeVisible()
    await expect(p.getByRole('link', { name: 'Join This Pool' })).toHaveAttribute('href', `/pools/${star.id}`)
  } finally {
    await player.close()
  }

  // The audit log holds each of the admin's acts.
  const me = (await (await page.request.get('/api/auth/user')).json()) as { id: number | string; role: string }
  expect(me.role).toBe('admin')
  const res = await page.request.get('/api/admin/audit?limit=200')
  expect(res.ok()).toBeTruthy()
  const all = ((await res.json()) as { entries: AuditJSON[] }).entries
  const entries = all.filter((e) => Date.parse(e.createdAt) >= startedAt && String(e.adminId) === String(me.id))
  const seen = all.slice(0, 40).map((e) => `${e.action} ${e.adminId}/${e.adminName} ${e.targetType}:${e.targetId} pool ${e.poolId} ${e.createdAt} ${e.reason ?? ''}`)
  const count = (action: string, pred: (e: AuditJSON) => boolean = () => true) => entries.filter((e) => e.action === action && pred(e)).length
  expect(count('game.create'), `admin ${me.id} since ${new Date(startedAt).toISOString()}:\n${seen.join('\n')}`).toBe(2)
  expect(count('pool.delete', (e) => e.poolId === deleted.id)).toBe(1)
  expect(count('pool.create', (e) => e.reason === `emergency pools ${WEEK}`)).toBe(1)
  expect(count('pool.status')).toBe(10)
  expect(count('pool.feature', (e) => e.poolId === star.id && e.reason === REASON)).toBe(1)
  expect(count('pool.unfeature', (e) => e.poolId === before.featured.id)).toBe(1)
  expect(count('league.active_week')).toBe(1)
})
