import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { queryKeys } from '@/lib/query-keys'
import type { Game } from '@/lib/types'
import type { Rules, RulesPreset } from '@/lib/api.gen'
import type { CreatedPrivatePool, Invitation, InvitedPool, JoinedPool, PoolInvitations, PoolMember } from '@/lib/api.gen'

export type { CreatedPrivatePool, Invitation, InvitedPool, PoolInvitations, PoolMember }

/** What POST /api/pools/private takes. */
export interface CreatePrivatePoolInput {
  gameId: number
  name: string
  entryFee: number
  maxSquaresPerPlayer: number
  inviteEmails: string[]
  /** Today's payout schedule ("25/25/25/25"), sent beside rules that are only such a schedule. */
  payoutSchedule?: string
  /** The pool's rules (issue 22); absent for today's defaults. */
  rules?: Rules
  /** "host": the host collects the money outside Squares (absent: by card, through Squares). */
  collection?: 'card' | 'host'
  paymentInstructions?: string
  /** RFC 3339; absent for the server's default (24 hours before kickoff). */
  payBy?: string
}

/** The pool an invite code leads to, for anyone holding it; a code that leads nowhere is a 404 error. */
export function useInvitedPool(code: string) {
  return useQuery<InvitedPool>({ queryKey: queryKeys.invitations.detail(code.toUpperCase()), enabled: code !== '', staleTime: 30_000 })
}

/** The rules offered by name for a league's pools ("Standard", "20/30/20/30", "Every score", "Reverse"). */
export function useRulesPresets(leagueId: number | undefined) {
  return useQuery<RulesPreset[]>({ queryKey: queryKeys.rules.presets(leagueId ?? 0), enabled: leagueId !== undefined, staleTime: 60 * 60_000 })
}

/** The games a private pool can still be made on: scheduled, more than 2 hours before kickoff. */
export function useUpcomingGames() {
  return useQuery<Game[], Error, Game[]>({
    queryKey: queryKeys.games.list({}),
    select: (games) => {
      const cutoff = Date.now() + 2 * 60 * 60 * 1000
      return games
        .filter((g) => g.status?.toLowerCase() === 'scheduled' && Date.parse(g.gameDate) > cutoff)
        .sort((a, b) => Date.parse(a.gameDate) - Date.parse(b.gameDate))
    },
  })
}

function useInvalidateMyPools() {
  const qc = useQueryClient()
  return () => {
    void qc.invalidateQueries({ queryKey: queryKeys.user.pools })
    void qc.invalidateQueries({ queryKey: queryKeys.user.myPools })
  }
}

export function useCreatePrivatePool() {
  const invalidate = useInvalidateMyPools()
  return useMutation({
    mutationFn: (input: CreatePrivatePoolInput) => api.post<CreatedPrivatePool>('/api/pools/private', input),
    onSuccess: invalidate,
  })
}

export function useJoinPool() {
  const qc = useQueryClient()
  const invalidate = useInvalidateMyPools()
  return useMutation({
    mutationFn: (inviteCode: string) => api.post<JoinedPool>('/api/pools/join', { inviteCode }),
    onSuccess: ({ pool }) => {
      invalidate()
      qc.setQueryData(queryKeys.pools.detail(pool.id), pool)
    },
  })
}

export function usePoolInvitations(poolId: number) {
  return useQuery<PoolInvitations>({ queryKey: queryKeys.pools.invitations(poolId), refetchInterval: 30_000 })
}

/** Resends or revokes one invitation, then re-reads the list. */
export function useChangeInvitation(poolId: number) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'resend' | 'revoke' }) =>
      action === 'resend'
        ? api.post<Invitation>(`/api/pools/${poolId}/invitations/${id}/resend`)
        : api.del<Invitation>(`/api/pools/${poolId}/invitations/${id}`),
    onSettled: () => void qc.invalidateQueries({ queryKey: queryKeys.pools.invitations(poolId) }),
  })
}
