import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, ApiError } from '@/lib/api'
import { queryTimes } from '@/lib/query-client'
import { queryKeys } from '@/lib/query-keys'
import type { Cell, Pool, Square, Winner } from '@/lib/types'
import { mergeSquares, writeLive } from './pool-cache'
import type { BeaconChain, ClaimAnswer } from '@/lib/api.gen'

export type { ClaimAnswer }

// A pool page re-reads a stale pool when it opens (e.g. back from checkout, whose purchase marked it stale);
// fresh data (10 s) is reused.
export function usePool(id: number, enabled: boolean) {
  return useQuery<Pool | null>({ queryKey: queryKeys.pools.detail(id), enabled, ...queryTimes.pool, refetchOnMount: true })
}

/** Taken and held squares; kept current by live updates, and re-read on the pool's interval as a fallback. */
export function usePoolSquares(id: number, enabled: boolean) {
  return useQuery<Square[] | null>({ queryKey: queryKeys.pools.squares(id), enabled, ...queryTimes.pool, refetchOnMount: true })
}

/**
 * The pool's period winners, once its numbers are drawn (none before). The pool page re-reads them when a
 * live update says the pool or its game changed (usePoolLive).
 */
export function usePoolWinners(id: number, enabled: boolean) {
  return useQuery<Winner[] | null>({ queryKey: queryKeys.pools.winners(id), enabled, ...queryTimes.pool })
}

export interface ClaimResult {
  claimed: Square[]
  pool: Pool | null
  /** Set when a claim after the first failed: the earlier squares are still the player's. */
  error: unknown
}

/**
 * Claims squares of a FREE pool: one POST /api/pools/{id}/squares per square, in order. Stops at the first
 * refusal; when nothing was claimed the mutation fails with that error.
 */
export function useClaimSquares(poolId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (cells: Cell[]): Promise<ClaimResult> => {
      const claimed: Square[] = []
      let pool: Pool | null = null
      for (const cell of cells) {
        try {
          const answer = await api.post<ClaimAnswer>(`/api/pools/${poolId}/squares`, { row: cell.row, column: cell.column })
          claimed.push(answer.square)
          pool = answer.pool
        } catch (error) {
          if (claimed.length === 0) throw error
          return { claimed, pool, error }
        }
      }
      return { claimed, pool, error: null }
    },
    onSuccess: ({ claimed, pool }) => {
      writeLive<Square[] | null>(queryClient, queryKeys.pools.squares(poolId), (old) => mergeSquares(old, claimed, []))
      if (pool) writeLive<Pool | null>(queryClient, queryKeys.pools.detail(poolId), pool)
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.pools.all })
      void queryClient.invalidateQueries({ queryKey: queryKeys.user.pools })
      void queryClient.invalidateQueries({ queryKey: queryKeys.user.myPools })
    },
  })
}

/**
 * The drand chain the server draws with (GET /api/beacon/chain), for checking a beacon signature of a chain
 * the app does not know; null when the server's beacon is off (404). Read once per check, not cached: the
 * Verify panel asks only when it opens on such a pool.
 */
export async function fetchBeaconChain(): Promise<BeaconChain | null> {
  try {
    return await api.get<BeaconChain>('/api/beacon/chain')
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null
    throw err
  }
}
