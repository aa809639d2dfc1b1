import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { isAuthNoise } from '@/lib/api'
import { whenIdle } from '@/lib/idle'
import { useReloadOnMissingCode } from '@/lib/chunk-reload'
import { LeagueProvider } from '@/lib/leagues'
import { seedFromPage } from '@/lib/page-data'
import { createQueryClient } from '@/lib/query-client'
import { authKeys, useUser } from '@/lib/auth'
import { RealtimeProvider, useRealtimeSession } from '@/lib/realtime'

/** Messages about 401 / Unauthorized / Not authenticated are ignored everywhere (spec section 8). */
function useSilenceAuthRejections() {
  useEffect(() => {
    const onRejection = (e: PromiseRejectionEvent) => {
      if (isAuthNoise(e.reason)) e.preventDefault()
    }
    window.addEventListener('unhandledrejection', onRejection)
    return () => window.removeEventListener('unhandledrejection', onRejection)
  }, [])
}

const Toaster = lazy(() => import('@/components/ui/sonner').then((m) => ({ default: m.Toaster })))

/**
 * The toasts' region, mounted once the page is first idle (browsers without requestIdleCallback, Safari, after
 * 1.5 s): sonner is a seventh of the app's first script, and no page needs it to draw. A toast raised before
 * it mounts (its code then already loaded by whoever raised it) is kept by sonner and shown when it does.
 */
function IdleToaster() {
  const [on, setOn] = useState(false)
  useEffect(() => whenIdle(() => setOn(true)), [])
  return on ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null
}

/** The live socket follows the signed-in user (sign in, sign out, a session that ended). */
function RealtimeFollowsUser() {
  const { user, isLoading } = useUser()
  useRealtimeSession(isLoading ? undefined : (user?.id ?? null))
  return null
}

export function AppProvider({
  children,
  queryClient,
  onTwoFactorRequired,
  signedOut = false,
}: {
  children: ReactNode
  queryClient?: QueryClient
  /** An admin call answered that the admin must set up two-factor sign-in first. */
  onTwoFactorRequired?: () => void
  /**
   * The viewer is known to be signed out (a visitor's prerendered page, which the server sends only to a
   * browser without a session cookie): the first render is the visitor's, as the page's HTML is, rather
   * than the spinner of the first lookup; the lookup still runs once the page is on screen.
   */
  signedOut?: boolean
}) {
  const [client] = useState(() => {
    const c = queryClient ?? createQueryClient({ onTwoFactorRequired })
    if (signedOut) c.setQueryData(authKeys.user, null)
    else seedFromPage(c)
    return c
  })
  useEffect(() => {
    if (signedOut) void client.refetchQueries({ queryKey: authKeys.user, exact: true })
  }, [client, signedOut])
  useSilenceAuthRejections()
  useReloadOnMissingCode()
  return (
    <QueryClientProvider client={client}>
      <RealtimeProvider>
        <RealtimeFollowsUser />
        <LeagueProvider>
          {children}
          <IdleToaster />
        </LeagueProvider>
      </RealtimeProvider>
    </QueryClientProvider>
  )
}
