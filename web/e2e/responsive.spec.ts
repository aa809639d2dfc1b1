/// <reference lib="dom" />
import { mkdirSync } from 'node:fs'
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test'
import { openPools, takenCells, type PoolJSON } from './helpers'

// Every screen fits a 320 px phone, a 390 px phone and a 1366 px laptop without sideways scrolling, and
// logs no console errors. Screenshots of the main screens go to /tmp/shots for a person to look at.
const WIDTHS = [320, 390, 1366] as const
const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/shots'
const SHOT_WIDTHS = new Set([320, 1366])

type Role = 'visitor' | 'player' | 'admin'

interface Screen {
  path: string
  /** Saved as /tmp/shots/<shot>-<width>.png at 320 and 1366 px. */
  shot?: string
}

/** The elements whose right edge passes the viewport, to say what overflows. */
async function overflow(page: Page): Promise<{ scrollWidth: number; innerWidth: number; culprits: string[] }> {
  return page.evaluate(() => {
    const innerWidth = window.innerWidth
    const culprits: string[] = []
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      const r = el.getBoundingClientRect()
      if (r.width === 0 || r.right <= innerWidth + 0.5) continue
      // Only the outermost offenders: skip an element whose parent already overflows the same way.
      const p = el.parentElement?.getBoundingClientRect()
      if (p && p.right > innerWidth + 0.5) continue
      const id = el.id ? `#${el.id}` : ''
      const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).slice(0, 4).join('.')}` : ''
      culprits.push(`${el.tagName.toLowerCase()}${id}${cls} right=${Math.round(r.right)} "${(el.textContent ?? '').trim().slice(0, 40)}"`)
      if (culprits.length >= 8) break
    }
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth, culprits }
  })
}

/** A checkout link for one open square of a $5 pool: a different square for each width. */
async function checkoutPath(request: APIRequestContext, width: number): Promise<string> {
  const pools = await openPools(request, '5.00')
  expect(pools.length, 'an open $5 pool in the demo data').toBeGreaterThan(0)
  const pool = pools[Math.floor(pools.length / 2)]
  const taken = await takenCells(request, pool.id)
  const free = Array.from({ length: 100 }, (_, i) => ({ row: Math.floor(i / 10), column: i % 10 })).filter((c) => !taken.has(`${c.row}-${c.column}`))
  const cell = free[WIDTHS.indexOf(width as (typeof WIDTHS)[number]) + 40] ?? free[0]
  const params = new URLSearchParams({ poolId: String(pool.id), squares: JSON.stringify([{ ...cell, price: pool.entryFee }]), amount: pool.entryFee })
  return `/checkout?${params}`
}

let playerEmail = ''
let hoopsPoolId = 0

test.beforeAll(async ({ playwright, baseURL }) => {
  mkdirSync(SHOTS, { recursive: true })
  const api = await playwright.request.newContext({ baseURL })
  // A verified player of its own, so the other specs' demo player keeps its square limits.
  playerEmail = `fit-${Date.now()}@squares.test`
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
  hoopsPoolId = (pools.find((p) => p.entryFee === '10.00') ?? pools[0]).id
  await api.dispose()
  await admin.dispose()
})

async function signedIn(browser: Browser, role: Role, width: number) {
  const context = await browser.newContext({ viewport: { width, height: 800 } })
  if (role === 'player') {
    const res = await context.request.post('/api/auth/login', { data: { email: playerEmail, password: 'correct-horse-battery' } })
    expect(res.ok()).toBeTruthy()
  } else if (role === 'admin') {
    const res = await context.request.post('/api/admin/login', { data: { username: 'admin', password: 'squares-admin' } })
    expect(res.ok()).toBeTruthy()
  }
  return context
}

async function screens(request: APIRequestContext, role: Role, width: number): Promise<Screen[]> {
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
      ]
    case 'player':
      return [
        { path: '/', shot: 'player-dashboard' },
        { path: '/dashboard' },
        { path: '/my-pools' },
        { path: '/my-pools?tab=winnings' },
        { path: '/my-pools?tab=transactions' },
        { path: `/pool/${pool.id}`, shot: 'pool' },
        { path: '/age-verification' },
        { path: await checkoutPath(request, width), shot: 'checkout' },
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
      ]
    case 'admin':
      return [
        { path: '/', shot: 'admin-dashboard' },
        { path: '/admin/pools' },
        { path: '/admin/users' },
        { path: '/admin/pool-cancellation' },
        { path: '/admin/payouts' },
        { path: '/admin/analytics' },
        { path: '/admin/audit' },
        { path: '/admin-simple' },
        { path: '/management' },
        { path: '/week-management' },
        { path: '/production' },
        { path: `/pool/${hoopsPoolId}`, shot: 'hoops-pool' },
      ]
  }
}

for (const role of ['visitor', 'player', 'admin'] as const) {
  for (const width of WIDTHS) {
    test(`${role} screens fit ${width} px without sideways scrolling or console errors`, async ({ browser }) => {
      test.setTimeout(180_000)
      const context = await signedIn(browser, role, width)
      const page = await context.newPage()
      const errors: string[] = []
      page.on('console', (m) => {
        if (m.type() !== 'error') return
        // A visitor's "who am I?" is answered 401 by design (docs/api.md), and Chromium logs every 4xx answer
        // as a console error; that one is expected, any other is not.
        if (role === 'visitor' && m.text().includes('status of 401') && m.location().url.endsWith('/api/auth/user')) return
        errors.push(`${page.url()}: ${m.text()} (${m.location().url})`)
      })
      page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`))
      const problems: string[] = []
      for (const s of await screens(context.request, role, width)) {
        // Some screens poll or hold a socket open, so the network never idles: wait for the content instead.
        await page.goto(s.path)
        await expect(page.locator('main')).toContainText(/\w{3}/)
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
        await page.evaluate(() => document.fonts.ready)
        await page.waitForTimeout(300)
        const o = await overflow(page)
        if (o.scrollWidth > o.innerWidth) problems.push(`${s.path}: ${o.scrollWidth} px wide in ${o.innerWidth}\n    ${o.culprits.join('\n    ')}`)
        // The squares board is the one wide thing: it must fit too, not scroll inside its card.
        if (s.path.startsWith('/pool/')) {
          const board = await page.getByRole('grid').evaluate((grid) => {
            let el: HTMLElement | null = grid as HTMLElement
            while (el && getComputedStyle(el).overflowX === 'visible') el = el.parentElement
            return el ? { scrollWidth: el.scrollWidth, clientWidth: el.clientWidth } : null
          })
          if (board && board.scrollWidth > board.clientWidth) problems.push(`${s.path}: the board is ${board.scrollWidth} px wide in ${board.clientWidth}`)
        }
        if (s.shot && SHOT_WIDTHS.has(width)) await page.screenshot({ path: `${SHOTS}/${s.shot}-${width}.png`, fullPage: true })
      }
      expect({ problems, errors }, 'screens wider than the window, and console errors').toEqual({ problems: [], errors: [] })
      await context.close()
    })
  }
}
