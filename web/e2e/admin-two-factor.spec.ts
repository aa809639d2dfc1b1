import { execFileSync } from 'node:child_process'
import { createHmac } from 'node:crypto'
import { join } from 'node:path'
import { expect, test, type Page } from '@playwright/test'

// An admin turns on two-factor sign-in from the Security page (the server's QR code and key, confirmed
// with a code computed here as an authenticator app would), keeps the recovery codes, signs in again on
// a phone-sized screen with a code, and turns it off with a recovery code. Whatever happens, the demo
// admin is left without two-factor sign-in for the specs that run after this one (`squares reset-2fa`).

/** The RFC 6238 code of a base32 secret at time t (SHA-1, 6 digits, 30 s). */
function totp(secret: string, t = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
  let bits = ''
  for (const c of secret.replace(/=+$/, '')) bits += alphabet.indexOf(c).toString(2).padStart(5, '0')
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)))
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(Math.floor(t / 30_000)))
  const h = createHmac('sha1', key).update(counter).digest()
  const o = h[h.length - 1] & 15
  const n = ((h[o] & 127) << 24) | (h[o + 1] << 16) | (h[o + 2] << 8) | h[o + 3]
  return String(n % 1_000_000).padStart(6, '0')
}

async function enterPassword(page: Page) {
  await page.goto('/admin-login')
  await page.getByLabel('Username').fill('admin')
  await page.getByLabel('Password').fill('squares-admin')
  await page.getByRole('button', { name: 'Login as Admin' }).click()
}

test.afterAll(() => {
  execFileSync('../bin/squares', ['reset-2fa', '--database-url', `sqlite:${join(process.env.E2E_DB_DIR!, 'e2e.db')}`, 'admin'])
})

test('an admin sets up two-factor sign-in, signs in with a code and turns it off with a recovery code', async ({ page, browser }) => {
  await enterPassword(page)
  await expect(page).toHaveURL('/')
  await page.getByRole('link', { name: 'Security' }).click()
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click()
  const qr = page.getByRole('img', { name: 'QR code of your two-factor secret' })
  await expect(qr).toBeVisible()
  expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(200)
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim()
  await page.getByLabel('Code from your app').fill(totp(secret))
  await page.getByRole('button', { name: 'Turn on' }).click()
  const list = page.getByTestId('recovery-codes')
  await expect(list.getByRole('listitem')).toHaveCount(8)
  const codes = await list.getByRole('listitem').allTextContents()
  await page.getByRole('button', { name: 'I have saved my recovery codes' }).click()
  await expect(page.getByText('Two-factor sign-in is on. 8 of 8 recovery codes left.')).toBeVisible()

  // A new browser on a phone: the password alone is not enough.
  const phone = await browser.newContext({ viewport: { width: 320, height: 700 } })
  const p2 = await phone.newPage()
  await enterPassword(p2)
  const field = p2.getByLabel('Authentication code')
  await expect(field).toBeFocused()
  await expect(field).toHaveAttribute('autocomplete', 'one-time-code')
  await expect(field).toHaveAttribute('inputmode', 'numeric')
  // The code that turned it on is spent. Rather than wait up to 30 s for the next one, this phone's
  // authenticator runs a step ahead, which the server allows (one step of clock skew, twofactor.go).
  await field.fill(totp(secret, Date.now() + 30_000))
  await p2.getByRole('button', { name: 'Verify and sign in' }).click()
  await expect(p2).toHaveURL('/')
  await expect(p2.getByRole('heading', { name: 'Admin Command Center' })).toBeVisible()
  expect(await p2.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0)
  await phone.close()

  // Off again with a recovery code.
  await page.getByLabel('Code from your app or a recovery code').fill(codes[0])
  await page.getByRole('button', { name: 'Turn off two-factor sign-in' }).click()
  await expect(page.getByText('Two-factor sign-in is off.', { exact: true })).toBeVisible()
})
