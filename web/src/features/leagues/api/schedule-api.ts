import { useQuery } from '@tanstack/react-query'
import { queryKeys } from '@/lib/query-keys'

/** A pool a schedule links its game to. */
export interface SchedulePool {
  id: number
  name: string
  entryFee: string
  status: string
  currentParticipants: number
}

/** An item of GET /api/nfl/schedule/{season} and GET /api/schedule/{league} (docs/api.md). */
export interface ScheduleGame {
  id: number
  leagueId: number
  season: number
  week: string
  weekLabel: string
  date: string
  time: string
  gameDate: string
  home: string
  away: string
  homeAbbr: string
  awayAbbr: string
  homeColor: string
  awayColor: string
  venue: string
  status: string
  homeScore: number | null
  awayScore: number | null
  quarter: number
  pools: SchedulePool[]
}

/** The season the NFL schedule page shows. */
export const NFL_SEASON = 2025

const fresh = { staleTime: 60_000 }

export function useNflSchedule(season = NFL_SEASON) {
  return useQuery<ScheduleGame[] | null>({ queryKey: queryKeys.schedule.nfl(season), ...fresh })
}

/** A league's schedule by its code; an unknown league is a 404 error. */
export function useLeagueSchedule(code: string) {
  return useQuery<ScheduleGame[] | null>({ queryKey: queryKeys.schedule.league(code.toLowerCase()), enabled: code !== '', ...fresh })
}
