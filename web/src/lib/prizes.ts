import { useQuery } from '@tanstack/react-query'
import type { Prize } from './types'
import { queryKeys } from './query-keys'

// A player's prizes, shared by the Winnings list (my-pools), the dashboard's banner and the win toast
// (notifications): one query, one key, re-read when a win or a claim arrives over the socket.

// Money moves rarely and the player may have just won: re-read when a screen opens, and every minute.
const money = { refetchOnMount: true, staleTime: 10_000, refetchInterval: 60_000 } as const

/** GET /api/user/prizes (null when signed out). */
export function usePrizes(enabled: boolean) {
  return useQuery<Prize[] | null>({ queryKey: queryKeys.user.prizes, enabled, ...money })
}

/** Where a prize is claimed: its row in My Pools, Winnings, with the claim step open. */
export function claimPath(prizeId: number): string {
  return `/my-pools?tab=winnings&claim=${prizeId}`
}

/** "Q1 · Kansas City Chiefs @ Buffalo Bills · $10 Pool": what a prize was won for. */
export function prizeWonFor(p: Pick<Prize, 'periodLabel' | 'game' | 'poolName'>): string {
  return [p.periodLabel, p.game, p.poolName].filter(Boolean).join(' · ')
}

/** The prizes still to claim: unclaimed, with time left. */
export function unclaimedPrizes(prizes: Prize[] | null | undefined): Prize[] {
  return (prizes ?? []).filter((p) => p.status === 'unclaimed' && p.daysLeft > 0)
}

/** "30 days left to claim", "1 day left to claim". */
export function daysLeftText(days: number): string {
  return `${days} day${days === 1 ? '' : 's'} left to claim`
}
