import { expect as baseExpect, test, type Page } from '@playwright/test'
import { selectLatestGame } from './helpers'

// The first load of each page in a fresh browser can be slow on a loaded machine.
const expect = baseExpect.configure({ timeout: 30_000 })

// A player creates a private $0 pool with an e-mail invitation; a second account opens the invitation link,
// signs in on the way, joins and claims squares; a stranger sees no such pool.

const password = 'correct-horse-battery'
const cell = (page: Page, r: number, c: number) => page.locator(`[role=gridcell][data-row="${r}"][data-column="${c}"]`)

async function noHorizontalScroll(page: Page) {
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth])
  expect(scroll, 'no horizontal scroll').toBeLessThanOrEqual(client)
}

test('a private $0 pool: create with an invite, join from the link through a sign-in, claim squares', async ({ browser }) => {
  test.setTimeout(300_000)
  const stamp = Date.now()
  const creatorEmail = `creator-${stamp}@squares.test`
  const friendEmail = `friend-${stamp}@squares.test`
  const creator = await browser.newContext()
  const friend = await browser.newContext()
  const stranger = await browser.newContext()
  const a = await creator.newPage()
  const b = await friend.newPage()

  for (const [ctx, email, first] of [[creator, creatorEmail, 'Casey'], [stranger, `stranger-${stamp}@squares.test`, 'Stan']] as const) {
    const reg = await ctx.request.post('/api/auth/register', {
      data: { email, password, firstName: first, lastName: 'Tester', dateOfBirth: '1990-04-01', residenceState: 'NY' },
    })
    expect(reg.status()).toBe(201)
  }
  // The friend has an account but is signed out in their browser.
  const other = await browser.newContext()
  const reg = await other.request.post('/api/auth/register', {
    data: { email: friendEmail, password, firstName: 'Frankie', lastName: 'Friend', dateOfBirth: '1990-04-01', residenceState: 'NY' },
  })
  expect(reg.status()).toBe(201)
  await other.close()

  // The creator fills the form: defaults first (fee 5, 5 squares), then a free pool of up to 10 squares.
  await a.setViewportSize({ width: 390, height: 844 })
  await a.goto('/create-private-pool')
  await expect(a.getByRole('heading', { name: 'Create Private Pool' })).toBeVisible()
  await expect(a.getByLabel('Entry Fee ($ per square)')).toHaveValue('5')
  await expect(a.getByLabel('Max Squares per Player')).toHaveValue('5')
  await a.getByRole('button', { name: 'Create Private Pool' }).click()
  await expect(a.getByText('Please select a game')).toBeVisible()
  await a.screenshot({ path: 'test-results/private-pool-form-390.png', fullPage: true })
  await a.setViewportSize({ width: 320, height: 700 })
  await noHorizontalScroll(a)
  await a.setViewportSize({ width: 1366, height: 900 })

  await expect(a.getByText('0 for a free pool; up to $100 a square.')).toBeVisible()
  const game = a.getByLabel('Game')
  await selectLatestGame(game)
  await a.getByLabel('Pool Name').fill(`Office ${stamp}`)
  await a.getByLabel('Entry Fee ($ per square)').fill('0')
  await a.getByLabel('Max Squares per Player').fill('10')
  await a.getByLabel(/Invite by Email/).fill(friendEmail)
  await a.getByRole('button', { name: 'Add' }).click()
  await a.screenshot({ path: 'test-results/private-pool-form-1366.png', fullPage: true })
  await a.getByRole('button', { name: 'Create Private Pool' }).click()
  await expect(a.getByText('Private Pool Created!')).toBeVisible()
  await expect(a.getByText('Invitations sent (1)')).toBeVisible()
  await expect(a.getByRole('button', { name: 'Copy invite link' })).toBeVisible()
  await a.screenshot({ path: 'test-results/private-pool-created-1366.png', fullPage: true })
  await a.getByRole('link', { name: 'View Pool' }).click()
  await expect(a).toHaveURL(/\/pool\/\d+$/)
  const poolPath = new URL(a.url()).pathname

  // The invitation e-mail (the development outbox) carries the friend's own link.
  const outbox = await (await a.request.get('/dev/mail')).text()
  const article = outbox.split('<article').find((m) => m.includes(friendEmail))
  const link = article?.match(/\/join\/([A-Z0-9]{8})/)
  expect(link, 'the invitation link in the outbox').toBeTruthy()
  // It quotes the pool's name as the host's words, never as its subject (issue 19).
  expect(article).toContain(`Casey T. invited you to their pool, which they named: \u201cOffice ${stamp}\u201d`)
  expect(article).toContain("You&#39;re invited to a squares pool:")

  // A stranger who has the pool's address sees nothing.
  const s = await stranger.newPage()
  await s.goto(poolPath)
  await expect(s.getByText('Pool Not Found')).toBeVisible()

  // The friend opens the link signed out, signs in, comes back to it, joins and lands on the pool.
  await b.setViewportSize({ width: 390, height: 844 })
  await b.goto(link![0])
  await expect(b.getByText("You're invited to a private pool")).toBeVisible()
  await b.screenshot({ path: 'test-results/private-pool-invited-390.png', fullPage: true })
  await b.setViewportSize({ width: 320, height: 700 })
  await noHorizontalScroll(b)
  await b.setViewportSize({ width: 1366, height: 900 })
  await b.getByRole('link', { name: 'Sign In to Join' }).click()
  await expect(b).toHaveURL(/\/login\?returnTo=%2Fjoin%2F[A-Z0-9]{8}$/)
  const signIn = b.getByRole('form', { name: 'Sign in' })
  await signIn.getByLabel('Email').fill(friendEmail)
  await signIn.getByLabel('Password').fill(password)
  await signIn.getByRole('button', { name: 'Sign In' }).click()
  await expect(b).toHaveURL(new RegExp(`${poolPath}$`))
  await expect(b.getByText('You joined the pool!')).toBeVisible()

  // Up to the creator's limit: 6 squares (more than a public pool's 5).
  for (let c = 0; c < 6; c++) await cell(b, 0, c).click()
  await b.getByRole('button', { name: 'Claim Squares' }).click()
  await expect(b.locator('[data-sonner-toast]').filter({ has: b.getByText('Squares claimed', { exact: true }) }).filter({ hasText: "You've successfully claimed 6 squares." })).toBeVisible()
  await expect(cell(b, 0, 5)).toHaveAttribute('aria-label', /your square/i)

  // The creator sees who joined, with the invitation used.
  await a.reload()
  const panel = a.getByRole('region', { name: 'Members' })
  await expect(panel.getByText('Frankie Friend')).toBeVisible()
  await expect(panel.getByText('6 squares')).toBeVisible()
  await expect(a.getByRole('region', { name: 'Invitations' }).getByText('Joined')).toBeVisible()
  await a.screenshot({ path: 'test-results/private-pool-creator-1366.png', fullPage: true })
  await a.setViewportSize({ width: 390, height: 844 })
  await a.screenshot({ path: 'test-results/private-pool-creator-390.png', fullPage: true })
  await a.setViewportSize({ width: 320, height: 700 })
  await noHorizontalScroll(a)

  // Nobody else sees it listed.
  const listed = (await (await s.request.get('/api/pools')).json()) as { id: number }[]
  expect(listed.map((p) => `/pool/${p.id}`)).not.toContain(poolPath)
})

test('a player who has not verified their age is sent to verification before making a private pool', async ({ browser }) => {
  const stamp = Date.now()
  const ctx = await browser.newContext()
  const reg = await ctx.request.post('/api/auth/register', {
    data: { email: `unverified-${stamp}@squares.test`, password, firstName: 'Uma', lastName: 'Unverified' },
  })
  expect(reg.status()).toBe(201)
  const page = await ctx.newPage()
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/create-private-pool')
  await expect(page.getByText('Verify your age first')).toBeVisible()
  await expect(page.getByRole('form', { name: 'Create private pool' })).toHaveCount(0)
  await page.screenshot({ path: 'test-results/private-pool-verify-390.png', fullPage: true })
  await page.setViewportSize({ width: 320, height: 700 })
  await noHorizontalScroll(page)
  await page.setViewportSize({ width: 1366, height: 900 })
  await page.screenshot({ path: 'test-results/private-pool-verify-1366.png', fullPage: true })
  await page.getByRole('link', { name: 'Verify Your Age' }).click()
  await expect(page).toHaveURL(/\/age-verification$/)
  // The server decides: the API refuses the same player.
  const games = (await (await ctx.request.get('/api/games')).json()) as { id: number }[]
  const refused = await ctx.request.post('/api/pools/private', { data: { gameId: games[0].id, name: 'Sneaky pool', entryFee: 0 } })
  expect(refused.status()).toBe(422)
  await ctx.close()
})
