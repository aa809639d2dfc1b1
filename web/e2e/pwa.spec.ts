import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect as baseExpect, test, type Page } from '@playwright/test'

// The first load of each page in a fresh browser can be slow on a loaded machine.
const expect = baseExpect.configure({ timeout: 30_000 })

const password = 'correct-horse-battery'

/** Waits until the service worker controls the page (it claims open pages when it activates). */
async function controlled(page: Page) {
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 30_000 })
}

test('the installable app: a manifest with icons, and a service worker that never answers nor caches the API', async ({ page }) => {
  test.setTimeout(180_000)
  await page.goto('/')
  const href = await page.locator('link[rel="manifest"]').getAttribute('href')
  expect(href).toBe('/manifest.webmanifest')
  const res = await page.request.get(href!)
  expect(res.headers()['content-type']).toBe('application/manifest+json')
  const manifest = (await res.json()) as { name: string; display: string; start_url: string; theme_color: string; icons: { src: string; sizes: string; purpose: string }[] }
  expect(manifest).toMatchObject({ name: 'Squares', short_name: 'Squares', display: 'standalone', start_url: '/dashboard', theme_color: '#0b1530' })
  for (const [sizes, purpose] of [['192x192', 'any'], ['512x512', 'any'], ['512x512', 'maskable']]) {
    const icon = manifest.icons.find((i) => i.sizes === sizes && i.purpose === purpose)
    expect(icon, `${sizes} ${purpose} icon`).toBeTruthy()
    const png = await page.request.get(icon!.src)
    expect(png.status()).toBe(200)
    expect(png.headers()['content-type']).toBe('image/png')
  }
  const sw = await page.request.get('/sw.js')
  expect(sw.headers()['cache-control']).toBe('no-cache')

  await controlled(page)
  expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL)).toMatch(/\/sw\.js$/)

  // The same API path twice, the server's answer changed in between (signed out, then signed in): the page
  // gets each answer from the server, never from the worker.
  const apiAnswers: { status: number; fromWorker: boolean }[] = []
  page.on('response', (r) => {
    if (new URL(r.url()).pathname === '/api/auth/user') apiAnswers.push({ status: r.status(), fromWorker: r.fromServiceWorker() })
  })
  const whoAmI = () => page.evaluate(async () => (await fetch('/api/auth/user', { credentials: 'include' })).status)
  expect(await whoAmI()).toBe(401)
  const stamp = Date.now()
  const reg = await page.request.post('/api/auth/register', {
    data: { email: `pwa-${stamp}@squares.test`, password, firstName: 'Pia', lastName: 'Web', dateOfBirth: '1990-04-01', residenceState: 'NY' },
  })
  expect(reg.status()).toBe(201)
  expect(await whoAmI()).toBe(200)
  expect(apiAnswers.filter((a) => a.fromWorker)).toEqual([])
  // The built files do come from the worker's precache, and nothing under /api/ is in any cache.
  const cached = await page.evaluate(async () => {
    const urls: string[] = []
    for (const name of await caches.keys()) for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname)
    return urls
  })
  expect(cached.some((u) => u.startsWith('/assets/'))).toBe(true)
  expect(cached.filter((u) => u.startsWith('/api/') || u.startsWith('/ws') || u.startsWith('/dev/'))).toEqual([])

  // A page load is the server's page, not a cached one.
  const nav = await page.goto('/dashboard')
  expect(nav?.status()).toBe(200)
  await expect(page.getByRole('heading', { name: /Welcome back, Pia!/ })).toBeVisible()
})

/** A device's keys, made here as a browser makes them when it subscribes. */
function deviceKeys() {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  return { ecdh, p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16) }
}

/** Decrypts an aes128gcm Web Push body (RFC 8291, RFC 8188) with the device's keys. */
function decrypt(body: Buffer, keys: ReturnType<typeof deviceKeys>): string {
  const salt = body.subarray(0, 16)
  const idlen = body[20]
  const serverKey = body.subarray(21, 21 + idlen)
  const records = body.subarray(21 + idlen)
  const secret = keys.ecdh.computeSecret(serverKey)
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), keys.ecdh.getPublicKey(), serverKey])
  const ikm = Buffer.from(hkdfSync('sha256', secret, keys.auth, info, 32))
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16))
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12))
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce)
  decipher.setAuthTag(records.subarray(records.length - 16))
  const plain = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()])
  let end = plain.length
  while (end > 0 && plain[end - 1] === 0) end--
  expect(plain[end - 1], 'the last record delimiter').toBe(2)
  return plain.subarray(0, end - 1).toString('utf8')
}

/** A push service on this machine that keeps what it receives. */
async function startPushService() {
  const received: { path: string; headers: IncomingMessage['headers']; body: Buffer }[] = []
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) })
      res.writeHead(201).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received, close: () => new Promise((r) => server.close(r)) }
}

test('notifications: turned on from the dashboard, an invitation pushed to the device and shown, off at sign-out', async ({ browser }) => {
  test.setTimeout(180_000)
  const pushService = await startPushService()
  const keys = deviceKeys()
  const endpoint = `${pushService.url}/push/device-${Date.now()}`
  const stamp = Date.now()
  const email = `push-${stamp}@squares.test`

  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } })
  await ctx.grantPermissions(['notifications'])
  // This machine reaches no real push service: the browser's subscribe gives a subscription of the local one,
  // with keys made here (the server cannot tell: it encrypts for the keys and posts to the endpoint).
  await ctx.addInitScript(
    ({ endpoint, p256dh, auth }) => {
      let current: PushSubscription | null = null
      const make = (options: PushSubscriptionOptionsInit) =>
        ({
          endpoint,
          expirationTime: null,
          options,
          getKey: () => null,
          toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
          unsubscribe: () => {
            current = null
            return Promise.resolve(true)
          },
        }) as unknown as PushSubscription
      PushManager.prototype.subscribe = function (options?: PushSubscriptionOptionsInit) {
        current = make(options ?? {})
        return Promise.resolve(current)
      }
      PushManager.prototype.getSubscription = () => Promise.resolve(current)
    },
    { endpoint, p256dh: keys.p256dh, auth: keys.auth.toString('base64url') },
  )
  const page = await ctx.newPage()
  const reg = await page.request.post('/api/auth/register', {
    data: { email, password, firstName: 'Noa', lastName: 'Push', dateOfBirth: '1990-04-01', residenceState: 'NY' },
  })
  expect(reg.status()).toBe(201)

  await page.goto('/dashboard')
  await controlled(page)
  const card = page.getByTestId('push-card')
  await expect(card.getByText(/Get a notification on this device when you win/)).toBeVisible()
  await page.screenshot({ path: 'test-results/push-card-off-390.png', fullPage: true })
  await card.screenshot({ path: 'test-results/push-card-off-card-390.png' })
  await page.setViewportSize({ width: 320, height: 700 })
  await card.screenshot({ path: 'test-results/push-card-off-card-320.png' })
  const [scroll320, client320] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth])
  expect(scroll320, 'no horizontal scroll at 320 px').toBeLessThanOrEqual(client320)
  await page.setViewportSize({ width: 390, height: 844 })
  await card.getByRole('button', { name: 'Turn on notifications' }).click()
  await expect(card.getByText(/Notifications are on for this device/)).toBeVisible()
  await expect(card.getByRole('button', { name: 'Turn off notifications' })).toBeVisible()
  await card.screenshot({ path: 'test-results/push-card-on-card-390.png' })
  await page.setViewportSize({ width: 1366, height: 900 })
  await page.screenshot({ path: 'test-results/push-card-on-1366.png', fullPage: true })
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth])
  expect(scroll).toBeLessThanOrEqual(client)

  // Another player invites this one to a private pool: the push worker sends the push to the device.
  const friend = await browser.newContext()
  expect(
    (
      await friend.request.post('/api/auth/register', {
        data: { email: `pusher-${stamp}@squares.test`, password, firstName: 'Remy', lastName: 'Friend', dateOfBirth: '1990-04-01', residenceState: 'NY' },
      })
    ).status(),
  ).toBe(201)
  const games = (await (await friend.request.get('/api/games')).json()) as { id: number; status: string; gameDate: string }[]
  const game = games.filter((g) => g.status.toLowerCase() === 'scheduled' && Date.parse(g.gameDate) > Date.now() + 3 * 3600_000)[0]
  expect(game, 'an upcoming game').toBeTruthy()
  const created = await friend.request.post('/api/pools/private', {
    data: { gameId: game.id, name: `Push ${stamp}`, entryFee: 0, maxSquaresPerPlayer: 10, inviteEmails: [email], payoutSchedule: '25/25/25/25' },
  })
  expect(created.status()).toBe(201)
  await friend.close()

  await expect.poll(() => pushService.received.length, { timeout: 60_000 }).toBe(1)
  const push = pushService.received[0]
  expect(push.path).toBe(new URL(endpoint).pathname)
  expect(push.headers['content-encoding']).toBe('aes128gcm')
  expect(push.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/)
  const message = JSON.parse(decrypt(push.body, keys)) as { title: string; body: string; url: string; tag: string }
  expect(message.title).toBe(`Remy F. invited you to Push ${stamp}`)
  expect(message.url).toMatch(/^\/join\/[A-Z0-9]{8}$/)

  // The service worker shows it: the push is delivered to it as the browser would.
  const cdp = await ctx.newCDPSession(page)
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const r = registrations.find((x) => x.scopeURL.endsWith('/') && !x.isDeleted)
      if (r) resolve(r.registrationId)
    })
  })
  await cdp.send('ServiceWorker.enable')
  const deliver = async () =>
    cdp.send('ServiceWorker.deliverPushMessage', { origin: new URL(page.url()).origin, registrationId: await registrationId, data: decrypt(push.body, keys) })
  await deliver()
  // A push handed to a worker that is being started or replaced can be dropped (the browser would retry it;
  // DevTools does not): hand it again while nothing is shown. The push has a tag, so a second one replaces
  // the first notification rather than adding one.
  await expect
    .poll(
      async () => {
        const shown = await page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => [n.title, n.body, (n.data as { url: string }).url]))
        if (shown.length === 0) await deliver()
        return shown
      },
      { timeout: 30_000 },
    )
    .toEqual([[message.title, message.body, message.url]])

  // Signing out ends the device's subscription on the server.
  const deleted = page.waitForRequest((r) => r.method() === 'DELETE' && r.url().includes('/api/push/subscriptions'))
  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
  expect(new URL((await deleted).url()).searchParams.get('endpoint')).toBe(endpoint)
  await expect(page).toHaveURL(/\/$/)
  await ctx.close()
  await pushService.close()
})
