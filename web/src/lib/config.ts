import { useQuery } from '@tanstack/react-query'
import type { ServerConfig } from './types'
import { queryKeys } from './query-keys'

/** Server configuration (dev mode, payment provider, support address). Missing or failing: treated as production. */
export function useServerConfig() {
  const q = useQuery<ServerConfig | null>({ queryKey: queryKeys.config })
  return {
    config: q.data ?? null,
    devMode: q.data?.devMode === true,
    testPayments: q.data?.testPayments === true,
    supportEmail: q.data?.supportEmail || null,
    isLoading: q.isLoading,
  }
}
