import { useEffect, useRef } from 'react'
import { useNavigate } from 'react-router'
import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { formatMoney } from '@/lib/money'
import { claimPath, prizeWonFor } from '@/lib/prizes'
import { queryKeys } from '@/lib/query-keys'
import { toast } from '@/lib/toast'
import { useRealtimeMessages } from '@/lib/realtime'
import type { Prize } from '@/lib/types'
import type { AppNotification } from '../api/notifications-api'

/**
 * How long a win's toast stays (a free pool's, shorter); sonner pauses it while the tab is hidden or the
 * pointer is on it. The bell and the dashboard keep a prize in view after it.
 */
export const WIN_TOAST_MS = 60_000
const FREE_WIN_TOAST_MS = 20_000
// Before the bell's first list arrives, a win counts as new when it is this recent.
const RECENT_MS = 2 * 60_000

const WINS = new Set(['prize_won', 'free_win'])

/**
 * A win that arrives over the socket while the app is open pops a toast naming the amount, the period, the
 * game and the pool, with a link to claim it (a free pool's win: bragging rights, a link to the pool). Any
 * `notification` message re-reads the bell and the prizes, as a reconnect does. `list` is the bell's list:
 * the wins it already holds are not new.
 */
export function useWinToasts(list: AppNotification[] | null | undefined) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const seen = useRef<number | null>(null)
  const toasted = useRef(new Set<number>())

  useEffect(() => {
    if (seen.current === null && list) seen.current = Math.max(0, ...list.map((n) => n.id))
  }, [list])

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.notifications })
    void queryClient.invalidateQueries({ queryKey: queryKeys.user.prizes })
  }

  useRealtimeMessages((msg) => {
    if (msg.type !== 'notification') return
    refresh()
    const ns = msg.notifications ?? []
    const since = seen.current
    const fresh = ns.filter(
      (n) =>
        WINS.has(n.kind) &&
        !n.read &&
        !toasted.current.has(n.id) &&
        (since !== null ? n.id > since : Date.now() - Date.parse(n.createdAt) < RECENT_MS),
    )
    seen.current = Math.max(since ?? 0, ...ns.map((n) => n.id))
    for (const n of fresh.reverse()) {
      toasted.current.add(n.id)
      void showWin(queryClient, n, (to) => void navigate(to))
    }
  }, refresh)
}

async function showWin(queryClient: QueryClient, n: AppNotification, go: (to: string) => void) {
  const id = `win-${n.id}`
  if (n.kind === 'free_win') {
    toast.success('You won!', {
      id,
      description: n.message,
      duration: FREE_WIN_TOAST_MS,
      action: n.poolId ? { label: 'View pool', onClick: () => go(`/pool/${n.poolId}`) } : undefined,
    })
    return
  }
  let prize: Prize | undefined
  try {
    const prizes = await queryClient.fetchQuery<Prize[] | null>({ queryKey: queryKeys.user.prizes, staleTime: 0 })
    prize = prizes?.find((p) => p.id === n.prizeId)
  } catch {
    // The notification's own words still say what was won.
  }
  toast.success(prize ? `You won ${formatMoney(prize.amount)}!` : 'You won a prize!', {
    id,
    description: prize ? prizeWonFor(prize) : n.message,
    duration: WIN_TOAST_MS,
    action: { label: 'Claim', onClick: () => go(n.prizeId ? claimPath(n.prizeId) : '/my-pools?tab=winnings') },
  })
}
