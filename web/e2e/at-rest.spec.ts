/// <reference lib="dom" />
import { expect, test, type Page } from '@playwright/test'

// A page at rest draws nothing: no animation on it runs forever. An endless one (a pulsing LIVE badge, a
// pinging dot) makes the browser draw 60 frames a second for as long as the page is open: a phone's battery
// for a whole game, and a core of CPU in headless Chromium. Animations that end (a few pulses when a badge
// appears, a score bump) are fine. The landing page's demo board is the one page meant to move; its own
// tests (features/landing) check that it stops when unseen.
test.use({ reducedMotion: 'no-preference' })

/** The page's animations that never end, by animation name and element. */
async function endless(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    document
      .getAnimations()
      .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime === Infinity)
      .map((a) => {
        const effect = a.effect as KeyframeEffect
        const target = effect.target as HTMLElement | null
        return `${(a as CSSAnimation).animationName ?? 'script animation'} on ${target?.tagName.toLowerCase()}${effect.pseudoElement ?? ''} "${(target?.textContent ?? '').trim().slice(0, 30)}"`
      }),
  )
}

test('pages showing live games run no endless animation', async ({ page, request }) => {
  const res = await request.get('/api/pools?leagueId=1')
  expect(res.ok()).toBeTruthy()
  const pools = (await res.json()) as { id: number; game: { status: string } | null }[]
  const live = pools.find((p) => p.game?.status === 'live')
  expect(live, 'a pool of the demo game being played').toBeTruthy()
  for (const path of ['/dashboard', `/pool/${live!.id}`]) {
    await page.goto(path)
    // The live badge (or the live scoreboard) is on screen: what would pulse is there. The first page a
    // worker opens loads the app and the pools cold, which on a loaded machine takes more than 10 s.
    await expect(page.getByText(/live/i).first()).toBeVisible({ timeout: 30_000 })
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
    expect(await endless(page), `${path}: animations that never end`).toEqual([])
  }
})
