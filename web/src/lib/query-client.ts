import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import { ApiError, getQueryFn, isSessionEnded } from './api'
import { authKeys, sessionEnded } from './auth'

const DAY = 24 * 60 * 60 * 1000

// Defaults from spec section 9: no refetch on focus, mount, reconnect or interval; data never stale;
// unused cache kept 24 h; no retries. Individual queries override (section 7).
// A 401 from any call but the current-user lookup and the sign-in forms means the session ended on the
// server (expired, signed out elsewhere): the user becomes null, so screens show their signed-out view
// instead of empty lists. A 403 `two_factor_required` (SQUARES_ADMIN_2FA=1, an admin without two-factor
// sign-in yet) calls `onTwoFactorRequired`, which sends the admin to the Security screen.
export function createQueryClient({ onTwoFactorRequired }: { onTwoFactorRequired?: () => void } = {}) {
  const onCallError = (err: unknown) => {
    if (isSessionEnded(err)) sessionEnded(client)
    else if (err instanceof ApiError && err.status === 403 && err.code === 'two_factor_required') onTwoFactorRequired?.()
  }
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: onCallError }),
    mutationCache: new MutationCache({ onError: onCallError }),
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({
          on401: 'returnNull',
          onUnauthorized: (key) => {
            if (key[0] !== authKeys.user[0]) sessionEnded(client)
          },
        }),
        refetchOnWindowFocus: false,
        refetchOnMount: false,
        refetchOnReconnect: false,
        refetchInterval: false,
        staleTime: Infinity,
        gcTime: DAY,
        retry: false,
        // An errored query is not re-fetched just because another component mounts (avoids request storms
        // when the server is down); lists refresh on their interval and screens offer "Try again".
        retryOnMount: false,
      },
      mutations: { retry: false },
    },
  })
  return client
}

export const queryTimes = {
  day: DAY,
  leagues: { staleTime: DAY, gcTime: DAY },
  poolList: { refetchInterval: 30_000, staleTime: 5 * 60_000 },
  pool: { refetchInterval: 30_000, staleTime: 10_000 },
  userPools: { refetchInterval: 30_000, staleTime: 30_000 },
  stats: { staleTime: 30_000 },
} as const
