import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { queryKeys } from '@/lib/query-keys'

/** GET /api/admin/stats: real counts from the server (docs/api.md defines each figure). */
export interface AdminStats {
  totalUsers: number
  ageVerifiedUsers: number
  eligibleUsers: number
  adminUsers: number
  playersWithSquares: number
  /** Percent of registered players who own at least one square, one decimal. */
  conversionRate: number
  gamesReady: number
  totalPools: number
  poolsByStatus: Record<'draft' | 'active' | 'inactive' | 'full' | 'started' | 'completed' | 'cancelled', number>
  activePools: number
  draftPools: number
  completedPools: number
  /** Dollars as decimal strings. The entry fees taken in (net of refunds): the same as grossEntries. */
  totalRevenue: string
  revenueToday: string
  houseFees: string
  /** Money taken in: entry fees captured, net of refunds, in all and since midnight Eastern. */
  grossEntries: string
  grossEntriesToday: string
  /** What the house kept: its fees on settled pots, in all and since midnight Eastern. */
  houseRevenue: string
  houseRevenueToday: string
}

/** The admin figures, fresh for 30 s (spec section 9). */
export function useAdminStats() {
  return useQuery<AdminStats | null>({ queryKey: queryKeys.admin.stats, staleTime: 30_000, refetchOnMount: true })
}

/** LAUNCH 2025 SEASON: every draft pool goes live at once. */
export function useActivateSeason() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: () => api.post<{ activatedCount: number }>('/api/admin/activate-season'),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: queryKeys.admin.stats })
      void qc.invalidateQueries({ queryKey: queryKeys.pools.all })
    },
  })
}
