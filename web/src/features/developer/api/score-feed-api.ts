import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { loggedCall, type RecordCall } from './logged-call'
import { queryKeys } from '@/lib/query-keys'
import type { FeedPoll, FeedStatus, GameDetails, PeriodScore as PeriodEnd, ScoreCalculation, ScoreUpdate } from '@/lib/api.gen'

export type { FeedPoll, FeedStatus, GameDetails, PeriodEnd, ScoreCalculation }

// The score feed and live-game developer calls (docs/api.md "Developer test calls", development mode
// only). Queries use the app's key-as-path convention (lib/api keyToUrl); the page's actions go through
// the response log.

export interface ScoreUpdateBody {
  gameId: number
  homeScore: number
  awayScore: number
  quarter: number
  status: string
}

/** The feed's status, refreshed every 15 s; admins only (a player would get 403, so it is not asked). */
export function useFeedStatus(enabled = true) {
  return useQuery<FeedStatus | null>({ queryKey: queryKeys.developer.feedStatus, refetchInterval: 15_000, staleTime: 0, refetchOnMount: true, enabled })
}

/** Our live games with their scores, refreshed every 15 s. */
export function useLiveGames() {
  return useQuery<GameDetails[] | null>({ queryKey: queryKeys.developer.liveGames, refetchInterval: 15_000, staleTime: 0, refetchOnMount: true })
}

/** A call whose answer changes scores: the status and the live games are read again after it. */
function useRefreshAfter() {
  const queryClient = useQueryClient()
  return () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.developer.feedStatus })
    void queryClient.invalidateQueries({ queryKey: queryKeys.developer.liveGames })
  }
}

/** GET /api/test-nfl-api: polls the configured feed once now (422 with manual scores). */
export function usePollFeed(record: RecordCall) {
  const refresh = useRefreshAfter()
  return useMutation({ mutationFn: () => loggedCall<FeedPoll>(record, 'GET', '/api/test-nfl-api'), onSettled: refresh })
}

/** POST /api/simulate-score-update: a manual score update, as the admin's score entry without corrections. */
export function useSimulateScore(record: RecordCall) {
  const refresh = useRefreshAfter()
  return useMutation({
    mutationFn: (body: ScoreUpdateBody) => loggedCall<ScoreUpdate>(record, 'POST', '/api/simulate-score-update', body),
    onSettled: refresh,
  })
}

/** GET /api/game-details/{id} (a blank id is sent too: the server answers "Please enter a game ID"). */
export function useGameDetails(record: RecordCall) {
  return useMutation({
    mutationFn: (id: string) => loggedCall<GameDetails>(record, 'GET', `/api/game-details/${encodeURIComponent(id.trim())}`),
  })
}

/** GET /api/historical-games/{season}. */
export function useHistoricalGames(record: RecordCall) {
  return useMutation({
    mutationFn: (season: string) => loggedCall<GameDetails[]>(record, 'GET', `/api/historical-games/${encodeURIComponent(season.trim())}`),
  })
}

/** POST /api/test-score-calculation: which square of a pool a score would make the winner. */
export function useScoreCalculation(record: RecordCall) {
  return useMutation({
    mutationFn: (body: { homeScore: number; awayScore: number; poolId: number }) =>
      loggedCall<ScoreCalculation>(record, 'POST', '/api/test-score-calculation', body),
  })
}
