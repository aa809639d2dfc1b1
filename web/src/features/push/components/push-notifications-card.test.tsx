import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { player, renderPage, stubFetch, urlOf } from '@/test/utils'
import { PushNotificationsCard } from './push-notifications-card'

// The browser's side of web push, as Chrome has it: a service worker registration whose push manager
// subscribes with the server's key, and the Notification permission.
const KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U'
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/device-1'

function fakeSubscription(endpoint = ENDPOINT) {
  return {
    endpoint,
    options: {},
    toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: 'BPUB', auth: 'AUTH' } }),
    unsubscribe: vi.fn(() => Promise.resolve(true)),
  }
}

type Sub = ReturnType<typeof fakeSubscription>

function fakeBrowser({ permission = 'default', existing = null as Sub | null, grant = 'granted' } = {}) {
  let current = existing
  const pushManager = {
    getSubscription: vi.fn(() => Promise.resolve(current)),
    subscribe: vi.fn((opts: { applicationServerKey: Uint8Array }) => {
      void opts
      current = fakeSubscription()
      return Promise.resolve(current)
    }),
  }
  const registration = { pushManager }
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: () => Promise.resolve(registration), ready: Promise.resolve(registration) },
  })
  const notification = { permission, requestPermission: vi.fn(() => Promise.resolve(grant)) }
  vi.stubGlobal('Notification', notification)
  vi.stubGlobal('PushManager', class {})
  return { pushManager, notification, current: () => current }
}

function serverWith(devices: string[]) {
  const state = { devices: [...devices] }
  const mock = stubFetch({
    'GET /api/config': { body: { devMode: false, paymentsProvider: 'sandbox', stripePublishableKey: null, vapidPublicKey: KEY } },
    'GET /api/push/subscriptions': () => ({ body: state.devices.map((endpoint, i) => ({ id: i + 1, endpoint, userAgent: 'test', createdAt: '', updatedAt: '' })) }),
    'POST /api/push/subscriptions': (body) => {
      state.devices.push((body as { endpoint: string }).endpoint)
      return { status: 201, body: { id: 9, endpoint: (body as { endpoint: string }).endpoint } }
    },
    [`DELETE /api/push/subscriptions?endpoint=${encodeURIComponent(ENDPOINT)}`]: () => {
      state.devices = []
      return { status: 204 }
    },
  })
  return { mock, state }
}

beforeEach(() => localStorage.clear())
afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker')
})

describe('PushNotificationsCard', () => {
  it("turns notifications on: asks the browser, subscribes with the server's key and sends the subscription", async () => {
    const browser = fakeBrowser()
    const { mock } = serverWith([])
    renderPage(<PushNotificationsCard />, { user: player })
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on notifications' }))

    expect(await screen.findByText(/Notifications are on for this device/)).toBeInTheDocument()
    expect(browser.notification.requestPermission).toHaveBeenCalledOnce()
    const key = browser.pushManager.subscribe.mock.calls[0][0].applicationServerKey
    expect(key).toHaveLength(65)
    expect(key[0]).toBe(4)
    const post = mock.mock.calls.find(([u, init]) => urlOf(u).endsWith('/api/push/subscriptions') && init?.method === 'POST')
    expect(JSON.parse(post![1]!.body as string)).toEqual({ endpoint: ENDPOINT, expirationTime: null, keys: { p256dh: 'BPUB', auth: 'AUTH' } })
    expect(localStorage.getItem('squares:push-owner')).toBe(player.id)
  })

  it('turns them off: the server forgets the device and the browser unsubscribes', async () => {
    const existing = fakeSubscription()
    fakeBrowser({ permission: 'granted', existing })
    const { mock } = serverWith([ENDPOINT])
    renderPage(<PushNotificationsCard />, { user: player })
    await userEvent.click(await screen.findByRole('button', { name: 'Turn off notifications' }))
    expect(await screen.findByRole('button', { name: 'Turn on notifications' })).toBeInTheDocument()
    expect(existing.unsubscribe).toHaveBeenCalled()
    expect(mock.mock.calls.some(([u, init]) => init?.method === 'DELETE' && urlOf(u).includes(encodeURIComponent(ENDPOINT)))).toBe(true)
  })

  it('says so when the player does not allow notifications', async () => {
    fakeBrowser({ grant: 'denied' })
    serverWith([])
    renderPage(<PushNotificationsCard />, { user: player })
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on notifications' }))
    expect(await screen.findByText(/Notifications are blocked for this site/)).toBeInTheDocument()
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
  })

  it("shows a subscription this device has but the server does not know as off, and renews the same player's", async () => {
    const existing = fakeSubscription()
    fakeBrowser({ permission: 'granted', existing })
    localStorage.setItem('squares:push-owner', player.id)
    const { state } = serverWith([])
    renderPage(<PushNotificationsCard />, { user: player })
    await waitFor(() => expect(state.devices).toEqual([ENDPOINT]))
    expect(await screen.findByRole('button', { name: 'Turn off notifications' })).toBeInTheDocument()
  })

  it("does not hand another player's subscription on this browser to whoever signs in", async () => {
    fakeBrowser({ permission: 'granted', existing: fakeSubscription() })
    localStorage.setItem('squares:push-owner', 'someone-else')
    const { state } = serverWith([])
    renderPage(<PushNotificationsCard />, { user: player })
    expect(await screen.findByRole('button', { name: 'Turn on notifications' })).toBeInTheDocument()
    expect(state.devices).toEqual([])
  })

  it('explains browsers without web push, and the Home Screen on iPhone', async () => {
    serverWith([])
    renderPage(<PushNotificationsCard />, { user: player })
    expect(await screen.findByText(/This browser cannot show notifications/)).toBeInTheDocument()

    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1')
    renderPage(<PushNotificationsCard />, { user: player })
    expect(await screen.findByText(/add Squares to your Home Screen/)).toBeInTheDocument()
    vi.restoreAllMocks()
  })

  it('shows nothing signed out, to admins, or when the server has no key', async () => {
    fakeBrowser()
    serverWith([])
    const { container } = renderPage(<PushNotificationsCard />, { user: null })
    const admin = renderPage(<PushNotificationsCard />, { user: { ...player, role: 'admin' } })
    const noKey = stubFetch({ 'GET /api/config': { body: { devMode: false, paymentsProvider: 'sandbox', stripePublishableKey: null, vapidPublicKey: null } } })
    const nokey = renderPage(<PushNotificationsCard />, { user: player })
    await waitFor(() => expect(noKey).toHaveBeenCalled())
    await new Promise((r) => setTimeout(r, 100))
    expect(container.querySelector('[data-testid="push-card"]')).toBeNull()
    expect(admin.container.querySelector('[data-testid="push-card"]')).toBeNull()
    expect(nokey.container.querySelector('[data-testid="push-card"]')).toBeNull()
  })
})
