import { expect, test, type Page, type Request } from '@playwright/test'
import { openPools, registerPlayer } from './helpers'

// A page's Link headers (http/preload.go) name its screen's code and the API answers it reads as it opens,
// so that the browser fetches them beside the entry script. Here, in a real browser: each preloaded answer
// and chunk is fetched once (the app's own request takes the preload, no second request), and the screen
// shows what they carried. A signed-in player's page carries those answers in its HTML instead
// (http/pagedata.go): the app asks for none of them.

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

async function preloaded(page: Page, path: string): Promise<{ data: string[]; code: string[]; seen: Request[]; carried: string[] }> {
  const seen = requests(page)
  const res = await page.goto(path)
  const link = (await res!.allHeaders())['link'] ?? ''
  const targets = [...link.matchAll(/<([^>]+)>/g)].map((m) => m[1])
  const block = /<script type="application\/json" id="page-data">(.*?)<\/script>/.exec(await res!.text())
  const carried = block ? Object.keys(JSON.parse(block[1]) as Record<string, unknown>) : []
  return { data: targets.filter((t) => t.startsWith('/api/')), code: targets.filter((t) => t.startsWith('/assets/')), seen, carried }
}

test("a player's dashboard: its answers come in the page, its code beside the entry, each fetched once", async ({ page }) => {
  await registerPlayer(page.request, `preload-${Date.now()}@example.com`, 'Pre', 'Load')
  const { data, code, seen, carried } = await preloaded(page, '/dashboard')
  expect(carried).toEqual(expect.arrayContaining(['/api/auth/user', '/api/user/pools', '/api/user/prizes', '/api/pools?leagueId=1']))
  expect(data.filter((d) => carried.includes(d)), 'answers both carried and preloaded').toEqual([])
  expect(code.some((c) => c.includes('dashboard-page'))).toBe(true)
  await expect(page.getByRole('heading', { name: 'Welcome back, Pre!' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Available Pools' })).toBeVisible()
  await expect(page.getByTestId('pool-card').first()).toBeVisible()
  for (const target of carried) {
    expect(seen.filter((r) => pathOf(r) === target).length, `requests of ${target}, which the page carries`).toBe(0)
  }
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
