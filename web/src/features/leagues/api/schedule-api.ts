import { useQuery } from '@tanstack/react-query'
import { queryKeys } from '@/lib/query-keys'
import type { NFLSeasons as NflSeasons, ScheduleGame, SchedulePool } from '@/lib/api.gen'

export type { NflSeasons, ScheduleGame, SchedulePool }

const fresh = { staleTime: 60_000 }

export function useNflSeasons() {
  return useQuery<NflSeasons | null>({ queryKey: queryKeys.schedule.nflSeasons, ...fresh })
}

/** The NFL games of a season; nothing is asked before the season is known. */
export function useNflSchedule(season: number | null) {
  return useQuery<ScheduleGame[] | null>({ queryKey: queryKeys.schedule.nfl(season ?? 0), enabled: season !== null, ...fresh })
}

/** A league's schedule by its code; an unknown league is a 404 error. */
export function useLeagueSchedule(code: string) {
  return useQuery<ScheduleGame[] | null>({ queryKey: queryKeys.schedule.league(code.toLowerCase()), enabled: code !== '', ...fresh })
}
