import { expect, type APIRequestContext, type APIResponse, type Locator } from '@playwright/test'

// Helpers the specs share for reading the demo data (cmd/squares/demo.go) through the API.

/** A pool as GET /api/pools returns it (the fields the specs read). */
export interface PoolJSON {
  id: number
  name: string
  game: { homeTeam: string; awayTeam: string; gameDate: string }
  entryFee: string
  status: string
  currentParticipants: number
  salesOpenAt: string | null
  salesCloseAt: string | null
}

/**
 * The NFL pools at `fee` that are on sale now, not nearly full, and stay on sale for 10 more minutes, the
 * latest kickoff first: the demo data's games days away come before the games specs make a few hours away,
 * whose pools those specs may start or cancel while another spec uses them.
 */
export async function openPools(request: APIRequestContext, fee: string): Promise<PoolJSON[]> {
  const res = await request.get('/api/pools?leagueId=1')
  expect(res.ok()).toBeTruthy()
  const now = Date.now()
  return ((await res.json()) as PoolJSON[])
    .filter(
      (p) =>
        p.entryFee === fee &&
        p.status === 'active' &&
        p.currentParticipants <= 90 &&
        (!p.salesOpenAt || Date.parse(p.salesOpenAt) <= now) &&
        (!p.salesCloseAt || Date.parse(p.salesCloseAt) > now + 10 * 60_000),
    )
    .sort((a, b) => Date.parse(b.game.gameDate) - Date.parse(a.game.gameDate))
}

/**
 * Picks the game of the latest kickoff in a form's game list (the last option): a game of the demo data days
 * away, never one a spec makes a few hours away and may start while another spec makes a pool of it.
 */
export async function selectLatestGame(select: Locator): Promise<void> {
  const options = select.locator('option')
  await expect(options.nth(1)).toBeAttached()
  await select.selectOption({ index: (await options.count()) - 1 })
}

/** The pool's taken squares, as "row-column" keys. */
export async function takenCells(request: APIRequestContext, poolId: number): Promise<Set<string>> {
  return new Set(((await (await request.get(`/api/pools/${poolId}/squares`)).json()) as { row: number; column: number }[]).map((s) => `${s.row}-${s.column}`))
}

/** The JSON answer of a call that must answer `status` (200 by default); a failure shows the answer's text. */
export async function ok<T>(res: Promise<APIResponse>, status = 200): Promise<T> {
  const r = await res
  expect(r.status(), await r.text()).toBe(status)
  return (await r.json()) as T
}

/** Buys `cells` of a paid pool as the signed-in player: checkout, the sandbox's test card, confirmation. */
export async function buy(api: APIRequestContext, pool: { id: number; entryFee: string }, cells: { row: number; column: number }[]) {
  const amount = (Number(pool.entryFee) * cells.length).toFixed(2)
  const co = await ok<{ paymentIntentId: string }>(api.post('/api/create-escrow-payment', { data: { poolId: pool.id, amount, squares: cells } }), 201)
  await ok(api.post(`/api/sandbox/payments/${co.paymentIntentId}/confirm`, { data: { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' } }))
  await ok(api.post('/api/purchase-squares', { data: { poolId: pool.id, paymentIntentId: co.paymentIntentId } }))
}

/**
 * A spec's own game of the NFL's active week, 3 hours away, made by the signed-in admin `admin`, with its $5
 * pool opened for sale: the game and that pool (as GET /api/pools lists it, typed by the spec).
 */
export async function gameWithFivePool<P extends { id: number; gameId: number; entryFee: string }>(
  admin: APIRequestContext,
  homeTeam: string,
  awayTeam: string,
): Promise<{ game: { id: number }; five: P }> {
  const { activeWeek } = await ok<{ activeWeek: string }>(admin.get('/api/leagues/1/active-week'))
  const game = await ok<{ id: number }>(
    admin.post('/api/games', {
      data: { leagueId: 1, homeTeam, awayTeam, gameDate: new Date(Date.now() + 3 * 3600_000).toISOString(), status: 'scheduled', week: activeWeek },
    }),
    201,
  )
  const five = (await ok<P[]>(admin.get('/api/pools?leagueId=1'))).find((p) => p.gameId === game.id && p.entryFee === '5.00')!
  await ok(admin.patch(`/api/pools/${five.id}`, { data: { status: 'active' } }))
  return { game, five }
}

/** Registers a player (signed in on `api` then), an adult of New York who may play paid pools. */
export async function registerPlayer(api: APIRequestContext, email: string, firstName: string, lastName: string) {
  await ok(
    api.post('/api/auth/register', {
      data: { email, password: 'correct-horse-battery', firstName, lastName, dateOfBirth: '1990-04-01', residenceState: 'NY' },
    }),
    201,
  )
}

/** Waits, reading as `api`, for a full pool's numbers: drawn once its beacon round is out, 10-13 s after it filled with the development beacon. */
export async function waitForDraw(api: APIRequestContext, poolId: number) {
  await expect.poll(async () => (await ok<{ numbersGenerated: boolean }>(api.get(`/api/pools/${poolId}`))).numbersGenerated, { timeout: 30_000 }).toBe(true)
}

/** The house fills the rest of a pool (as the signed-in admin), and the pool is drawn (waitForDraw). */
export async function houseFillAndDraw(admin: APIRequestContext, poolId: number, squaresNeeded: number) {
  await ok(admin.post(`/api/admin/pools/${poolId}/house-fill`, { data: { squaresNeeded } }))
  await waitForDraw(admin, poolId)
}

/** Reports a game's score as the signed-in admin: live in a quarter, or its end with status 'completed'. */
export function scorer(admin: APIRequestContext, gameId: number) {
  return (homeScore: number, awayScore: number, quarter: number, status = 'live') =>
    ok(admin.post(`/api/admin/games/${gameId}/score`, { data: { homeScore, awayScore, quarter, status } }))
}
