import { useEffect, useRef, useState } from 'react'

export interface PullToRefreshOptions {
  /** Pull distance (px, after resistance) that triggers a refresh. */
  distance?: number
  /** Finger travel is divided by this. */
  resistance?: number
  /** Minimum time the refresh indicator stays up (ms). */
  delay?: number
}

/** Touch pull-to-refresh at the top of the page (spec: distance 70, resistance 2.5, 500 ms delay). */
export function usePullToRefresh(onRefresh: () => Promise<unknown>, { distance = 70, resistance = 2.5, delay = 500 }: PullToRefreshOptions = {}) {
  const [pull, setPull] = useState(0)
  const [refreshing, setRefreshing] = useState(false)
  const refreshRef = useRef(onRefresh)
  const busy = useRef(false)
  useEffect(() => {
    refreshRef.current = onRefresh
  }, [onRefresh])

  useEffect(() => {
    let startY: number | null = null
    let current = 0
    const onStart = (e: TouchEvent) => {
      if (busy.current || window.scrollY > 0 || e.touches.length !== 1) return
      startY = e.touches[0].clientY
    }
    const onMove = (e: TouchEvent) => {
      if (startY === null) return
      const dy = e.touches[0].clientY - startY
      current = dy > 0 ? Math.min(dy / resistance, distance * 1.5) : 0
      setPull(current)
    }
    const end = async () => {
      if (startY === null) return
      startY = null
      const reached = current >= distance
      current = 0
      if (!reached) {
        setPull(0)
        return
      }
      busy.current = true
      setRefreshing(true)
      setPull(distance)
      try {
        await Promise.all([refreshRef.current(), new Promise((r) => setTimeout(r, delay))])
      } finally {
        busy.current = false
        setRefreshing(false)
        setPull(0)
      }
    }
    const onEnd = () => void end()
    window.addEventListener('touchstart', onStart, { passive: true })
    window.addEventListener('touchmove', onMove, { passive: true })
    window.addEventListener('touchend', onEnd)
    window.addEventListener('touchcancel', onEnd)
    return () => {
      window.removeEventListener('touchstart', onStart)
      window.removeEventListener('touchmove', onMove)
      window.removeEventListener('touchend', onEnd)
      window.removeEventListener('touchcancel', onEnd)
    }
  }, [distance, resistance, delay])

  return { pull, refreshing, progress: Math.min(1, pull / distance) }
}
