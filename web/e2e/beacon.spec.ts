import { expect as baseExpect, test, type APIResponse } from '@playwright/test'

// Issue 24 in the browser: a pool's draw waits for a beacon round. The suite's server runs in development
// mode, so its beacon is the built-in development beacon (a local key, 3 s rounds, no network). A private
// free pool of 25 squares, filled through the API while its page is open, shows "Numbers at round N, in ..."
// as soon as its last square is taken, then its digits without a reload once the round is drawn, and the
// Verify panel checks everything, the round's BLS signature included, against the key the server states
// for its chain. Its own account, game and pool: nothing another spec reads is changed.

// The first load of a page in a fresh browser can be slow on a loaded machine.
const expect = baseExpect.configure({ timeout: 30_000 })
const password = 'correct-horse-battery'

async function ok<T>(res: Promise<APIResponse>, status = 200): Promise<T> {
  const r = await res
  expect(r.status(), await r.text()).toBe(status)
  return (await r.json()) as T
}

interface BeaconJSON {
  status: string
  round: number | null
  dueAt: string | null
  dev: boolean
}

test('a full pool waits for its beacon round, shows the digits live, and verifies with the signature', async ({ page, playwright, baseURL }) => {
  test.setTimeout(90_000)
  const stamp = Date.now()
  const admin = await playwright.request.newContext({ baseURL })
  await ok(admin.post('/api/admin/login', { data: { username: 'admin', password: 'squares-admin' } }))
  const { activeWeek } = await ok<{ activeWeek: string }>(admin.get('/api/leagues/1/active-week'))
  const game = await ok<{ id: number }>(
    admin.post('/api/games', {
      data: { leagueId: 1, homeTeam: 'Chicago Bears', awayTeam: 'Green Bay Packers', gameDate: new Date(Date.now() + 5 * 3600_000).toISOString(), status: 'scheduled', week: activeWeek },
    }),
    201,
  )
  await admin.dispose()
  await ok(
    page.request.post('/api/auth/register', {
      data: { email: `beacon-${stamp}@squares.test`, password, firstName: 'Bea', lastName: 'Con', dateOfBirth: '1990-04-01', residenceState: 'NY' },
    }),
    201,
  )
  const { pool } = await ok<{ pool: { id: number; beacon: BeaconJSON } }>(
    page.request.post('/api/pools/private', { data: { gameId: game.id, name: `Beacon ${stamp}`, entryFee: 0, maxSquaresPerPlayer: 25, rules: { grid: 25 } } }),
    201,
  )
  expect(pool.beacon.status).toBe('waiting')

  // The server states the chain it draws with: the development beacon's.
  const chain = await ok<{ chainHash: string; publicKey: string; scheme: string; dev: boolean }>(page.request.get('/api/beacon/chain'))
  expect(chain.dev).toBe(true)
  expect(chain.scheme).toBe('bls-unchained-g1-rfc9380')

  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto(`/pool/${pool.id}`)
  await expect(page.locator('[role=gridcell]')).toHaveCount(25)
  const notice = page.getByTestId('beacon-notice')
  await expect(notice).toHaveCount(0)

  // Every square but the last, then the last: the pool locks for its round, live over the websocket.
  for (let i = 0; i < 25; i++) {
    await ok(page.request.post(`/api/pools/${pool.id}/squares`, { data: { row: Math.floor(i / 5), column: i % 5 } }), 201)
  }
  const locked = await ok<{ status: string; numbersGenerated: boolean; beacon: BeaconJSON }>(page.request.get(`/api/pools/${pool.id}`))
  expect(locked.beacon.status === 'pending' || locked.beacon.status === 'verified').toBe(true)
  const round = locked.beacon.round!
  expect(round).toBeGreaterThan(0)
  expect(locked.beacon.dev).toBe(true)

  // Unless the round was drawn already (a loaded machine), the board counts down to it.
  if (!locked.numbersGenerated) {
    await expect(page.getByRole('timer')).toHaveText(new RegExp(`^Numbers at round ${round}, (in \\d+ s|any moment now)$`))
    await expect(notice.getByTestId('dev-beacon')).toHaveText('Development beacon: not drand')
    await expect(page.getByRole('columnheader', { name: /^Column 1:/ })).toHaveAttribute('aria-label', /not drawn yet/)
    if (process.env.BEACON_SHOTS) {
      await page.screenshot({ path: `${process.env.BEACON_SHOTS}/pending-390.png` })
      for (const width of [1366, 320]) {
        await page.setViewportSize({ width, height: 900 })
        await notice.evaluate((el) => el.scrollIntoView({ block: 'center' }))
        await page.screenshot({ path: `${process.env.BEACON_SHOTS}/pending-${width}.png` })
      }
      await page.setViewportSize({ width: 390, height: 844 })
    }
  }
  // The draw arrives without a reload.
  await expect(notice).toHaveAttribute('data-status', 'verified', { timeout: 45_000 })
  await expect(notice).toContainText(`Numbers drawn with beacon round ${round}`)
  await expect(notice.getByTestId('dev-beacon')).toHaveText('Development beacon: not drand')
  const drawn = await ok<{ homeNumbers: number[]; beacon: BeaconJSON & { signature: string } }>(page.request.get(`/api/pools/${pool.id}`))
  expect(drawn.beacon.status).toBe('verified')
  await expect(page.getByRole('columnheader', { name: /^Column 1:/ })).toHaveAttribute('aria-label', new RegExp(`digits ${drawn.homeNumbers[0]} or ${drawn.homeNumbers[1]}$`))

  // The Verify panel checks it all in the browser, the signature against the key the server states.
  await page.getByRole('button', { name: 'Verify draw' }).click()
  const verdict = page.getByTestId('draw-verdict')
  await expect(verdict).toHaveText(
    `Verified: every check passed, the beacon’s signature included. The published numbers follow from the committed seed, the ownership at the moment of the draw and development beacon round ${round}.`,
  )
  const checks = page.getByRole('list', { name: 'Checks' })
  await expect(checks.getByText(`Beacon round ${round}, the first published 10 s after the grid was complete: matches`)).toBeVisible()
  await expect(checks.getByText(`Beacon signature (round ${round}): verifies`)).toBeVisible()
  await expect(checks.getByText('Beacon randomness (SHA-256 of the signature): matches')).toBeVisible()
  await expect(page.getByTestId('beacon-key')).toHaveText(
    'BLS12-381, checked in this browser against the key this server states for its chain (GET /api/beacon/chain): the development beacon: not drand',
  )
  await expect(page.getByText(drawn.beacon.signature)).toBeVisible()
  // Screenshots for a person to look at (BEACON_SHOTS=dir): the Verify panel and the board, phone and desktop.
  const shots = process.env.BEACON_SHOTS
  if (shots) {
    await verdict.evaluate((el) => el.scrollIntoView({ block: 'start' }))
    await page.screenshot({ path: `${shots}/verify-390.png` })
    await page.getByTestId('beacon-key').evaluate((el) => el.scrollIntoView({ block: 'start' }))
    await page.screenshot({ path: `${shots}/verify-390-b.png` })
    await page.setViewportSize({ width: 1366, height: 900 })
    await notice.evaluate((el) => el.scrollIntoView({ block: 'center' }))
    await page.screenshot({ path: `${shots}/board-1366.png` })
    await verdict.evaluate((el) => el.scrollIntoView({ block: 'start' }))
    await page.screenshot({ path: `${shots}/verify-1366.png` })
    await page.setViewportSize({ width: 390, height: 844 })
    await notice.evaluate((el) => el.scrollIntoView({ block: 'center' }))
    await page.screenshot({ path: `${shots}/board-390.png` })
  }
})
