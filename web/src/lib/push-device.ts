import { api } from './api'

// This browser's push subscription, shared by the push feature (turning notifications on and off) and
// sign-out (which ends it): a device gets notifications while its player is signed in on it.

/** Who turned notifications on in this browser: a later sign-in of the same player renews the subscription. */
const OWNER_KEY = 'squares:push-owner'

/** Whether this browser can receive web push at all. */
export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
}

/** The service worker's registration, or null when there is none (yet); never waits for one. */
export async function workerRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) return null
  return (await navigator.serviceWorker.getRegistration('/')) ?? null
}

/** This browser's current push subscription, or null. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const reg = await workerRegistration()
  return reg ? reg.pushManager.getSubscription() : null
}

export function rememberPushOwner(userId: string | number) {
  try {
    localStorage.setItem(OWNER_KEY, String(userId))
  } catch {
    // without storage, a later sign-in does not renew the subscription: the player turns it on again
  }
}

export function pushOwner(): string | null {
  try {
    return localStorage.getItem(OWNER_KEY)
  } catch {
    return null
  }
}

function forgetOwner() {
  try {
    localStorage.removeItem(OWNER_KEY)
  } catch {
    // nothing stored
  }
}

/**
 * Ends this browser's subscription: on the server (DELETE /api/push/subscriptions, while the session
 * still exists) and in the browser. Used by sign-out and by "Turn off"; gives up after `timeoutMs` so
 * that signing out never hangs on it (the server also ends the session's subscriptions at sign-out).
 */
export async function forgetPushDevice(timeoutMs = 3000): Promise<void> {
  const work = (async () => {
    const sub = await currentSubscription()
    forgetOwner()
    if (!sub) return
    try {
      await api.del(`/api/push/subscriptions?endpoint=${encodeURIComponent(sub.endpoint)}`)
    } finally {
      await sub.unsubscribe().catch(() => false)
    }
  })()
  await Promise.race([work.catch(() => {}), new Promise((resolve) => setTimeout(resolve, timeoutMs))])
}
