/// <reference lib="dom" />
import { mkdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { AxeResults } from 'axe-core'
import { expect, test, type Page } from '@playwright/test'
import { openScreen, prepareScreens, screens, signedIn, type ScreenData } from './screens'

// Every screen of e2e/screens.ts, for a visitor, a player and an admin, opened once at each width and checked
// for everything at once:
// - it fits a 320 px phone and a 1366 px laptop without sideways scrolling, keeps its cards' first lines
//   (form labels) off the cards' top edges and its buttons apart, and logs no console errors (a 390 px pass
//   was dropped: what fits 320 px fits 390, and it cost a third of the spec's time);
// - at both widths (the navigation differs), axe-core finds no serious or critical violation of any rule it
//   runs by default (WCAG 2.x A/AA and its best practices); e2e/phone.spec.ts runs axe at 390 px.
// Screenshots of the main screens go to /tmp/shots (E2E_SHOTS_DIR) at 320 and 1366 px for a person to look at.
const WIDTHS = [320, 1366] as const
const AXE_WIDTHS = new Set([320, 1366])
const SHOT_WIDTHS = new Set([320, 1366])
const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/shots'
const BLOCKING = new Set(['serious', 'critical'])

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

/** Cards whose first line of text sits within 8 px of the card's top edge: a label touching the top of its card. */
async function textAtCardTop(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = []
    for (const card of Array.from(document.querySelectorAll('[data-slot=card]'))) {
      const top = card.getBoundingClientRect().top
      const walker = document.createTreeWalker(card, NodeFilter.SHOW_TEXT)
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        if (!n.textContent?.trim()) continue
        const range = document.createRange()
        range.selectNodeContents(n)
        const r = range.getBoundingClientRect()
        if (r.height === 0) continue
        if (r.top - top < 8) out.push(`"${n.textContent.trim().slice(0, 30)}" ${Math.round(r.top - top)} px below its card's top`)
        break
      }
    }
    return out
  })
}

/**
 * Buttons whose label overflows them, and buttons that touch or overlap (closer than 4 px): rows that run
 * together. Tab lists (segmented controls) and the navigation bar are left out.
 */
async function crampedButtons(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = []
    const label = (b: Element) => `"${(b.textContent ?? '').trim().slice(0, 24)}"`
    // A button scrolled out of a scroll box (a long list) is not where it is drawn: it is hidden, not cramped.
    const clipped = (b: HTMLElement) => {
      const q = b.getBoundingClientRect()
      for (let p = b.parentElement; p; p = p.parentElement) {
        if (!/(auto|scroll|hidden)/.test(getComputedStyle(p).overflowY)) continue
        const r = p.getBoundingClientRect()
        if (q.bottom <= r.top || q.top >= r.bottom) return true
      }
      return false
    }
    const buttons = Array.from(document.querySelectorAll<HTMLElement>('main button, main [data-slot=button]')).filter(
      (b) => b.getBoundingClientRect().width > 0 && !b.closest('[role=tablist], [role=grid]') && !clipped(b),
    )
    for (const b of buttons) if (b.scrollWidth > b.clientWidth + 1) out.push(`${label(b)} overflows: ${b.scrollWidth} px in ${b.clientWidth}`)
    for (let i = 0; i < buttons.length; i++) {
      for (let j = i + 1; j < buttons.length; j++) {
        if (buttons[i].contains(buttons[j]) || buttons[j].contains(buttons[i])) continue
        const a = buttons[i].getBoundingClientRect()
        const b = buttons[j].getBoundingClientRect()
        const gap = Math.max(b.left - a.right, a.left - b.right, b.top - a.bottom, a.top - b.bottom)
        if (gap < 4) out.push(`${label(buttons[i])} and ${label(buttons[j])} ${gap < 0 ? 'overlap' : `are ${Math.round(gap)} px apart`}`)
      }
    }
    return out
  })
}

// axe-core as @axe-core/playwright has it: the same version the other specs run.
const AXE_SOURCE = readFileSync(createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve('axe-core/axe.min.js'), 'utf8')

/**
 * axe's serious and critical violations on the page, one line each with up to five of their elements. axe runs
 * in the page itself (our screens have no frames), detailing only violations, as @axe-core/playwright's legacy
 * mode does; but it is put in the page once per loaded document rather than before every run, since moving
 * between screens inside the app keeps the document (putting 500 KB of script in the page took about a second).
 */
async function axeViolations(page: Page, path: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE)
  // Parts of a long page below its first screen are not laid out until they come near (content-visibility:
  // auto): axe would read the colours behind boxes that have none yet. They are checked laid out.
  await page.evaluate(() => {
    for (const e of document.querySelectorAll<HTMLElement>('main *')) if (getComputedStyle(e).contentVisibility === 'auto') e.style.contentVisibility = 'visible'
  })
  const { violations } = await page.evaluate(
    () => (window as unknown as { axe: { run: (c: Document, o: object) => Promise<AxeResults> } }).axe.run(document, { resultTypes: ['violations'] }),
  )
  return violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .map((v) => {
      const where = v.nodes.slice(0, 5).map((n) => `      ${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1, 2).join('').trim() ?? ''}`)
      return `${path}: ${v.id} (${v.impact}) ${v.help}, ${v.nodes.length} element(s)\n${where.join('\n')}`
    })
}

// The widths and roles are independent of each other: with two workers they share the passes.
test.describe.configure({ mode: 'parallel' })

let data: Omit<ScreenData, 'squareIndex'>

test.beforeAll(async ({ playwright, baseURL }) => {
  mkdirSync(SHOTS, { recursive: true })
  data = await prepareScreens(playwright, baseURL, 'screens')
})

for (const role of ['visitor', 'player', 'admin'] as const) {
  for (const width of WIDTHS) {
    const axe = AXE_WIDTHS.has(width)
    test(`${role} screens at ${width} px fit without sideways scrolling or console errors${axe ? ', with no serious or critical axe violation' : ''}`, async ({ browser }) => {
      // About 20 screens, each checked in the page and by axe: minutes on a loaded machine.
      test.setTimeout(600_000)
      // A different square of the checkout screen for each width (the runs share one database).
      const screenData = { ...data, squareIndex: WIDTHS.indexOf(width) + 40 }
      // Colours are measured at rest: an entrance animation caught half-way is not the page's contrast.
      const context = await signedIn(browser, role, width, screenData, { reducedMotion: 'reduce' })
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
      const violations: string[] = []
      for (const s of await screens(context.request, role, screenData)) {
        await openScreen(page, s.path)
        const o = await overflow(page)
        if (o.scrollWidth > o.innerWidth) problems.push(`${s.path}: ${o.scrollWidth} px wide in ${o.innerWidth}\n    ${o.culprits.join('\n    ')}`)
        for (const p of await textAtCardTop(page)) problems.push(`${s.path}: ${p}`)
        for (const p of await crampedButtons(page)) problems.push(`${s.path}: ${p}`)
        // The squares board is the one wide thing: it must fit too, not scroll inside its card.
        if (s.path.startsWith('/pool/')) {
          const board = await page.getByRole('grid').evaluate((grid) => {
            let el: HTMLElement | null = grid as HTMLElement
            while (el && getComputedStyle(el).overflowX === 'visible') el = el.parentElement
            return el ? { scrollWidth: el.scrollWidth, clientWidth: el.clientWidth } : null
          })
          if (board && board.scrollWidth > board.clientWidth) problems.push(`${s.path}: the board is ${board.scrollWidth} px wide in ${board.clientWidth}`)
        }
        if (axe) violations.push(...(await axeViolations(page, s.path)))
        if (s.shot && SHOT_WIDTHS.has(width)) await page.screenshot({ path: `${SHOTS}/${s.shot}-${width}.png`, fullPage: true })
      }
      expect({ problems, errors, violations }, 'screens wider than the window, console errors, and serious or critical axe violations').toEqual({
        problems: [],
        errors: [],
        violations: [],
      })
      await context.close()
    })
  }
}
