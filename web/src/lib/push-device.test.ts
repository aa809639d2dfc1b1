import { afterEach, describe, expect, it, vi } from 'vitest'
import { stubFetch, urlOf } from '@/test/utils'
import { forgetPushDevice, pushOwner, rememberPushOwner } from './push-device'

const ENDPOINT = 'https://updates.push.services.mozilla.com/wpush/v2/abc'

function browserWith(sub: { endpoint: string; unsubscribe: () => Promise<boolean> } | null) {
  const registration = { pushManager: { getSubscription: () => Promise.resolve(sub) } }
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { getRegistration: () => Promise.resolve(registration) } })
  vi.stubGlobal('PushManager', class {})
  vi.stubGlobal('Notification', { permission: 'granted' })
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker')
})

describe('forgetPushDevice (sign-out)', () => {
  it('has the server forget the device, then unsubscribes the browser and forgets who turned it on', async () => {
    const unsubscribe = vi.fn(() => Promise.resolve(true))
    browserWith({ endpoint: ENDPOINT, unsubscribe })
    const mock = stubFetch({ [`DELETE /api/push/subscriptions?endpoint=${encodeURIComponent(ENDPOINT)}`]: { status: 204 } })
    rememberPushOwner('12')
    await forgetPushDevice()
    expect(mock.mock.calls.map(([u, init]) => `${init?.method} ${urlOf(u)}`)).toEqual([
      `DELETE /api/push/subscriptions?endpoint=${encodeURIComponent(ENDPOINT)}`,
    ])
    expect(unsubscribe).toHaveBeenCalledOnce()
    expect(pushOwner()).toBeNull()
  })

  it('unsubscribes even when the server refuses, and never holds sign-out up for long', async () => {
    const unsubscribe = vi.fn(() => Promise.resolve(true))
    browserWith({ endpoint: ENDPOINT, unsubscribe })
    stubFetch({})
    await forgetPushDevice()
    expect(unsubscribe).toHaveBeenCalledOnce()

    vi.stubGlobal('fetch', vi.fn(() => new Promise(() => {})))
    const started = Date.now()
    await forgetPushDevice(200)
    expect(Date.now() - started).toBeLessThan(2000)
  })

  it('does nothing without a subscription or a service worker', async () => {
    const mock = stubFetch({})
    browserWith(null)
    await forgetPushDevice()
    Reflect.deleteProperty(navigator, 'serviceWorker')
    await forgetPushDevice()
    expect(mock).not.toHaveBeenCalled()
  })
})
