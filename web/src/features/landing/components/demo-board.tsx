import { useEffect, useMemo, useRef, useState, type RefObject } from 'react'
import { Home, Pause, Play, Trophy } from 'lucide-react'
import { useMediaQuery } from '@/lib/use-media-query'
import { cn } from '@/lib/utils'

type Stage = 'filling' | 'numbers' | 'live' | 'winner'

const STAGE_LABEL: Record<Stage, string> = {
  filling: '1. Pool filling',
  numbers: '2. Numbers drawn',
  live: '3. Game live',
  winner: '4. Winner paid',
}

const NAMES = ['AL', 'BK', 'CJ', 'DM', 'EV', 'FN', 'GS', 'HT', 'IR', 'JW', 'KP', 'LO']
const TICK_MS = 120
// ticks per stage: filling takes 100/4 = 25 ticks of 4 squares
const NUMBERS_TICKS = 20
const LIVE_TICKS = 34
const WINNER_TICKS = 30
const FILL_TICKS = 25
const TOTAL_TICKS = FILL_TICKS + NUMBERS_TICKS + LIVE_TICKS + WINNER_TICKS
/** The first tick of the last stage: the still frame shown to someone who asked for less motion. */
const WINNER_TICK = TOTAL_TICKS - WINNER_TICKS
const REDUCED_MOTION = '(prefers-reduced-motion: reduce)'

function shuffle<T>(list: T[]): T[] {
  const a = [...list]
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1))
    ;[a[i], a[j]] = [a[j], a[i]]
  }
  return a
}

function newRound() {
  return {
    order: shuffle(Array.from({ length: 100 }, (_, i) => i)),
    owners: Array.from({ length: 100 }, () => NAMES[Math.floor(Math.random() * NAMES.length)]),
    home: shuffle([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]),
    away: shuffle([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]),
  }
}

// The simulated game: cumulative scores at the end of Q1..Q4.
const SCORES = [
  { away: 7, home: 3 },
  { away: 14, home: 13 },
  { away: 17, home: 20 },
  { away: 27, home: 24 },
]

/** Whether the element is on screen and its page in view (true where the browser cannot tell). */
function useOnScreen(ref: RefObject<Element | null>): boolean {
  const [inView, setInView] = useState(true)
  const [pageShown, setPageShown] = useState(() => typeof document === 'undefined' || document.visibilityState !== 'hidden')
  useEffect(() => {
    const onVisibility = () => setPageShown(document.visibilityState !== 'hidden')
    document.addEventListener('visibilitychange', onVisibility)
    const el = ref.current
    const observer = el && typeof IntersectionObserver !== 'undefined' ? new IntersectionObserver(([entry]) => setInView(entry.isIntersecting)) : null
    if (el) observer?.observe(el)
    return () => {
      document.removeEventListener('visibilitychange', onVisibility)
      observer?.disconnect()
    }
  }, [ref])
  return inView && pageShown
}

/**
 * A looping, clearly labelled simulation of a pool: filling, numbers, live game, winner paid, reset. It
 * moves only while someone can see it (on screen, the tab in front), so that a phone left on the page
 * does not spend its battery redrawing it; it can be paused (moving content that starts by itself must
 * be, WCAG 2.2.2), and for someone who asked for less motion it starts paused on its last stage.
 */
export function DemoBoard() {
  const reduced = useMediaQuery(REDUCED_MOTION)
  // null follows the motion preference; a press of the button decides from then on.
  const [paused, setPaused] = useState<boolean | null>(null)
  const ref = useRef<HTMLElement>(null)
  const onScreen = useOnScreen(ref)
  const playing = !(paused ?? reduced) && onScreen
  // One state for both, so that the tick that ends a round starts the next one in the same update.
  const [{ round, tick }, setPlay] = useState(() => ({
    round: newRound(),
    tick: typeof window !== 'undefined' && window.matchMedia?.(REDUCED_MOTION).matches ? WINNER_TICK : 0,
  }))

  useEffect(() => {
    if (!playing) return
    const id = window.setInterval(
      () => setPlay((play) => (play.tick + 1 >= TOTAL_TICKS ? { round: newRound(), tick: 0 } : { ...play, tick: play.tick + 1 })),
      TICK_MS,
    )
    return () => window.clearInterval(id)
  }, [playing])

  const fillTicks = FILL_TICKS

  let stage: Stage
  if (tick < fillTicks) stage = 'filling'
  else if (tick < fillTicks + NUMBERS_TICKS) stage = 'numbers'
  else if (tick < fillTicks + NUMBERS_TICKS + LIVE_TICKS) stage = 'live'
  else stage = 'winner'

  const filledCount = Math.min(100, (tick + 1) * 4)
  const filled = useMemo(() => new Set(round.order.slice(0, filledCount)), [round, filledCount])
  const showNumbers = stage !== 'filling'
  const liveStep = stage === 'live' ? Math.min(3, Math.floor((tick - fillTicks - NUMBERS_TICKS) / (LIVE_TICKS / 4))) : stage === 'winner' ? 3 : -1
  const score = liveStep >= 0 ? SCORES[liveStep] : { away: 0, home: 0 }
  const winRow = liveStep >= 0 ? round.away.indexOf(score.away % 10) : -1
  const winCol = liveStep >= 0 ? round.home.indexOf(score.home % 10) : -1
  const quarterLabel = liveStep >= 0 ? (liveStep === 3 ? 'FINAL' : `END Q${liveStep + 1}`) : 'PREGAME'

  return (
    <figure
      ref={ref}
      aria-label="Simulated demo of a squares pool (not a real pool)"
      className="relative w-full max-w-md rounded-2xl border border-white/10 bg-navy-2 p-3 text-white shadow-2xl sm:p-4"
    >
      <div className="mb-3 flex items-center justify-between gap-2">
        <span className="rounded-full bg-amber-300 px-2.5 py-0.5 text-[0.65rem] font-black tracking-widest text-amber-950 uppercase">
          Simulation
        </span>
        <span className="ml-auto text-xs font-bold whitespace-nowrap text-lime-300" aria-live="off">
          {STAGE_LABEL[stage]}
        </span>
        <button
          type="button"
          onClick={() => setPaused(!(paused ?? reduced))}
          className="inline-flex h-7 min-w-7 shrink-0 items-center justify-center gap-1 rounded-md border border-white/20 px-1.5 text-xs font-semibold text-white/90 hover:bg-white/10 focus-visible:ring-2 focus-visible:ring-lime-300 focus-visible:outline-none sm:px-2"
        >
          {(paused ?? reduced) ? <Play className="size-3" aria-hidden="true" /> : <Pause className="size-3" aria-hidden="true" />}
          {/* On a phone the icon alone: the words stay the button's name. */}
          <span className="max-sm:sr-only">{(paused ?? reduced) ? 'Play demo' : 'Pause demo'}</span>
        </button>
      </div>
      <div className="mb-3 grid grid-cols-[1fr_auto_1fr] items-center gap-2 rounded-lg bg-black/25 px-3 py-2 text-sm">
        <div className="truncate font-bold">
          <span className="mr-1 inline-block size-2 rounded-full bg-red-500" /> Away <span className="ml-1 text-lg tabular-nums">{score.away}</span>
        </div>
        <div className={cn('rounded px-1.5 text-[0.6rem] font-black tracking-wider', stage === 'live' ? 'animate-live-pulse bg-red-600' : 'bg-white/15')}>
          {quarterLabel}
        </div>
        <div className="truncate text-right font-bold">
          <span className="mr-1 text-lg tabular-nums">{score.home}</span> Home <span className="ml-1 inline-block size-2 rounded-full bg-blue-500" />
        </div>
      </div>
      <div className="grid grid-cols-11 gap-[3px]" aria-hidden="true">
        <div className="flex aspect-square items-center justify-center rounded-[3px] bg-white/5 text-[0.5rem] text-white/50">A\H</div>
        {round.home.map((d, c) => (
          <div key={`h${c}`} className={cn('flex aspect-square items-center justify-center rounded-[3px] text-[0.65rem] font-black', showNumbers ? 'bg-blue-600' : 'bg-white/10 text-white/50')}>
            {showNumbers ? d : '?'}
          </div>
        ))}
        {Array.from({ length: 10 }, (_, r) => (
          <div key={r} className="contents">
            <div className={cn('flex aspect-square items-center justify-center rounded-[3px] text-[0.65rem] font-black', showNumbers ? 'bg-red-600' : 'bg-white/10 text-white/50')}>
              {showNumbers ? round.away[r] : '?'}
            </div>
            {Array.from({ length: 10 }, (_, c) => {
              const i = r * 10 + c
              const isFilled = filled.has(i)
              const isWin = r === winRow && c === winCol
              const house = isFilled && i % 23 === 0
              return (
                <div
                  key={c}
                  className={cn(
                    'flex aspect-square items-center justify-center rounded-[3px] text-[0.45rem] font-bold transition-colors duration-300 sm:text-[0.5rem]',
                    !isFilled && 'bg-white/5',
                    isFilled && !isWin && (house ? 'bg-slate-500/60 text-white/80' : 'animate-square-pop bg-emerald-700 text-white'),
                    isWin && 'scale-110 bg-lime-300 text-lime-950 ring-2 ring-white',
                  )}
                >
                  {isWin ? <Trophy className="size-2.5" /> : house ? <Home className="size-2" /> : isFilled ? round.owners[i] : ''}
                </div>
              )
            })}
          </div>
        ))}
      </div>
      <figcaption className="mt-3 min-h-[2.5rem] text-center text-xs text-white/75">
        {stage === 'filling' && `Players claim squares: ${filledCount}/100 taken`}
        {stage === 'numbers' && 'Board full: random digits drawn for every row and column'}
        {stage === 'live' && `Scores' last digits ${score.away % 10}-${score.home % 10} point to the ${quarterLabel.toLowerCase()} winner`}
        {stage === 'winner' && (
          <span className="font-bold text-lime-300">Final winner paid $225.00 automatically (full $10 pool)</span>
        )}
      </figcaption>
    </figure>
  )
}
