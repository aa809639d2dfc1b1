import { expect, test, type Page, type Request } from '@playwright/test'
import { openPools, registerPlayer } from './helpers'

// A page's Link headers (http/preload.go) name its screen's code and the API answers it reads as it opens,
// so that the browser fetches them beside the entry script. Here, in a real browser: each preloaded answer
// and chunk is fetched once (the app's own request takes the preload, no second request), and the screen
// shows what they carried.

/** Every request of a page load, by path and query. */
function requests(page: Page): Request[] {
  const seen: Request[] = []
  page.on('request', (r) => seen.push(r))
  return seen
}

const pathOf = (r: Request) => {
  const u = new URL(r.url())
  return u.pathname + u.search
}

async function preloaded(page: Page, path: string): Promise<{ data: string[]; code: string[]; seen: Request[] }> {
  const seen = requests(page)
  const res = await page.goto(path)
  const link = (await res!.allHeaders())['link'] ?? ''
  const targets = [...link.matchAll(/<([^>]+)>/g)].map((m) => m[1])
  return { data: targets.filter((t) => t.startsWith('/api/')), code: targets.filter((t) => t.startsWith('/assets/')), seen }
}

test("a player's dashboard: its answers and code are fetched once each, beside the entry", async ({ page }) => {
  await registerPlayer(page.request, `preload-${Date.now()}@example.com`, 'Pre', 'Load')
  const { data, code, seen } = await preloaded(page, '/dashboard')
  expect(data).toEqual(expect.arrayContaining(['/api/auth/user', '/api/user/pools', '/api/user/prizes', '/api/pools?leagueId=1']))
  expect(code.some((c) => c.includes('dashboard-page'))).toBe(true)
  await expect(page.getByRole('heading', { name: 'Welcome back, Pre!' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Available Pools' })).toBeVisible()
  await expect(page.getByTestId('pool-card').first()).toBeVisible()
  for (const target of [...data, ...code]) {
    expect(seen.filter((r) => pathOf(r) === target).length, `requests of ${target}`).toBe(1)
  }
})

test("a pool page: the pool, its squares and winners are fetched once each", async ({ page }) => {
  const [pool] = await openPools(page.request, '5.00')
  const { data, seen } = await preloaded(page, `/pools/${pool.id}`)
  expect(data).toEqual(expect.arrayContaining([`/api/pools/${pool.id}`, `/api/pools/${pool.id}/squares`, `/api/pools/${pool.id}/winners`]))
  await expect(page.getByRole('grid')).toBeVisible()
  for (const target of data) {
    expect(seen.filter((r) => pathOf(r) === target).length, `requests of ${target}`).toBe(1)
  }
})
