import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { queryKeys } from '@/lib/query-keys'
import type { PushDevice } from '@/lib/types'

/** The signed-in player's devices subscribed to push notifications. */
export function usePushDevices(enabled: boolean) {
  return useQuery<PushDevice[]>({ queryKey: queryKeys.pushSubscriptions, enabled })
}

/** Sends the browser's subscription to the server: 201 new, 200 renewed. */
export function saveSubscription(sub: PushSubscription) {
  return api.post<PushDevice>('/api/push/subscriptions', sub.toJSON())
}

/** The VAPID key (base64url) as PushManager.subscribe takes it. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4)
  const raw = atob(b64)
  const out = new Uint8Array(new ArrayBuffer(raw.length))
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i)
  return out
}
