import { expect, test } from '@playwright/test'

test('register, verify age, see pools, sign out', async ({ page }) => {
  const email = `e2e-${Date.now()}@squares.test`

  // Signed out: the landing page.
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: /Pick your squares/ })).toBeVisible()
  await expect(page.getByText('Simulation', { exact: true })).toBeVisible()

  // Sign up without a state, so age and location verification is still needed.
  await page.getByRole('link', { name: 'Player Signup/Signin' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await page.getByRole('tab', { name: 'Sign Up' }).click()
  const signUp = page.getByRole('form', { name: 'Sign up' })
  await signUp.getByLabel('First Name').fill('Erin')
  await signUp.getByLabel('Last Name').fill('Tester')
  await signUp.getByLabel('Email').fill(email)
  await signUp.getByLabel('Password').fill('correct-horse-battery')
  await signUp.getByLabel('Date of Birth').fill('1990-04-01')
  await signUp.getByRole('button', { name: 'Create Account' }).click()

  await expect(page.getByText('Account Created')).toBeVisible()
  await expect(page).toHaveURL(/\/age-verification$/)

  // Verify with a permitted state.
  await page.getByLabel('Date of Birth').fill('1990-04-01')
  await page.getByLabel('State of Residence').selectOption('NY')
  await page.getByRole('button', { name: /Verify Age/ }).click()
  await expect(page.getByText('Age Verification Complete').first()).toBeVisible()
  await expect(page).toHaveURL(/\/$/)

  // The dashboard lists pools.
  await expect(page.getByRole('heading', { name: 'Welcome back, Erin!' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Available Pools' })).toBeVisible()
  const cards = page.getByTestId('pool-card')
  await expect(cards.first()).toBeVisible()
  expect(await cards.count()).toBeGreaterThan(0)
  await expect(page.getByRole('heading', { name: 'No Active Pools' })).toBeVisible()

  // A pool card opens the pool page with its header.
  await cards.first().click()
  await expect(page).toHaveURL(/\/pool\/\d+$/)
  await expect(page.getByText('Pool Information')).toBeVisible()
  await expect(page.getByText(/AVAILABLE|LIVE|FULL/).first()).toBeVisible()
  await page.getByRole('link', { name: 'Dashboard', exact: true }).first().click()
  await expect(cards.first()).toBeVisible()

  // Sign out: back to the landing page, and the session is gone.
  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
  await expect(page.getByText('You have been successfully signed out.')).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: /Pick your squares/ })).toBeVisible()
  await expect(page).toHaveURL(/\/$/)
  await page.reload()
  await expect(page.getByRole('link', { name: 'Player Signup/Signin' })).toBeVisible()
  const me = await page.request.get('/api/auth/user')
  expect(me.status()).toBe(401)
})
