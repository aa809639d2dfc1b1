import { useCallback, useEffect, useRef, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { ApiError, errorMessage } from '@/lib/api'
import { useUser } from '@/lib/auth'
import { useServerConfig } from '@/lib/config'
import { currentSubscription, forgetPushDevice, pushOwner, pushSupported, rememberPushOwner } from '@/lib/push-device'
import { queryKeys } from '@/lib/query-keys'
import { applicationServerKey, saveSubscription, usePushDevices } from '../api/push-api'

/**
 * Where this device stands with push notifications:
 * - unsupported: the browser has no web push; needs-install: iPhone and iPad get it in the app added to
 *   the Home Screen only;
 * - denied: the player blocked notifications for the site; off / on: this device gets none / gets them.
 */
export type PushState = 'loading' | 'unsupported' | 'needs-install' | 'denied' | 'off' | 'on'

function appleMobile(): boolean {
  const ua = navigator.userAgent
  return /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1)
}

function standalone(): boolean {
  return window.matchMedia?.('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true
}

const READY_TIMEOUT_MS = 10_000

/** The service worker, once it is active; an error when it does not come. */
async function readyWorker(): Promise<ServiceWorkerRegistration> {
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error("Notifications need the app's service worker, which is not running. Reload the page and try again.")), READY_TIMEOUT_MS),
  )
  return Promise.race([navigator.serviceWorker.ready, timeout])
}

/** What to tell the player when turning notifications on failed. */
function turnOnError(err: unknown): string {
  const name = err instanceof Error ? err.name : ''
  if (name === 'NotAllowedError') return "Notifications are blocked for this site. Allow them in your browser's site settings, then try again."
  // The browser could not reach its push service (offline, or a network that blocks it).
  if (name === 'AbortError' || name === 'InvalidStateError') return "This browser's notification service could not be reached. Check your connection and try again."
  if (err instanceof ApiError) return errorMessage(err, 'Notifications could not be turned on. Please try again.')
  return err instanceof Error && err.message ? err.message : 'Notifications could not be turned on. Please try again.'
}

/** This device's push notifications: their state, and turning them on and off. */
export function usePushNotifications() {
  const { user } = useUser()
  const { config } = useServerConfig()
  const queryClient = useQueryClient()
  const key = config?.vapidPublicKey ?? null
  const player = !!user && user.role !== 'admin'
  const devices = usePushDevices(player && !!key)
  const [endpoint, setEndpoint] = useState<string | null | undefined>(undefined)
  const [permission, setPermission] = useState<NotificationPermission>(() => (pushSupported() ? Notification.permission : 'default'))
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const renewed = useRef(false)

  const readBrowser = useCallback(async () => {
    const sub = await currentSubscription().catch(() => null)
    setEndpoint(sub?.endpoint ?? null)
    if (pushSupported()) setPermission(Notification.permission)
    return sub
  }, [])

  useEffect(() => {
    if (!pushSupported()) return
    let live = true
    void currentSubscription()
      .catch(() => null)
      .then((sub) => {
        if (live) setEndpoint(sub?.endpoint ?? null)
      })
    return () => {
      live = false
    }
  }, [])

  const known = !!endpoint && !!devices.data?.some((d) => d.endpoint === endpoint)

  // The same player signed in again on this device (the session that subscribed it has ended): the
  // subscription is tied to this session again, once.
  useEffect(() => {
    if (renewed.current || !user || !endpoint || !devices.isSuccess || known || permission !== 'granted') return
    if (pushOwner() !== String(user.id)) return
    renewed.current = true
    void currentSubscription()
      .then((sub) => (sub ? saveSubscription(sub) : undefined))
      .then(() => queryClient.invalidateQueries({ queryKey: queryKeys.pushSubscriptions }))
      .catch(() => {})
  }, [user, endpoint, devices.isSuccess, known, permission, queryClient])

  let state: PushState
  if (!pushSupported()) state = appleMobile() && !standalone() ? 'needs-install' : 'unsupported'
  else if (permission === 'denied') state = 'denied'
  else if (endpoint === undefined || devices.isLoading) state = 'loading'
  else state = known && permission === 'granted' ? 'on' : 'off'

  const turnOn = useCallback(async () => {
    if (!key || !user) return
    setBusy(true)
    setError(null)
    try {
      const asked = await Notification.requestPermission()
      setPermission(asked)
      if (asked !== 'granted') {
        if (asked === 'default') setError('Notifications stay off: the browser was not allowed to show them.')
        return
      }
      const reg = await readyWorker()
      // A fresh subscription, with this server's key: an old one may be dead, or made for another key.
      const old = await reg.pushManager.getSubscription()
      if (old) await old.unsubscribe().catch(() => false)
      const sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey(key) })
      await saveSubscription(sub)
      rememberPushOwner(user.id)
      setEndpoint(sub.endpoint)
      await queryClient.invalidateQueries({ queryKey: queryKeys.pushSubscriptions })
    } catch (err) {
      setError(turnOnError(err))
      await readBrowser()
    } finally {
      setBusy(false)
    }
  }, [key, user, queryClient, readBrowser])

  const turnOff = useCallback(async () => {
    setBusy(true)
    setError(null)
    try {
      await forgetPushDevice()
      setEndpoint(null)
      await queryClient.invalidateQueries({ queryKey: queryKeys.pushSubscriptions })
    } finally {
      setBusy(false)
    }
  }, [queryClient])

  return { available: player && !!key, state, busy, error, turnOn, turnOff }
}
