import { expect as baseExpect, test, type APIResponse, type Page } from '@playwright/test'
import { selectLatestGame } from './helpers'

// The first load of each page in a fresh browser can be slow on a loaded machine.
const expect = baseExpect.configure({ timeout: 30_000 })

// Issue 22 in the browser: a host chooses the rules of a private pool (a preset, the grid and its prizes, the
// sum kept at 100), creates it, and reads them on the pool page and in How to Play for that pool. Its own
// account and pool: nothing another spec reads is changed.

const password = 'correct-horse-battery'

async function noHorizontalScroll(page: Page) {
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth])
  expect(scroll, 'no horizontal scroll').toBeLessThanOrEqual(client)
}

test('a private pool with its own rules: a preset, a 25-square grid with its prizes, the sum kept at 100', async ({ page }) => {
  test.setTimeout(180_000)
  const stamp = Date.now()
  const reg = await page.request.post('/api/auth/register', {
    data: { email: `rules-${stamp}@squares.test`, password, firstName: 'Rhea', lastName: 'Rules', dateOfBirth: '1990-04-01', residenceState: 'NY' },
  })
  expect(reg.status()).toBe(201)

  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/create-private-pool')
  const rules = page.getByRole('group', { name: 'Rules' })
  await expect(rules).toBeVisible()
  await selectLatestGame(page.getByLabel('Game', { exact: true }))
  await page.getByLabel('Pool Name').fill(`Rules ${stamp}`)
  await page.getByLabel('Entry Fee ($ per square)').fill('4')

  // The presets, Standard first; the grids with their pots at $4 a square.
  await expect(page.getByLabel('Payout Schedule')).toHaveValue('25/25/25/25')
  await expect(rules.getByRole('radio', { name: /100 squares.*pot \$400\.00/ })).toBeChecked()
  await rules.getByRole('radio', { name: /25 squares.*pot \$100\.00/ }).check()
  await page.getByLabel('Payout Schedule').selectOption({ label: 'Every score' })
  await expect(rules.getByLabel('Every score pays (% of the prize pool)')).toHaveValue('50')
  await expect(rules.getByTestId('rules-sum')).toHaveText('Total: 100%')
  await expect(rules.getByRole('list', { name: 'Prizes of a full board' }).getByRole('listitem')).toHaveText([
    'Q1: $10.00',
    'Q2: $15.00',
    'Q3: $10.00',
    'Final: $15.00',
    'Every score: $50.00 split among the changes of the score',
  ])

  // A sum other than 100 is shown and blocks the form, with the server's words.
  const q1 = rules.getByRole('group', { name: 'Payout per period (% of the prize pool)' }).getByLabel('Q1')
  await q1.fill('20')
  await expect(rules.getByTestId('rules-sum')).toHaveText('Total: 110%: it must be 100%.')
  await expect(page.getByLabel('Payout Schedule')).toHaveValue('custom')
  await page.getByRole('button', { name: 'Create Private Pool' }).click()
  await expect(page.getByText('The payout percents and the every-score percent must add up to 100; they add up to 110.')).toBeVisible()
  await page.setViewportSize({ width: 320, height: 700 })
  await noHorizontalScroll(page)
  await page.setViewportSize({ width: 390, height: 844 })
  await q1.fill('10')
  await expect(rules.getByTestId('rules-sum')).toHaveText('Total: 100%')

  await page.getByRole('button', { name: 'Create Private Pool' }).click()
  await expect(page.getByText('Private Pool Created!')).toBeVisible()
  await page.getByRole('link', { name: 'View Pool' }).click()
  await expect(page).toHaveURL(/\/pool\/\d+$/)
  const poolId = Number(new URL(page.url()).pathname.split('/').pop())

  // The pool page names its rules, and How to Play opens on them.
  const card = page.getByRole('region', { name: 'Rules of this pool' })
  await expect(card).toBeVisible()
  await expect(card.getByTestId('rules-grid')).toHaveText(/25 squares \(5 x 5\)/)
  await card.getByRole('link', { name: 'How to Play this pool' }).click()
  await expect(page).toHaveURL(`/how-to-play?pool=${poolId}`)
  const section = page.getByRole('region', { name: 'Rules of this pool' })
  await expect(section.getByText(`Rules ${stamp}`)).toBeVisible()
  await section.getByRole('link', { name: 'Back to the pool' }).click()
  await expect(page).toHaveURL(`/pool/${poolId}`)
})

interface WinnerJSON {
  kind: string
  award: string
  name: string
  periodLabel: string
  row: number
  column: number
  amount: string
  homeScore: number
  awayScore: number
}

async function ok<T>(res: Promise<APIResponse>, status = 200): Promise<T> {
  const r = await res
  expect(r.status(), await r.text()).toBe(status)
  return (await r.json()) as T
}

// The journey: a host makes a 25-square "Every score" pool whose money they collect, gives its 25
// squares (the last one draws the numbers), and an admin plays the game through the manual feed: five score
// changes, each paying $10.00 of the $50.00 every-score share, beside the four periods' prizes, the whole
// $100.00 pot to the cent, each shown on the board and in the winners list.
test('a 25-square every-score pool played through the manual feed pays every score', async ({ page, playwright, baseURL }) => {
  test.setTimeout(240_000)
  const stamp = Date.now()
  const admin = await playwright.request.newContext({ baseURL })
  await ok(admin.post('/api/admin/login', { data: { username: 'admin', password: 'squares-admin' } }))
  const { activeWeek } = await ok<{ activeWeek: string }>(admin.get('/api/leagues/1/active-week'))
  const game = await ok<{ id: number }>(
    admin.post('/api/games', {
      data: { leagueId: 1, homeTeam: 'Detroit Lions', awayTeam: 'Minnesota Vikings', gameDate: new Date(Date.now() + 3 * 3600_000).toISOString(), status: 'scheduled', week: activeWeek },
    }),
    201,
  )
  await ok(
    page.request.post('/api/auth/register', {
      data: { email: `every-${stamp}@squares.test`, password, firstName: 'Evan', lastName: 'Every', dateOfBirth: '1990-04-01', residenceState: 'NY' },
    }),
    201,
  )

  await page.setViewportSize({ width: 1366, height: 900 })
  await page.goto('/create-private-pool')
  await page.getByLabel('Game', { exact: true }).selectOption(String(game.id))
  await page.getByLabel('Pool Name').fill(`Every score ${stamp}`)
  await page.getByLabel('Entry Fee ($ per square)').fill('4')
  await page.getByLabel('Max Squares per Player').fill('25')
  await page.getByRole('radio', { name: /I collect the money myself/ }).check()
  const rules = page.getByRole('group', { name: 'Rules' })
  await rules.getByRole('radio', { name: /25 squares/ }).check()
  await page.getByLabel('Payout Schedule').selectOption({ label: 'Every score' })
  await expect(rules.getByTestId('rules-sum')).toHaveText('Total: 100%')
  await page.getByRole('button', { name: 'Create Private Pool' }).click()
  await page.getByRole('link', { name: 'View Pool' }).click()
  await expect(page).toHaveURL(/\/pool\/\d+$/)
  const poolId = Number(new URL(page.url()).pathname.split('/').pop())
  await expect(page.locator('[role=gridcell]')).toHaveCount(25)

  // The host gives the whole board to themself: the 25th square draws the numbers.
  const select = page.getByLabel('Give squares to')
  await select.selectOption((await select.locator('option', { hasText: 'Evan E.' }).first().getAttribute('value')) ?? '')
  await page.getByLabel('How many').fill('25')
  await page.getByRole('button', { name: 'Give at random' }).click()
  await expect.poll(async () => (await ok<{ numbersGenerated: boolean }>(page.request.get(`/api/pools/${poolId}`))).numbersGenerated).toBe(true)

  // The game through the manual feed: 7-0, 7-3, 14-3, 14-10, 17-10 (home-away), final 17-10.
  const score = (homeScore: number, awayScore: number, quarter: number, status = 'live') =>
    ok(admin.post(`/api/admin/games/${game.id}/score`, { data: { homeScore, awayScore, quarter, status } }))
  await score(0, 0, 1)
  await score(7, 0, 1)
  await score(7, 3, 2)
  await score(14, 3, 2)
  await score(14, 10, 3)
  await score(17, 10, 4)
  await score(17, 10, 4, 'completed')
  await expect.poll(async () => (await ok<{ status: string }>(page.request.get(`/api/pools/${poolId}`))).status).toBe('completed')

  const winners = await ok<WinnerJSON[]>(page.request.get(`/api/pools/${poolId}/winners`))
  const scores = winners.filter((w) => w.kind === 'score')
  expect(scores.map((w) => `${w.name} ${w.amount}`)).toEqual([
    'Score 0-7 10.00',
    'Score 3-7 10.00',
    'Score 3-14 10.00',
    'Score 10-14 10.00',
    'Score 10-17 10.00',
  ])
  expect(winners.filter((w) => w.kind === 'period').map((w) => `${w.periodLabel} ${w.amount}`)).toEqual(['Q1 10.00', 'Q2 15.00', 'Q3 10.00', 'Final 15.00'])
  const cents = winners.reduce((sum, w) => sum + Math.round(Number(w.amount) * 100), 0)
  expect(cents).toBe(100_00)

  // The page shows them: the winners list names every score, and the board names the squares.
  await page.reload()
  await expect(page.getByTestId('score-winner')).toHaveCount(5)
  const first = scores[0]
  await expect(page.locator(`[role=gridcell][data-row="${first.row}"][data-column="${first.column}"]`)).toHaveAttribute(
    'aria-label',
    /Score 0-7 winner, \$10\.00, Evan E\./,
  )
  await admin.dispose()
})
