import { useCallback, useState } from 'react'
import type { Cell, Pool, Square } from '@/lib/types'
import { cellKey } from '../components/square-labels'
import type { PlayerRef } from './use-host-pool'

/** Who the host is giving squares to, with their name for the screen. */
export interface AssignTarget {
  player: PlayerRef
  name: string
}

/** Whether the signed-in player runs this pool: a private pool whose money its host collects, seen by its creator. */
export function isHostOf(pool: Pool | null, isAdmin: boolean): boolean {
  return !!pool && pool.isPrivate && pool.collection === 'host' && !!pool.inviteCode && !isAdmin
}

/**
 * The host's board in a host-collected pool: with a player chosen to give squares to, tapping free squares
 * picks them for that player (not for the host's own cart); tapping a taken square before the draw asks
 * to take it back. `activate` answers whether it handled the tap.
 */
export function useHostBoard(pool: Pool | null, isAdmin: boolean) {
  const isHost = isHostOf(pool, isAdmin)
  const [target, setTargetState] = useState<AssignTarget | null>(null)
  const [picked, setPicked] = useState<Cell[]>([])
  const [takeBack, setTakeBack] = useState<Square | null>(null)
  const drawn = !!pool?.numbersGenerated

  const setTarget = useCallback((t: AssignTarget | null) => {
    setTargetState(t)
    setPicked([])
  }, [])

  /** Handles a tap for the host; false leaves it to the page (the host's own selection, or a read-only look). */
  const activate = (cell: Cell, sq: Square | undefined): 'picked' | 'unpicked' | 'take-back' | false => {
    if (!isHost) return false
    if (sq && sq.status !== 'held' && sq.userId !== 'admin' && !drawn) {
      setTakeBack(sq)
      return 'take-back'
    }
    if (!target || sq || drawn) return false
    const k = cellKey(cell)
    if (picked.some((c) => cellKey(c) === k)) {
      setPicked((p) => p.filter((c) => cellKey(c) !== k))
      return 'unpicked'
    }
    setPicked((p) => [...p, cell])
    return 'picked'
  }

  /** Drops picked squares that someone else took meanwhile. */
  const dropTaken = useCallback((squares: Square[]) => {
    const taken = new Set(squares.map(cellKey))
    setPicked((p) => (p.some((c) => taken.has(cellKey(c))) ? p.filter((c) => !taken.has(cellKey(c))) : p))
  }, [])

  return {
    isHost,
    /** The host is picking squares for a player on the board. */
    assigning: isHost && !!target && !drawn,
    target,
    setTarget,
    picked,
    clearPicked: () => setPicked([]),
    dropTaken,
    takeBack,
    closeTakeBack: () => setTakeBack(null),
    activate,
  }
}

export type HostBoard = ReturnType<typeof useHostBoard>
