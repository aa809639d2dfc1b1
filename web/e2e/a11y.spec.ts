import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import { openScreen, prepareScreens, screens, signedIn, type ScreenData } from './screens'

// axe-core over every screen for a visitor, a player and an admin, on a phone and a laptop (the navigation
// differs): no serious or critical violation of any rule axe runs by default (WCAG 2.x A/AA and its best
// practices).
const WIDTHS = [390, 1366] as const
const BLOCKING = new Set(['serious', 'critical'])

let data: Omit<ScreenData, 'squareIndex'>

test.beforeAll(async ({ playwright, baseURL }) => {
  data = await prepareScreens(playwright, baseURL, 'a11y')
})

for (const role of ['visitor', 'player', 'admin'] as const) {
  for (const width of WIDTHS) {
    test(`${role} screens at ${width} px have no serious or critical axe violation`, async ({ browser }) => {
      // About 20 screens with an axe run each: minutes on a loaded machine.
      test.setTimeout(600_000)
      // Squares of the checkout screen apart from the responsive run's (40-42), which shares the database.
      const screenData = { ...data, squareIndex: WIDTHS.indexOf(width) + 50 }
      // Colours are measured at rest: an entrance animation caught half-way is not the page's contrast.
      const context = await signedIn(browser, role, width, screenData, { reducedMotion: 'reduce' })
      const page = await context.newPage()
      const found: string[] = []
      for (const s of await screens(context.request, role, screenData)) {
        await openScreen(page, s.path)
        // Legacy mode runs axe in the page itself rather than once per frame and again in a blank page
        // (our screens have no frames), and only violations are detailed: the same findings, 2-3 times faster.
        const { violations } = await new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] }).analyze()
        for (const v of violations.filter((v) => BLOCKING.has(v.impact ?? ''))) {
          const where = v.nodes.slice(0, 5).map((n) => `      ${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1, 2).join('').trim() ?? ''}`)
          found.push(`${s.path}: ${v.id} (${v.impact}) ${v.help}, ${v.nodes.length} element(s)\n${where.join('\n')}`)
        }
      }
      expect(found, 'serious or critical axe violations').toEqual([])
      await context.close()
    })
  }
}
