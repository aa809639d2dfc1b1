import { expect, type APIRequestContext, type Browser, type BrowserContextOptions, type Page, type PlaywrightWorkerArgs } from '@playwright/test'
import { openPools, takenCells, type PoolJSON } from './helpers'

// Every screen of the app for each kind of viewer: e2e/screens.spec.ts opens each at every width and checks
// its fit and its accessibility, so a new screen added here is checked for both.

export type Role = 'visitor' | 'player' | 'admin'

export interface Screen {
  path: string
  /** Saved as /tmp/shots/<shot>-<width>.png at 320 and 1366 px. */
  shot?: string
}

/** What the screens need made first: a player of the run's own and a live basketball game's pool. */
export interface ScreenData {
  playerEmail: string
  hoopsPoolId: number
  /** Picks the checkout screen's square, so that runs in one database hold different squares. */
  squareIndex: number
  /** A host-collected pool the player runs (its page shows the host's panel). */
  hostPoolId: number
  /** A host-collected pool of another host that the player joined and took a square in. */
  memberPoolId: number
}

/** A checkout link for one open square of a $5 pool: the `index`-th free square. */
async function checkoutPath(request: APIRequestContext, index: number): Promise<string> {
  const pools = await openPools(request, '5.00')
  expect(pools.length, 'an open $5 pool in the demo data').toBeGreaterThan(0)
  const pool = pools[Math.floor(pools.length / 2)]
  const taken = await takenCells(request, pool.id)
  const free = Array.from({ length: 100 }, (_, i) => ({ row: Math.floor(i / 10), column: i % 10 })).filter((c) => !taken.has(`${c.row}-${c.column}`))
  const cell = free[index] ?? free[0]
  const params = new URLSearchParams({ poolId: String(pool.id), squares: JSON.stringify([{ ...cell, price: pool.entryFee }]), amount: pool.entryFee })
  return `/checkout?${params}`
}

/**
 * A host's screens: a host-collected $10 pool the player runs (a guest given two squares, one payment
 * recorded) and one of another host that the player joined and took a square in, on a game a day away.
 */
async function prepareHostPools(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string | undefined, player: APIRequestContext, admin: APIRequestContext, prefix: string) {
  const ok = async <T>(res: Promise<Awaited<ReturnType<APIRequestContext['get']>>>, status: number): Promise<T> => {
    const r = await res
    expect(r.status(), await r.text()).toBe(status)
    return (await r.json()) as T
  }
  // In the NFL's active week, as every game the demo has (the schedule screens list games by week).
  const { activeWeek } = await ok<{ activeWeek: string }>(admin.get('/api/leagues/1/active-week'), 200)
  const game = await ok<{ id: number }>(
    admin.post('/api/games', {
      data: { leagueId: 1, homeTeam: 'Detroit Lions', awayTeam: 'Minnesota Vikings', gameDate: new Date(Date.now() + 30 * 3600_000).toISOString(), status: 'scheduled', week: activeWeek },
    }),
    201,
  )
  const body = { gameId: game.id, entryFee: '10.00', maxSquaresPerPlayer: 10, collection: 'host', paymentInstructions: 'Venmo @host\nor cash at the party' }
  const mine = await ok<{ pool: { id: number } }>(player.post('/api/pools/private', { data: { ...body, name: 'Office Party' } }), 201)
  const hostPoolId = mine.pool.id
  const guest = await ok<{ guestId: number }>(player.post(`/api/pools/${hostPoolId}/guests`, { data: { name: 'Aunt May' } }), 201)
  await ok(player.post(`/api/pools/${hostPoolId}/assign`, { data: { guestId: guest.guestId, squares: [{ row: 1, column: 1 }, { row: 4, column: 6 }] } }), 201)
  await ok(player.post(`/api/pools/${hostPoolId}/payments`, { data: { guestId: guest.guestId, amount: '10.00', note: 'cash' } }), 201)

  const other = await playwright.request.newContext({ baseURL })
  const reg = await other.post('/api/auth/register', {
    data: { email: `${prefix}-host-${Date.now()}@squares.test`, password: 'correct-horse-battery', firstName: 'Harper', lastName: 'Host', dateOfBirth: '1990-04-01', residenceState: 'NY' },
  })
  expect(reg.status()).toBe(201)
  const theirs = await ok<{ pool: { id: number }; inviteCode: string }>(other.post('/api/pools/private', { data: { ...body, name: 'Game Night' } }), 201)
  await ok(player.post('/api/pools/join', { data: { inviteCode: theirs.inviteCode } }), 200)
  await ok(player.post(`/api/pools/${theirs.pool.id}/squares`, { data: { row: 2, column: 3 } }), 201)
  await other.dispose()
  return { hostPoolId, memberPoolId: theirs.pool.id }
}

/** Registers the run's player (`<prefix>-<time>@squares.test`) and starts a college basketball game in play. */
export async function prepareScreens(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string | undefined, prefix: string): Promise<Omit<ScreenData, 'squareIndex'>> {
  const api = await playwright.request.newContext({ baseURL })
  // A verified player of its own, so the other specs' demo player keeps its square limits.
  const playerEmail = `${prefix}-${Date.now()}@squares.test`
  const reg = await api.post('/api/auth/register', {
    data: { email: playerEmail, password: 'correct-horse-battery', firstName: 'Philippa-Anastasia', lastName: 'Wolfeschlegelsteinhausen', dateOfBirth: '1990-04-01', residenceState: 'NY' },
  })
  expect(reg.status()).toBe(201)
  // A college basketball game in play, whose pools pay two halves.
  const admin = await playwright.request.newContext({ baseURL })
  expect((await admin.post('/api/admin/login', { data: { username: 'admin', password: 'squares-admin' } })).ok()).toBeTruthy()
  const game = await admin.post('/api/games', {
    data: {
      leagueId: 6, homeTeam: 'Duke Blue Devils', awayTeam: 'North Carolina Tar Heels', homeTeamColor: '#001A57', awayTeamColor: '#7BAFD4',
      gameDate: new Date(Date.now() - 3600_000).toISOString(), status: 'live', homeScore: 41, awayScore: 44, quarter: 2,
    },
  })
  expect(game.status(), await game.text()).toBe(201)
  const { id: gameId } = (await game.json()) as { id: number }
  const pools = ((await (await admin.get('/api/pools?leagueId=6')).json()) as (PoolJSON & { gameId: number })[]).filter((p) => p.gameId === gameId)
  const hoopsPoolId = (pools.find((p) => p.entryFee === '10.00') ?? pools[0]).id
  const host = await prepareHostPools(playwright, baseURL, api, admin, prefix)
  await api.dispose()
  await admin.dispose()
  return { playerEmail, hoopsPoolId, ...host }
}

/** A browser context of `width` px signed in as `role`. */
export async function signedIn(browser: Browser, role: Role, width: number, data: ScreenData, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ viewport: { width, height: 800 }, ...options })
  if (role === 'player') {
    const res = await context.request.post('/api/auth/login', { data: { email: data.playerEmail, password: 'correct-horse-battery' } })
    expect(res.ok()).toBeTruthy()
  } else if (role === 'admin') {
    const res = await context.request.post('/api/admin/login', { data: { username: 'admin', password: 'squares-admin' } })
    expect(res.ok()).toBeTruthy()
  }
  return context
}

/** Every screen `role` can open. */
export async function screens(request: APIRequestContext, role: Role, data: ScreenData): Promise<Screen[]> {
  const [pool] = await openPools(request, '1.00')
  expect(pool, 'an open $1 pool in the demo data').toBeTruthy()
  switch (role) {
    case 'visitor':
      return [
        { path: '/', shot: 'landing' },
        { path: '/how-to-play', shot: 'how-to-play' },
        { path: '/pool-of-the-week' },
        { path: '/login' },
        { path: '/test-registration' },
        { path: '/dashboard' },
        { path: `/pool/${pool.id}` },
        { path: '/age-verification' },
        { path: '/admin-login' },
        { path: '/emergency-login' },
        { path: '/forgot-password', shot: 'forgot-password' },
        { path: '/reset-password?token=not-a-real-token', shot: 'reset-password' },
      ]
    case 'player':
      return [
        { path: '/', shot: 'player-dashboard' },
        { path: '/dashboard' },
        { path: '/my-pools' },
        { path: '/my-pools?tab=winnings' },
        { path: '/my-pools?tab=transactions' },
        { path: `/pool/${pool.id}`, shot: 'pool' },
        { path: `/pool/${data.hostPoolId}`, shot: 'host-pool-host' },
        { path: `/pool/${data.memberPoolId}`, shot: 'host-pool-member' },
        { path: '/age-verification' },
        { path: await checkoutPath(request, data.squareIndex), shot: 'checkout' },
        { path: '/how-to-play' },
        { path: '/pool-of-the-week' },
        { path: '/create-private-pool' },
        { path: '/join' },
        { path: '/schedule/nfl' },
        { path: '/nfl-schedule' },
        { path: '/payment-test' },
        { path: '/simulation' },
        { path: '/score-feed-test' },
        { path: '/live-test' },
        { path: '/test' },
        { path: '/account', shot: 'account' },
      ]
    case 'admin':
      return [
        { path: '/', shot: 'admin-dashboard' },
        { path: '/admin/pools' },
        { path: '/admin/users' },
        { path: '/admin/pool-cancellation' },
        { path: '/admin/payouts' },
        { path: '/admin/ledger', shot: 'admin-ledger' },
        { path: '/admin/analytics' },
        { path: '/admin/audit' },
        { path: '/admin/security' },
        { path: '/admin-simple' },
        { path: '/management' },
        { path: '/week-management' },
        { path: '/production' },
        { path: `/pool/${data.hoopsPoolId}`, shot: 'hoops-pool' },
      ]
  }
}

/**
 * Opens `path` and waits for its content: some screens poll or hold a socket open, so the network never idles.
 * From a screen of the app it moves there inside the app, as a person following a link does (the router's own
 * history entry, then the browser's "back or forward" event it listens to), and waits until the app marks the
 * new navigation's screen as rendered; from anywhere else it loads the page.
 */
export async function openScreen(page: Page, path: string, fresh = process.env.E2E_FRESH_LOADS === '1') {
  const mark = page.locator('[data-screen]')
  const before = fresh || (await mark.count()) === 0 ? null : await mark.getAttribute('data-screen')
  if (before === null) {
    await page.goto(path)
  } else {
    await page.evaluate((to) => {
      const idx = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1
      history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', to)
      window.dispatchEvent(new PopStateEvent('popstate', { state: history.state as unknown }))
    }, path)
    await expect(page.locator(`[data-screen]:not([data-screen="${before}"])`)).toHaveCount(1)
  }
  await expect(page.locator('main')).toContainText(/\w{3}/)
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
  // Fonts loaded and two frames drawn: the layout the checks measure is the one a person sees.
  await page.evaluate(() => document.fonts.ready.then(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))))
}
