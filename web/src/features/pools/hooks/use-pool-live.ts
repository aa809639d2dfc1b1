import { useQueryClient } from '@tanstack/react-query'
import { useRealtimeMessages, useRealtimeTopics, type RealtimeMessage } from '@/lib/realtime'
import type { Cell, Pool, Square } from '@/lib/types'
import { applyGameUpdate, mergePool, mergeSquares, writeLive } from '../api/pool-cache'
import { queryKeys } from '@/lib/query-keys'

export interface SquaresChange {
  squares: Square[]
  released: Cell[]
  /** The squares as they were before the change. */
  before: Square[]
}

function isCell(v: unknown): v is Cell {
  return !!v && typeof v === 'object' && Number.isInteger((v as Cell).row) && Number.isInteger((v as Cell).column)
}

/**
 * Keeps a pool page live: watches the pool and its game on the shared socket, merges `poolUpdate` squares
 * (taken or held) and `released` cells into the squares cache, replaces the pool with the pushed copy, and
 * applies `gameUpdate` scores. Any update of the pool or its game may have ended a period, so the pool's
 * winners are re-read then. After a reconnect (updates may have been missed) it re-reads all three.
 */
export function usePoolLive({
  poolId,
  gameId,
  userId,
  onSquaresChange,
}: {
  poolId: number
  gameId?: number | null
  userId?: string | null
  onSquaresChange?: (change: SquaresChange) => void
}) {
  const queryClient = useQueryClient()
  useRealtimeTopics({ poolId: poolId || null, gameId: gameId || null })

  // A query not in use (a pool not drawn yet) is only marked stale: nothing is fetched for it.
  const rereadWinners = () => void queryClient.invalidateQueries({ queryKey: queryKeys.pools.winners(poolId), exact: true })
  const rereadSquares = () => void queryClient.invalidateQueries({ queryKey: queryKeys.pools.squares(poolId), exact: true })

  const handle = (msg: RealtimeMessage) => {
    if (msg.type === 'poolUpdate' && Number(msg.poolId) === poolId) {
      rereadWinners()
      const incoming = Array.isArray(msg.squares) ? msg.squares.filter(isCell) : []
      const released = Array.isArray(msg.released) ? msg.released.filter(isCell) : []
      let mine: number | undefined
      if (incoming.length > 0 || released.length > 0) {
        const before = queryClient.getQueryData<Square[] | null>(queryKeys.pools.squares(poolId))
        if (before) {
          const next = mergeSquares(before, incoming, released)
          writeLive<Square[] | null>(queryClient, queryKeys.pools.squares(poolId), next)
          if (userId) mine = next.filter((s) => s.userId === userId && (s.status ?? 'owned') === 'owned').length
          onSquaresChange?.({ squares: incoming, released, before })
          // In a host pool the viewer's answer says which squares are paid, which the socket's cannot: read it
          // again (the merge above cancelled any read under way, which may have been the one that knew).
          if (queryClient.getQueryData<Pool | null>(queryKeys.pools.detail(poolId))?.collection === 'host') rereadSquares()
        } else {
          // Not loaded yet: let the query read the whole list.
          rereadSquares()
        }
      }
      if (msg.pool && typeof msg.pool === 'object') {
        const pushed = msg.pool
        writeLive<Pool | null>(queryClient, queryKeys.pools.detail(poolId), (old) => mergePool(old, pushed, mine))
      }
      if (msg.gameUpdate && typeof msg.gameUpdate === 'object') {
        const update = msg.gameUpdate
        writeLive<Pool | null>(queryClient, queryKeys.pools.detail(poolId), (old) => (old ? applyGameUpdate(old, update) : old))
      }
      return
    }
    if (msg.type === 'gameUpdate' && gameId && Number(msg.gameId) === gameId) {
      rereadWinners()
      const update = msg
      writeLive<Pool | null>(queryClient, queryKeys.pools.detail(poolId), (old) => (old ? applyGameUpdate(old, update) : old))
    }
  }

  useRealtimeMessages(handle, () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.pools.detail(poolId), exact: true })
    void queryClient.invalidateQueries({ queryKey: queryKeys.pools.squares(poolId), exact: true })
    rereadWinners()
  })
}
