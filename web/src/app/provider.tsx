import { useEffect, useState, type ReactNode } from 'react'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { Toaster } from '@/components/ui/sonner'
import { isAuthNoise } from '@/lib/api'
import { useReloadOnMissingCode } from '@/lib/chunk-reload'
import { LeagueProvider } from '@/lib/leagues'
import { createQueryClient } from '@/lib/query-client'
import { useUser } from '@/lib/auth'
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
}: {
  children: ReactNode
  queryClient?: QueryClient
  /** An admin call answered that the admin must set up two-factor sign-in first. */
  onTwoFactorRequired?: () => void
}) {
  const [client] = useState(() => queryClient ?? createQueryClient({ onTwoFactorRequired }))
  useSilenceAuthRejections()
  useReloadOnMissingCode()
  return (
    <QueryClientProvider client={client}>
      <RealtimeProvider>
        <RealtimeFollowsUser />
        <LeagueProvider>
          {children}
          <Toaster />
        </LeagueProvider>
      </RealtimeProvider>
    </QueryClientProvider>
  )
}
