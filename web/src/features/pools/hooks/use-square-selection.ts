import { useCallback, useState } from 'react'
import { toast } from '@/lib/toast'
import type { Cell, Square } from '@/lib/types'
import { cellKey, isHeld } from '../components/square-labels'

export const LIMIT_TITLE = 'Selection Limit Reached'

/** The spec's message, with the pool's own limit (5 for public pools). */
export function limitMessage(max: number, owned: number): string {
  if (owned > 0 && owned >= max) return `You already have the maximum of ${max} squares in this pool.`
  if (owned > 0)
    return `You already have ${owned} of your ${max} squares in this pool, so you can select ${max - owned} more. Remove a selected square first to select a different one.`
  return `You can only select ${max} squares at a time. Remove a selected square first to select a different one.`
}

/**
 * The cart on a pool page: squares picked but not bought. At most `max - owned` at a time; cleared when
 * the pool changes. Toggling explains every refusal with the spec's toasts.
 */
export function useSquareSelection({ poolId, max, owned, userId }: { poolId: number; max: number; owned: number; userId: string | null }) {
  const [selected, setSelected] = useState<Cell[]>([])
  const [forPool, setForPool] = useState(poolId)
  if (forPool !== poolId) {
    // A new pool: start with an empty cart (state reset during render, no stale frame).
    setForPool(poolId)
    setSelected([])
  }
  const limit = Math.max(0, max - owned)

  const toggle = useCallback(
    (cell: Cell, sq: Square | undefined): 'added' | 'removed' | 'refused' => {
      if (sq) {
        const mine = !!userId && sq.userId === userId
        if (mine) {
          toast.info(isHeld(sq) ? 'Checkout In Progress' : 'Already Yours', {
            description: isHeld(sq) ? 'This square is held for you while you pay.' : 'You already own this square.',
          })
        } else {
          toast.error('Square Unavailable', {
            description: isHeld(sq)
              ? 'This square is reserved while another player pays. It frees up if they do not finish.'
              : 'This square is already owned by another player.',
          })
        }
        return 'refused'
      }
      const k = cellKey(cell)
      if (selected.some((c) => cellKey(c) === k)) {
        setSelected((list) => list.filter((c) => cellKey(c) !== k))
        return 'removed'
      }
      if (selected.length >= limit) {
        toast.error(LIMIT_TITLE, { description: limitMessage(max, owned) })
        return 'refused'
      }
      setSelected((list) => [...list, { row: cell.row, column: cell.column }])
      return 'added'
    },
    [selected, limit, max, owned, userId],
  )

  const remove = useCallback((cell: Cell) => setSelected((list) => list.filter((c) => cellKey(c) !== cellKey(cell))), [])
  const clear = useCallback(() => setSelected([]), [])

  /** Drops selected squares someone else has just taken; returns the dropped ones. */
  const dropTaken = useCallback((taken: readonly Cell[]) => {
    const keys = new Set(taken.map(cellKey))
    setSelected((list) => (list.some((c) => keys.has(cellKey(c))) ? list.filter((c) => !keys.has(cellKey(c))) : list))
  }, [])

  // Never keep more than the limit (e.g. after buying squares elsewhere in another tab): adjusted while
  // rendering, so no frame shows more.
  if (selected.length > limit) setSelected(selected.slice(0, limit))

  return { selected, limit, toggle, remove, clear, dropTaken }
}
