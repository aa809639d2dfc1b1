/// <reference lib="dom" />
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { openPools, takenCells } from './helpers'

// The phone (issue 23): what Lighthouse measures that a browser test can check without it. On a phone's
// screen, the five pages of the issue move nothing as their code and data arrive (layout shift under 0.05,
// measured by the browser's own PerformanceObserver), and the landing page's demo board does its moving on
// the compositor, only while seen and not at all for someone who asked for less motion.

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
// A page's first screen may take long on a loaded machine (the whole suite on 2 cores).
const LOADED = { timeout: 30_000 }

/**
 * A phone's network: the screen's code (the lazy chunks) and the API's answers come 250 ms late (the
 * player's own 750 ms), as they do on a mobile connection, so that whatever is drawn before them is seen,
 * and moved if it moves.
 */
async function slowNetwork(page: Page) {
  await page.route(/\/(api\/|assets\/.*\.js$)/, async (route) => {
    // The entry script stays as fast: the question is what the shell does while the rest arrives.
    if (/\/assets\/index-[^/]*\.js$/.test(route.request().url())) return route.continue()
    // The player's own answers (their pools, their prizes) come last, as they did on a loaded machine when
    // the dashboard's list moved under them.
    await new Promise((r) => setTimeout(r, /\/api\/user\//.test(route.request().url()) ? 750 : 250))
    await route.continue()
  })
}

/** Records every layout shift from the start of the document (`window.__shifts`). */
async function recordShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts: { value: number; input: boolean; what: string }[] }
    w.__shifts = []
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] })[]) {
        const what = (e.sources ?? [])
          .map((s) => {
            const el = s.node instanceof Element ? s.node : s.node?.parentElement
            return el ? `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}"` : '?'
          })
          .join(', ')
        w.__shifts.push({ value: e.value, input: e.hadRecentInput, what })
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
}

/** The page's layout shift so far (every shift not caused by input, summed: at least its CLS), and what moved. */
async function shifted(page: Page): Promise<{ total: number; what: string[] }> {
  const shifts = await page.evaluate(() => (window as unknown as { __shifts: { value: number; input: boolean; what: string }[] }).__shifts)
  const counted = shifts.filter((s) => !s.input)
  return { total: counted.reduce((a, s) => a + s.value, 0), what: counted.map((s) => `${s.value.toFixed(3)}: ${s.what}`) }
}

/**
 * Loaded: no loading state left, then a second for what comes last (a card of its own code, the device's
 * notification state) and two frames drawn. (Not "network idle": a live page's socket and polls never are.)
 */
async function settled(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
  await page.waitForLoadState('load')
  await page.waitForTimeout(1000)
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))
}

test('the five pages of the phone move nothing as they load, and axe finds nothing on them', async ({ page, request }) => {
  test.setTimeout(120_000)
  const pools = (await (await request.get('/api/pools?leagueId=1')).json()) as { id: number; status: string; game: { status: string } | null }[]
  const live = pools.find((p) => p.game?.status === 'live' && p.status === 'started')
  expect(live, 'a pool of the demo game being played').toBeTruthy()
  const [open] = await openPools(request, '5.00')
  expect(open, 'an open $5 pool in the demo data').toBeTruthy()
  const taken = await takenCells(request, open.id)
  const cell = Array.from({ length: 100 }, (_, i) => ({ row: 9 - Math.floor(i / 10), column: i % 10 })).find((c) => !taken.has(`${c.row}-${c.column}`))!
  const checkout = `/checkout?${new URLSearchParams({ poolId: String(open.id), squares: JSON.stringify([{ ...cell, price: open.entryFee }]), amount: open.entryFee })}`

  await recordShifts(page)
  await slowNetwork(page)
  const pages: { path: string; signedIn: boolean; ready: () => Promise<void> }[] = [
    { path: '/', signedIn: false, ready: () => expect(page.getByRole('heading', { level: 1 })).toContainText('Pick your squares.', LOADED) },
    { path: '/how-to-play', signedIn: false, ready: () => expect(page.getByRole('heading', { name: 'How to Play', level: 1 })).toBeVisible(LOADED) },
    { path: '/dashboard', signedIn: true, ready: () => expect(page.getByTestId('pool-card').first()).toBeVisible(LOADED) },
    { path: `/pools/${live!.id}`, signedIn: true, ready: () => expect(page.getByText(/live/i).first()).toBeVisible(LOADED) },
    { path: checkout, signedIn: true, ready: () => expect(page.getByRole('button', { name: 'Cancel checkout' })).toBeVisible(LOADED) },
  ]
  let signedIn = false
  try {
    for (const p of pages) {
      if (p.signedIn && !signedIn) {
        expect((await page.request.post('/api/auth/login', { data: { email: 'demo@squares.test', password: 'squares-demo' } })).status()).toBe(200)
        signedIn = true
      }
      await page.goto(p.path)
      await p.ready()
      await settled(page)
      const { total, what } = await shifted(page)
      expect.soft(total, `${p.path}: layout shift on load (${what.join('; ')})`).toBeLessThan(0.05)
      // Lighthouse's accessibility 100: axe finds nothing of any impact (Lighthouse counts moderate ones
      // such as a heading level skipped, which the screens pass leaves to this spec).
      const axe = await new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] }).analyze()
      expect
        .soft(
          axe.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`),
          `${p.path}: axe violations`,
        )
        .toEqual([])
    }
  } finally {
    // Leave no hold on the pool for the other specs.
    if (signedIn) {
      for (const pay of (await (await page.request.get('/api/user/payments')).json()) as { id: string; status: string }[]) {
        if (pay.status === 'pending') expect((await page.request.post(`/api/user/payments/${pay.id}/cancel`)).ok()).toBeTruthy()
      }
    }
  }
})

test('the dashboard moves nothing when the player has a prize to claim and it arrives after the pool list', async ({ page }) => {
  // In the whole suite the demo game goes on being played, and the demo player wins a quarter of it: their
  // prize banner then came in above the list already drawn (a shift of 0.165). Here the banner is there from
  // the start, the player's own answers arrive last, and one prize is theirs to claim.
  await recordShifts(page)
  await slowNetwork(page)
  await page.route('**/api/user/prizes', async (route) => {
    const prizes = (await (await route.fetch()).json()) as Record<string, unknown>[]
    const claimBy = new Date(Date.now() + 30 * 86_400_000).toISOString()
    // The player's real prizes, and one more shaped as the server shapes it (generated type Prize).
    prizes.push({
      id: 999_001, winnerId: 1, poolId: 1, poolName: 'Demo pool', gameId: 1, game: 'DAL @ PHI', awayTeam: 'DAL', homeTeam: 'PHI',
      kickoff: new Date().toISOString(), period: 1, periodLabel: 'Q1', amount: '112.50', status: 'unclaimed',
      creditedAt: new Date().toISOString(), claimBy, daysLeft: 30, claimedAt: null, paidAt: null, forfeitedAt: null,
    })
    await route.fulfill({ json: prizes })
  })
  expect((await page.request.post('/api/auth/login', { data: { email: 'demo@squares.test', password: 'squares-demo' } })).status()).toBe(200)
  // A player's page carries its first answers in its HTML (http/pagedata.go), all at once: opened from
  // another screen, the dashboard asks the server for them, and the player's own come last.
  await page.goto('/how-to-play')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible(LOADED)
  await page.evaluate(() => {
    history.pushState(null, '', '/dashboard')
    dispatchEvent(new PopStateEvent('popstate'))
  })
  await expect(page.getByLabel('Loading pools')).toBeVisible(LOADED)
  await page.evaluate(() => ((window as unknown as { __shifts: unknown[] }).__shifts = []))
  await expect(page.getByTestId('unclaimed-prizes')).toBeVisible(LOADED)
  await expect(page.getByTestId('pool-card').first()).toBeVisible(LOADED)
  await settled(page)
  const { total, what } = await shifted(page)
  expect(total, `layout shift on load (${what.join('; ')})`).toBeLessThan(0.05)
})

const DEMO = 'Simulated demo of a squares pool (not a real pool)'

/** The running animations inside the demo board (a delayed one waiting to start counts). */
function runningInBoard(page: Page): Promise<number> {
  return page.evaluate(
    (name) =>
      document.getAnimations().filter((a) => {
        const target = (a.effect as KeyframeEffect | null)?.target
        return a.playState === 'running' && !!target?.closest(`figure[aria-label="${name}"]`)
      }).length,
    DEMO,
  )
}

test.describe('the landing page demo board', () => {
  test('for someone who asked for less motion, nothing on the landing page moves', async ({ page }) => {
    // The suite's default (playwright.config.ts): reduced motion.
    await page.goto('/')
    const board = page.getByRole('figure', { name: DEMO })
    await expect(board.getByText('4. Winner paid')).toBeVisible(LOADED)
    await expect(board.getByRole('button', { name: 'Play demo' })).toBeVisible()
    await page.waitForTimeout(500)
    const running = await page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length)
    expect(running, 'animations running on the landing page').toBe(0)
    // And it stays on its still frame.
    const caption = await board.locator('figcaption').textContent()
    await page.waitForTimeout(1000)
    await expect(board.locator('figcaption')).toHaveText(caption!)
  })

  test.describe('with motion', () => {
    test.use({ reducedMotion: 'no-preference' })

    test('stands still while off screen', async ({ page }) => {
      await page.goto('/')
      const board = page.getByRole('figure', { name: DEMO })
      const stage = board.locator('.text-lime-300').first()
      await expect(board.getByRole('button', { name: 'Pause demo' })).toBeVisible(LOADED)
      // Scrolled away at once (the board is off screen): its stage stays where it was.
      await page.getByRole('heading', { name: 'Ready for kickoff?' }).scrollIntoViewIfNeeded()
      await expect(board).not.toBeInViewport()
      const before = await stage.textContent()
      await page.waitForTimeout(3000)
      await expect(stage).toHaveText(before!)
      expect(await runningInBoard(page), 'animations running in the board off screen').toBe(0)
      // Back on screen, it goes on.
      await board.scrollIntoViewIfNeeded()
      await expect(stage).not.toHaveText(before!, { timeout: 10_000 })
    })

    test('starts full, plays its round and rests on the winner; played again, it fills by CSS, not by redrawing the board', async ({ page }) => {
      await page.goto('/')
      const board = page.getByRole('figure', { name: DEMO })
      await expect(board.getByRole('button', { name: 'Pause demo' })).toBeVisible(LOADED)
      // The first round starts full: nothing fills while the page loads.
      await expect(board.locator('figcaption')).toHaveText('Board full: random digits drawn for every row and column')
      expect(await runningInBoard(page)).toBe(0)
      // About 7 s on; then nothing in the board moves and no timer is left to wake the page.
      await expect(board.getByRole('button', { name: 'Play again' })).toBeVisible({ timeout: 30_000 })
      await expect(board.getByText('4. Winner paid')).toBeVisible()
      await expect.poll(() => runningInBoard(page)).toBe(0)
      await board.getByRole('button', { name: 'Play again' }).click()
      await expect(board.locator('figcaption')).toHaveText('Players claim squares until all 100 are taken')
      // The squares fill by animations of their own, each waiting for its moment (counted on the squares: on
      // a loaded machine most of them may have run by the time the page is asked for its animations)...
      const delays = await board.locator('.animate-demo-fill').evaluateAll((els) => els.map((e) => (e as HTMLElement).style.animationDelay))
      expect(delays.length).toBeGreaterThan(90)
      expect(new Set(delays).size).toBeGreaterThan(20)
      // ...so that while the board fills, the page changes nothing inside the grid.
      const changes = await page.evaluate(async () => {
        const grid = document.querySelector('figure [aria-hidden="true"].grid')!
        let n = 0
        const observer = new MutationObserver((records) => (n += records.length))
        observer.observe(grid, { subtree: true, childList: true, attributes: true, characterData: true })
        await new Promise((r) => setTimeout(r, 1000))
        observer.disconnect()
        return { n, stillFilling: document.querySelector('figure figcaption')!.textContent.startsWith('Players claim squares') }
      })
      test.skip(!changes.stillFilling, 'the board left its first stage within the second measured (a very slow machine)')
      expect(changes.n, 'changes inside the board while it fills').toBe(0)
    })
  })
})
