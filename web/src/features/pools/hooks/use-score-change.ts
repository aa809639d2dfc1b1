import { useEffect, useRef, useState } from 'react'

export const SCORE_ANIMATION_MS = 3000
export const STAR_BURST_MS = 2000
export const BIG_PLAY_POINTS = 6

export interface ScoreChange {
  /** True for 3 s after the score changes. */
  animating: boolean
  /** Points gained by the last change (shown as '+N'), 0 when none. */
  gain: number
  /** True for 2 s after a rise of 6 or more. */
  burst: boolean
  /** Changes on every new change, to restart CSS animations. */
  version: number
}

const idle: ScoreChange = { animating: false, gain: 0, burst: false, version: 0 }

/** Watches a score (or a quarter's score) and opens the spec's animation windows when it changes. */
export function useScoreChange(score: number | null | undefined): ScoreChange {
  const previous = useRef(score)
  const [change, setChange] = useState<ScoreChange>(idle)

  useEffect(() => {
    const before = previous.current
    previous.current = score
    if (score === before || score === null || score === undefined) return
    const gain = before === null || before === undefined ? 0 : score - before
    setChange((c) => ({ animating: true, gain: Math.max(0, gain), burst: gain >= BIG_PLAY_POINTS, version: c.version + 1 }))
    const burstTimer = window.setTimeout(() => setChange((c) => ({ ...c, burst: false })), STAR_BURST_MS)
    const endTimer = window.setTimeout(() => setChange((c) => ({ ...c, animating: false, gain: 0 })), SCORE_ANIMATION_MS)
    return () => {
      window.clearTimeout(burstTimer)
      window.clearTimeout(endTimer)
    }
  }, [score])

  return change
}
