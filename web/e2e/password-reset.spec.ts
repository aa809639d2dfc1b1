import { expect as baseExpect, test } from '@playwright/test'
import { linkIn, mailTo, waitForMail } from './mail'

// Screens load on demand and every password is hashed with argon2: on a busy machine they take a while.
const expect = baseExpect.configure({ timeout: 30_000 })

// A forgotten password through the SMTP test server: "Forgot password?" on the sign-in form, the link read
// from the e-mail the server received, a new password set through it, sign-in with it; the link works once,
// and the session signed in before the reset has ended.
test('a forgotten password is reset through the e-mailed link', async ({ page, playwright }) => {
  test.slow() // a long journey: several password hashes, two browsers
  const email = `reset-${Date.now()}@squares.test`
  // The account, signed in elsewhere (another device).
  const elsewhere = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL })
  const registered = await elsewhere.post('/api/auth/register', {
    data: { email, password: 'old-password-1', firstName: 'Remy', lastName: 'Reset', dateOfBirth: '1990-04-01', residenceState: 'NY' },
  })
  expect(registered.status()).toBe(201)
  expect((await elsewhere.get('/api/auth/user')).status()).toBe(200)

  // Sign-in screen -> "Forgot password?" carries the typed address.
  await page.goto('/login')
  const signIn = page.getByRole('form', { name: 'Sign in' })
  await signIn.getByLabel('Email').fill(email)
  await signIn.getByRole('link', { name: 'Forgot password?' }).click()
  await expect(page).toHaveURL(/\/forgot-password$/)
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible()
  await expect(page.getByLabel('Email')).toHaveValue(email)
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible()
  await expect(page.getByText('The link works for 60 minutes.')).toBeVisible()

  // The e-mail, as the SMTP server received it.
  const mail = await waitForMail(email, /^Reset your Squares password$/)
  expect(mail.from).toBe('squares@localhost')
  const link = linkIn(mail, '/reset-password?token=')
  expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/reset-password\?token=[A-Za-z0-9_-]{43}$/)
  expect(mail.html).toContain(`href="${link}"`)

  // The link: a new password.
  await page.goto(link)
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible()
  await page.getByLabel('New password').fill('short')
  await page.getByRole('button', { name: 'Reset password' }).click()
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible()
  await page.getByLabel('New password').fill('new-password-1')
  await page.getByRole('button', { name: 'Reset password' }).click()
  await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible()
  // Every session of the account ended, the other device's too; the owner is told by e-mail.
  expect((await elsewhere.get('/api/auth/user')).status()).toBe(401)
  await waitForMail(email, /^Your Squares password was changed$/)

  // Sign in with the new password.
  await page.getByRole('link', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await signIn.getByLabel('Email').fill(email)
  await signIn.getByLabel('Password').fill('new-password-1')
  await signIn.getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByText('Welcome back, Remy!')).toBeVisible()
  await expect(page).toHaveURL(/\/$/)
  // The old password no longer works.
  const old = await elsewhere.post('/api/auth/login', { data: { email, password: 'old-password-1' } })
  expect(old.status()).toBe(401)

  // The link works once.
  await page.goto(link)
  await page.getByLabel('New password').fill('new-password-2')
  await page.getByRole('button', { name: 'Reset password' }).click()
  await expect(page.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible()
  await expect(page.getByText('This password reset link has already been used.', { exact: false })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password')
  await elsewhere.dispose()
})

// Unknown addresses and admins' usernames get the same answer and no e-mail.
test('a reset asked for an address that is no account gets the same answer, and no mail', async ({ page }) => {
  const nobody = `nobody-${Date.now()}@squares.test`
  await page.goto('/forgot-password')
  await page.getByLabel('Email').fill(nobody)
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible()
  await expect(page.getByText("If an account uses this email address, we've sent it a link to reset the password.", { exact: false })).toBeVisible()
  const answer = await page.request.post('/api/auth/password-reset', { data: { email: 'admin' } })
  expect(answer.status()).toBe(202)
  // Mail goes out every second: give it a few.
  await page.waitForTimeout(3000)
  expect(mailTo(nobody, /./)).toHaveLength(0)
})
