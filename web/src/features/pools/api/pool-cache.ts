import type { QueryClient, QueryKey, Updater } from '@tanstack/react-query'
import type { Cell, Game, Pool, Square } from '@/lib/types'
import type { GameUpdateMessage } from '@/lib/api.gen'

export type { GameUpdateMessage }

// Updates of the cached pool and squares from live messages (docs/api.md "Live updates"): pure merges,
// and writeLive to put them in the cache.

/**
 * Writes a live change into the cache. A refetch already in flight read the server before the change,
 * so its answer would overwrite it: that fetch is cancelled first (synchronously; the interval or the
 * next reconnect reads again).
 */
export function writeLive<T>(queryClient: QueryClient, queryKey: QueryKey, update: Updater<T | undefined, T | undefined>) {
  void queryClient.cancelQueries({ queryKey, exact: true })
  queryClient.setQueryData<T>(queryKey, update)
}

const key = (c: Cell) => `${c.row}-${c.column}`

/**
 * Squares after a change: `incoming` (taken or held) replace what was at their cells, `released` are freed.
 * The socket's squares are the same for every viewer, so they never say `paid` (a host pool shows it to its
 * host and to each owner): a square already read as this viewer keeps it.
 */
export function mergeSquares(old: Square[] | null | undefined, incoming: readonly Square[], released: readonly Cell[]): Square[] {
  const byCell = new Map((old ?? []).map((s) => [key(s), s]))
  for (const c of released) byCell.delete(key(c))
  for (const s of incoming) {
    const was = byCell.get(key(s))
    byCell.set(key(s), s.paid === undefined && was?.paid !== undefined && was.id === s.id ? { ...s, paid: was.paid } : s)
  }
  return [...byCell.values()].sort((a, b) => a.row - b.row || a.column - b.column)
}

/**
 * The pool from a poolUpdate. The socket's copy is not personal (its userSquareCount is 0 and it never
 * carries an invite code), so those two stay as they were unless `mySquares` gives a fresh count.
 */
export function mergePool(old: Pool | null | undefined, incoming: Pool, mySquares?: number): Pool {
  return {
    ...incoming,
    game: incoming.game ?? old?.game ?? null,
    userSquareCount: mySquares ?? old?.userSquareCount ?? incoming.userSquareCount,
    inviteCode: incoming.inviteCode ?? old?.inviteCode ?? null,
  }
}

/** The pool with its game's new score, quarter and status (a whole `game` wins over the loose fields). */
export function applyGameUpdate(pool: Pool, update: GameUpdateMessage): Pool {
  if (!pool.game) return pool
  if (update.gameId !== undefined && update.gameId !== pool.gameId) return pool
  if (update.game) return { ...pool, game: { ...pool.game, ...update.game } }
  const g: Game = { ...pool.game }
  if (update.homeScore !== undefined) g.homeScore = update.homeScore
  if (update.awayScore !== undefined) g.awayScore = update.awayScore
  if (update.quarter !== undefined) g.quarter = update.quarter
  if (update.status !== undefined) g.status = update.status
  return { ...pool, game: g }
}
