import { expect as baseExpect, test, type Page } from '@playwright/test'

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
  await page.getByLabel('Game', { exact: true }).selectOption({ index: 1 })
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
  await expect(card.getByTestId('rules-grid')).toBeVisible()
  await card.getByRole('link', { name: 'How to Play this pool' }).click()
  await expect(page).toHaveURL(`/how-to-play?pool=${poolId}`)
  const section = page.getByRole('region', { name: 'Rules of this pool' })
  await expect(section.getByText(`Rules ${stamp}`)).toBeVisible()
  await section.getByRole('link', { name: 'Back to the pool' }).click()
  await expect(page).toHaveURL(`/pool/${poolId}`)
})
