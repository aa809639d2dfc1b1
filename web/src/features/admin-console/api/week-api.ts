import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { queryKeys } from '@/lib/query-keys'
import type { ActiveWeek } from '@/lib/api.gen'

export type { ActiveWeek }

/** The week codes an NFL active week may take (decisions: HOF, PS1-PS4, W1-W18, WC, DIV, CONF, SB). */
export const WEEK_OPTIONS = [
  'HOF',
  'PS1',
  'PS2',
  'PS3',
  'PS4',
  ...Array.from({ length: 18 }, (_, i) => `W${i + 1}`),
  'WC',
  'DIV',
  'CONF',
  'SB',
] as const

export function useSetActiveWeek() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ leagueId, week }: { leagueId: number; week: string }) => api.post<ActiveWeek>(`/api/leagues/${leagueId}/active-week`, { week }),
    onSuccess: (_, { leagueId }) => {
      void qc.invalidateQueries({ queryKey: queryKeys.leagues.activeWeek(leagueId) })
      void qc.invalidateQueries({ queryKey: queryKeys.leagues.all })
      void qc.invalidateQueries({ queryKey: queryKeys.pools.all })
    },
  })
}
