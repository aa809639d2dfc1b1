import { readFileSync } from 'node:fs'
import { expect as baseExpect, test, type Page } from '@playwright/test'

// Screens load on demand and every password is hashed with argon2: on a busy machine they take a while.
const expect = baseExpect.configure({ timeout: 30_000 })

// The support address playwright.config.ts gives the server.
const SUPPORT = 'support@squares.test'
const PASSWORD = 'correct-horse-battery'
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'

/** Registers a verified player of its own for the test; the page's browser is signed in as them. */
async function newPlayer(page: Page, prefix: string): Promise<string> {
  const email = `${prefix}-${Date.now()}@squares.test`
  const register = await page.request.post('/api/auth/register', {
    data: { email, password: PASSWORD, firstName: 'Avery', lastName: 'Account', dateOfBirth: '1990-04-01', residenceState: 'NY' },
  })
  expect(register.status()).toBe(201)
  return email
}

// A visitor is sent to sign in and comes back; the page shows the name, the address, and the locked
// verified details with the support address (also in the footer and on the age page).
test('the account page needs sign-in and shows the profile and the locked verified details', async ({ page }) => {
  test.slow()
  const email = await newPlayer(page, 'account')
  await page.request.post('/api/auth/logout')

  await page.goto('/account')
  await expect(page).toHaveURL(/\/login\?returnTo=%2Faccount$/)
  const signIn = page.getByRole('form', { name: 'Sign in' })
  await signIn.getByLabel('Email').fill(email)
  await signIn.getByLabel('Password').fill(PASSWORD)
  await signIn.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/account$/)
  await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible()

  const profile = page.locator('#profile')
  await expect(profile.getByText('Avery Account')).toBeVisible()
  await expect(profile.getByText(email)).toBeVisible()
  const verification = page.locator('#verification')
  await expect(verification.getByText('Verified', { exact: true })).toBeVisible()
  await expect(verification.getByText('April 1, 1990')).toBeVisible()
  await expect(verification.getByText('New York')).toBeVisible()
  await expect(verification.getByText(`To change them, write to ${SUPPORT}.`)).toBeVisible()
  await expect(verification.getByRole('link', { name: SUPPORT })).toHaveAttribute('href', `mailto:${SUPPORT}`)
  await expect(page.getByRole('contentinfo').getByRole('link', { name: SUPPORT })).toBeVisible()

  // A verified player's age page shows the locked details and the support address, not a form.
  await page.goto('/age-verification')
  await expect(page.getByRole('heading', { name: "You're already verified" })).toBeVisible()
  await expect(page.getByText(`To change them, write to ${SUPPORT}.`)).toBeVisible()
  await expect(page.getByRole('button', { name: /Verify Age/ })).toHaveCount(0)
})

// The devices signed in, this one first; "Sign out other devices"; a password change that keeps this
// device signed in.
test('the account page lists the devices, signs the others out and changes the password', async ({ page, browser }) => {
  test.slow()
  const email = await newPlayer(page, 'devices')
  const phone = await browser.newContext({ userAgent: IPHONE })
  expect((await phone.request.post('/api/auth/login', { data: { email, password: PASSWORD } })).status()).toBe(200)

  await page.goto('/account')
  const devices = page.getByTestId('device')
  await expect(devices).toHaveCount(2)
  await expect(devices.first()).toContainText('This device')
  await expect(devices.nth(1)).toContainText('Safari on iPhone')
  await page.getByRole('button', { name: 'Sign out other devices' }).click()
  await expect(page.getByText('Signed out of 1 other device.')).toBeVisible()
  await expect(devices).toHaveCount(1)
  expect((await phone.request.get('/api/auth/user')).status()).toBe(401)
  await phone.close()

  const change = page.getByTestId('change-password')
  await change.getByLabel('Current password').fill('not-my-password')
  await change.getByLabel('New password').fill('new-password-1')
  await change.getByRole('button', { name: 'Change password' }).click()
  await expect(change.getByText('Your current password is incorrect.')).toBeVisible()
  await change.getByLabel('Current password').fill(PASSWORD)
  await change.getByRole('button', { name: 'Change password' }).click()
  await expect(page.getByText('Your password has been changed. Your other devices have been signed out.')).toBeVisible()
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible() // still signed in here
  const other = await browser.newContext()
  expect((await other.request.post('/api/auth/login', { data: { email, password: 'new-password-1' } })).status()).toBe(200)
  await other.close()
})

// "Download my data" saves a JSON file of the account; the avatar menu's Profile and Settings open the page.
test('the account page downloads the data and opens from the avatar menu', async ({ page }) => {
  test.slow()
  const email = await newPlayer(page, 'data')
  await page.goto('/account')
  const downloading = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Download my data' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^squares-my-data-\d{4}-\d{2}-\d{2}\.json$/)
  const data = JSON.parse(readFileSync(await download.path(), 'utf8')) as Record<string, unknown>
  expect((data.profile as { email: string }).email).toBe(email)
  for (const k of ['squares', 'payments', 'prizes', 'notifications', 'sessions']) expect(Array.isArray(data[k])).toBe(true)
  expect(JSON.stringify(data)).not.toContain('argon2')

  await page.goto('/')
  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('menuitem', { name: 'Settings' }).click()
  await expect(page).toHaveURL(/\/account#settings$/)
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeInViewport()
  await page.goto('/')
  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('menuitem', { name: 'Profile' }).click()
  await expect(page).toHaveURL(/\/account$/)
  await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible()
})
