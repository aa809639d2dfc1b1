/// <reference lib="dom" />
import { expect, test, type Page } from '@playwright/test'
import { registerPlayer } from './helpers'

// The visitor's landing page and How to Play come prerendered (web/scripts/prerender.mjs, http/webapp.go):
// their HTML is the page, before any script runs; the app then takes the page over (hydrates it) without
// a difference between the two and without drawing it again; and a signed-in player never gets it.

// A page's first screen may take long on a loaded machine (the whole suite on 2 cores).
const LOADED = { timeout: 30_000 }
const LANDING_H1 = 'Pick your squares.'

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false })

  test('the landing page and How to Play are there in their HTML', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toContainText(LANDING_H1)
    await expect(page.getByRole('figure', { name: 'Simulated demo of a squares pool (not a real pool)' })).toBeVisible()
    await expect(page).toHaveTitle('Squares – Football Squares Pools, Paid Every Quarter')
    await page.goto('/how-to-play')
    await expect(page.getByRole('heading', { level: 1, name: 'How to Play' })).toBeVisible()
    await expect(page.getByRole('heading', { level: 2, name: 'Payout structure' })).toBeVisible()
    await expect(page).toHaveTitle('How to Play Football Squares')
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', '/how-to-play')
  })
})

/**
 * The console's errors and the page's uncaught errors from now on. A visitor's "who am I?" is answered 401
 * by design (docs/api.md), and Chromium logs every 4xx answer as a console error: that one is expected.
 */
function recordErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (m) => {
    if (m.type() !== 'error') return
    if (m.text().includes('status of 401') && m.location().url.endsWith('/api/auth/user')) return
    errors.push(`${page.url()}: ${m.text()}`)
  })
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`))
  return errors
}

/** Keeps, as the document is parsed, the page's first h1 (`window.__h1`): hydration keeps that very element. */
async function keepFirstHeading(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      ;(window as unknown as { __h1: Element | null }).__h1 = document.querySelector('h1')
    })
  })
}

const sameHeading = (page: Page) => page.evaluate(() => document.querySelector('h1') === (window as unknown as { __h1: Element | null }).__h1)

test.describe('with JavaScript', () => {
  test('the landing page is taken over without a difference and answers', async ({ page }) => {
    const errors = recordErrors(page)
    await keepFirstHeading(page)
    const res = await page.goto('/')
    expect(await res!.text()).toContain('data-prerendered="visitor"')
    const board = page.getByRole('figure', { name: 'Simulated demo of a squares pool (not a real pool)' })
    // The HTML was rendered with motion; the suite asks for less (playwright.config.ts), which the app reads
    // once it has the page: the demo's button then offers to play, the sign that React runs the page.
    await board.getByRole('button', { name: 'Play demo' }).click(LOADED)
    await expect(board.getByRole('button', { name: 'Pause demo' })).toBeVisible()
    await expect(page.getByRole('heading', { level: 1 })).toContainText(LANDING_H1)
    expect(await sameHeading(page), 'the prerendered h1 is still the page’s (React did not draw the page again)').toBe(true)
    expect(errors).toEqual([])
  })

  test('How to Play is taken over without a difference, and its links move within the app', async ({ page }) => {
    const errors = recordErrors(page)
    await keepFirstHeading(page)
    // The app asks who the visitor is once it has taken over the page.
    const checked = page.waitForResponse((r) => r.url().endsWith('/api/auth/user'))
    await page.goto('/how-to-play')
    await checked
    await expect(page.getByRole('heading', { level: 1, name: 'How to Play' })).toBeVisible()
    expect(await sameHeading(page), 'the prerendered h1 is still the page’s (React did not draw the page again)').toBe(true)
    await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true))
    await page.getByRole('main').getByRole('link', { name: 'Pool of the Week' }).click()
    await expect(page).toHaveURL(/\/pool-of-the-week$/)
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('How to Play', LOADED)
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage), 'moved without loading a new page').toBe(true)
    expect(errors).toEqual([])
  })
})

test('a signed-in player opening / gets their dashboard, never the landing page', async ({ page }) => {
  await registerPlayer(page.request, `pia-prerender-${Date.now()}@squares.test`, 'Pia', 'Prerender')
  // Whether the landing's heading was ever in the document, from the first byte on.
  await page.addInitScript((h1) => {
    const w = window as unknown as { __sawLanding: boolean }
    w.__sawLanding = false
    new MutationObserver(() => {
      if (document.body?.textContent?.includes(h1)) w.__sawLanding = true
    }).observe(document, { subtree: true, childList: true, characterData: true })
  }, LANDING_H1)
  const res = await page.goto('/')
  const html = await res!.text()
  expect(html).not.toContain('data-prerendered')
  expect(html).not.toContain(LANDING_H1)
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Pia!' })).toBeVisible(LOADED)
  expect(await page.evaluate(() => (window as unknown as { __sawLanding: boolean }).__sawLanding)).toBe(false)
})
