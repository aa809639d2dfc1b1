import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { playPracticeGame, SIM_PICKS, SIM_QUARTERS, SIM_STEP_MS, cellKey, type PracticeGame, type Random, type SimCell } from './simulation'

export type SimulationPhase = 'picking' | 'running' | 'finished'

/**
 * The practice pool's state: the player picks exactly 5 squares, then starts a simulated game whose
 * digits are drawn at once and whose quarters end one every 2 s. `random` and `stepMs` are injectable for
 * tests (a seeded source and fake timers).
 */
export function useSimulation({ random = Math.random, stepMs = SIM_STEP_MS }: { random?: Random; stepMs?: number } = {}) {
  const [picks, setPicks] = useState<SimCell[]>([])
  const [game, setGame] = useState<PracticeGame | null>(null)
  /** How many quarters have ended (0-4). */
  const [played, setPlayed] = useState(0)
  const timer = useRef<ReturnType<typeof setInterval> | null>(null)
  const randomRef = useRef(random)
  useLayoutEffect(() => {
    randomRef.current = random
  })

  const stopTimer = useCallback(() => {
    if (timer.current) clearInterval(timer.current)
    timer.current = null
  }, [])
  useEffect(() => stopTimer, [stopTimer])

  const phase: SimulationPhase = !game ? 'picking' : played < SIM_QUARTERS.length ? 'running' : 'finished'

  /** Picks or unpicks a square while picking; a sixth pick is refused. */
  const toggle = useCallback(
    (cell: SimCell) => {
      if (game) return
      setPicks((list) => {
        const has = list.some((c) => cellKey(c) === cellKey(cell))
        if (has) return list.filter((c) => cellKey(c) !== cellKey(cell))
        return list.length >= SIM_PICKS ? list : [...list, cell]
      })
    },
    [game],
  )

  /** Starts the game; only with exactly 5 squares picked. */
  const start = useCallback(() => {
    if (game || picks.length !== SIM_PICKS) return
    setGame(playPracticeGame(randomRef.current, picks))
    setPlayed(0)
    stopTimer()
    timer.current = setInterval(() => {
      setPlayed((n) => {
        const next = Math.min(n + 1, SIM_QUARTERS.length)
        if (next === SIM_QUARTERS.length) stopTimer()
        return next
      })
    }, stepMs)
  }, [game, picks, stepMs, stopTimer])

  /** Back to picking: keepPicks replays with the same squares. */
  const reset = useCallback(
    (keepPicks = false) => {
      stopTimer()
      setGame(null)
      setPlayed(0)
      if (!keepPicks) setPicks([])
    },
    [stopTimer],
  )

  const ended = game ? game.quarters.slice(0, played) : []
  const wins = ended.filter((q) => q.mine)
  return {
    picks,
    pickedKeys: new Set(picks.map(cellKey)),
    remaining: SIM_PICKS - picks.length,
    canStart: !game && picks.length === SIM_PICKS,
    phase,
    game,
    /** The quarters that have ended, with their winning squares. */
    ended,
    /** The quarter in play while running (its index), or -1. */
    current: phase === 'running' ? played : -1,
    wins,
    toggle,
    start,
    reset,
  }
}
