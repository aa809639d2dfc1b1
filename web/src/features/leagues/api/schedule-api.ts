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

/** GET /api/nfl/schedule: the NFL seasons with games (latest first) and the one to open on (null without games). */
export interface NflSeasons {
  seasons: number[]
  current: number | null
}

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
