import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { queryTimes } from '@/lib/query-client'
import { queryKeys } from '@/lib/query-keys'
import type { Assigned, Guest, HostPayment, HostPayments, PlayerAccount, PoolHistory, RemindersSent, TakenBack } from '@/lib/api.gen'
import type { Cell, Pool, Winner } from '@/lib/types'

export type { Assigned, Guest, HostPayment, HostPayments, PlayerAccount }

/** A player of a host pool as every host call names them: a member or a guest. */
export type PlayerRef = { userId: number } | { guestId: number }

/** The player an account is, as the calls name them. */
export function playerRef(p: Pick<PlayerAccount, 'userId' | 'guestId'>): PlayerRef {
  return p.userId !== null ? { userId: p.userId } : { guestId: p.guestId ?? 0 }
}

/** A stable key of a player ("u12", "g3") for lists and selects. */
export function playerKey(p: PlayerRef | Pick<PlayerAccount, 'userId' | 'guestId'>): string {
  return 'userId' in p && p.userId !== null && p.userId !== undefined ? `u${p.userId}` : `g${(p as { guestId: number }).guestId}`
}

/** Every player's account, for the host; re-read on the pool's interval (members claim squares meanwhile). */
export function useHostPayments(poolId: number, enabled: boolean) {
  return useQuery<HostPayments>({ queryKey: queryKeys.pools.payments(poolId), enabled, ...queryTimes.pool })
}

/** What was done in the pool, oldest first; read when the host opens it. */
export function usePoolHistory(poolId: number, enabled: boolean) {
  return useQuery<PoolHistory>({ queryKey: queryKeys.pools.history(poolId), enabled, ...queryTimes.pool })
}

/** The signed-in member's own account with the host. */
export function useOwnBalance(poolId: number, enabled: boolean) {
  return useQuery<PlayerAccount>({ queryKey: queryKeys.pools.ownBalance(poolId), enabled, ...queryTimes.pool })
}

/** What a caller hears of a mutation even when its component is gone by then (a square that completes the board). */
export interface HostCallbacks<In, Out> {
  onSuccess?: (out: Out, input: In) => void
  onError?: (err: Error, input: In) => void
}

/** A mutation of a host pool that re-reads what it changed once it settles. */
function useHostMutation<In, Out>(fn: (input: In) => Promise<Out>, changes: (poolId: number) => QueryKey[], poolId: number, callbacks: HostCallbacks<In, Out> = {}) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: fn,
    onSuccess: callbacks.onSuccess,
    onError: callbacks.onError,
    onSettled: () => {
      for (const key of changes(poolId)) void qc.invalidateQueries({ queryKey: key })
    },
  })
}

// A payment changes the accounts and which squares are paid.
const paymentsAndSquares = (id: number) => [queryKeys.pools.payments(id), queryKeys.pools.squares(id), queryKeys.pools.history(id)]
// A square given or taken back changes the pool (its count, its draw), its squares and the accounts.
const board = (id: number) => [queryKeys.pools.detail(id), queryKeys.user.pools, queryKeys.user.myPools]

export function useRecordPayment(poolId: number) {
  return useHostMutation(
    (input: PlayerRef & { amount: string; note: string }) => api.post<HostPayment>(`/api/pools/${poolId}/payments`, input),
    paymentsAndSquares,
    poolId,
  )
}

/** Records the correction that cancels an entry (the entry itself stays). */
export function useCorrectPayment(poolId: number) {
  return useHostMutation((paymentId: number) => api.del<HostPayment>(`/api/pools/${poolId}/payments/${paymentId}`), paymentsAndSquares, poolId)
}

export function useAddGuest(poolId: number) {
  return useHostMutation(
    (input: { name: string; email: string }) => api.post<Guest>(`/api/pools/${poolId}/guests`, input),
    (id) => [queryKeys.pools.payments(id), queryKeys.pools.invitations(id), queryKeys.pools.history(id)],
    poolId,
  )
}

/** What an assignment sends: the player and the squares, and the player's name for the screen (not sent). */
export type AssignInput = PlayerRef & ({ squares: Cell[] } | { random: number }) & { name: string }

/**
 * Gives squares to a player: the cells chosen on the board, or N at random. Its callbacks are the hook's,
 * so that they run even when the square that completes the board unmounts the form that gave it.
 */
export function useAssign(poolId: number, callbacks: HostCallbacks<AssignInput, Assigned> = {}) {
  return useHostMutation(
    ({ name: _name, ...body }: AssignInput) => api.post<Assigned>(`/api/pools/${poolId}/assign`, body),
    board,
    poolId,
    callbacks,
  )
}

export function useTakeBack(poolId: number) {
  return useHostMutation((cell: Cell) => api.del<TakenBack>(`/api/pools/${poolId}/squares/${cell.row}/${cell.column}`), board, poolId)
}

/** Changes the per-player limit (the host, until the first square is taken). */
export function useSetLimit(poolId: number) {
  return useHostMutation((maxSquaresPerPlayer: number) => api.patch<Pool>(`/api/pools/${poolId}`, { maxSquaresPerPlayer }), board, poolId)
}

export function useSendReminder(poolId: number) {
  return useHostMutation(() => api.post<RemindersSent>(`/api/pools/${poolId}/reminders`), (id) => [queryKeys.pools.history(id)], poolId)
}

/** Marks a period's prize paid by the host (periodLabel as the winners list labels it). */
export function useMarkPrizePaid(poolId: number) {
  return useHostMutation(
    (periodLabel: string) => api.post<Winner>(`/api/pools/${poolId}/winners/${encodeURIComponent(periodLabel)}/paid`),
    (id) => [queryKeys.pools.winners(id), queryKeys.pools.history(id)],
    poolId,
  )
}
