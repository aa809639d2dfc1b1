import { memo, startTransition, useEffect, useRef, useState, type RefObject } from 'react'
import { Home, Pause, Play, RotateCcw, Trophy } from 'lucide-react'
import { useMediaQuery } from '@/lib/use-media-query'

type Stage = 'filling' | 'numbers' | 'live' | 'winner'

const STAGE_LABEL: Record<Stage, string> = {
  filling: '1. Pool filling',
  numbers: '2. Numbers drawn',
  live: '3. Game live',
  winner: '4. Winner paid',
}

const NAMES = ['AL', 'BK', 'CJ', 'DM', 'EV', 'FN', 'GS', 'HT', 'IR', 'JW', 'KP', 'LO']
// The round's timeline, in ms: the board fills four squares a tick, then the numbers, four quarters, the winner.
const TICK_MS = 120
const FILL_MS = 25 * TICK_MS
const NUMBERS_MS = 20 * TICK_MS
const QUARTER_MS = (34 * TICK_MS) / 4
const LIVE_AT = FILL_MS + NUMBERS_MS
/** Where the last stage starts: where a round ends and the board rests, and the still frame shown to someone who asked for less motion. */
const WINNER_AT = LIVE_AT + 4 * QUARTER_MS
const REDUCED_MOTION = '(prefers-reduced-motion: reduce)'
/** The moments the board's words change; between them nothing runs but the squares' own CSS. */
const MOMENTS = [FILL_MS, LIVE_AT, LIVE_AT + QUARTER_MS, LIVE_AT + 2 * QUARTER_MS, LIVE_AT + 3 * QUARTER_MS, WINNER_AT]

/** When a square is taken in a round: `order` is the order of the round's squares, four a tick. */
const fillTime = (position: number) => Math.floor(position / 4) * TICK_MS

/** The next moment after `at` at which the board shows something new (WINNER_AT once there: the round is over). */
const nextMoment = (at: number) => MOMENTS.find((m) => m > at) ?? WINNER_AT

/**
 * A small seeded generator (mulberry32): the first round is the same on the server that prerenders the page
 * and in the browser that takes it over, so the two agree; a round played again is Math.random's.
 */
function seeded(seed: number): () => number {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function shuffle<T>(list: T[], random: () => number): T[] {
  const a = [...list]
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[a[i], a[j]] = [a[j], a[i]]
  }
  return a
}

function newRound(id: number, random: () => number) {
  const order = shuffle(
    Array.from({ length: 100 }, (_, i) => i),
    random,
  )
  const position: number[] = []
  order.forEach((cell, i) => (position[cell] = i))
  return {
    id,
    /** The place of each square (by row * 10 + column) in the order the round fills them. */
    position,
    owners: Array.from({ length: 100 }, () => NAMES[Math.floor(random() * NAMES.length)]),
    home: shuffle([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], random),
    away: shuffle([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], random),
  }
}
type Round = ReturnType<typeof newRound>

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

const cls = (...names: (string | false)[]) => names.filter(Boolean).join(' ')

/** One square of the board, as the round fills it. */
function Square({ round, i, from }: { round: Round; i: number; from: number }) {
  const at = fillTime(round.position[i])
  const house = i % 23 === 0
  return (
    <div className="relative aspect-square rounded-[3px] bg-white/5">
      <span
        className={cls(
          'absolute inset-0 flex items-center justify-center rounded-[3px] text-[0.45rem] font-bold sm:text-[0.5rem]',
          house ? 'bg-slate-500/60 text-white/80' : 'bg-emerald-700 text-white',
          at >= from && 'animate-demo-fill',
        )}
        style={at >= from ? { animationDelay: `${at - from}ms` } : undefined}
      >
        {house ? <Home className="size-2" /> : round.owners[i]}
      </span>
    </div>
  )
}

/**
 * The 10 x 10 board of a round, drawn when the round starts and again only when its numbers are drawn: the
 * winner's square moves on a layer of its own (Winner). Each square fills by a CSS animation of its own
 * (transform, which the compositor runs), started at its time in the round: the main thread does not redraw
 * the board to fill it. `from` is the moment of the round the board was first shown at; squares taken
 * before it are shown still.
 */
const Board = memo(function Board({ round, from, numbers }: { round: Round; from: number; numbers: boolean }) {
  const header = (d: number | string, key: string, tone: string) => (
    <div key={key} className={cls('flex aspect-square items-center justify-center rounded-[3px] text-[0.65rem] font-black', numbers ? tone : 'bg-white/10 text-white/50')}>
      {numbers ? d : '?'}
    </div>
  )
  return (
    <div className="grid grid-cols-11 gap-[3px]" aria-hidden="true">
      <div className="flex aspect-square items-center justify-center rounded-[3px] bg-white/5 text-[0.5rem] text-white/50">A\H</div>
      {round.home.map((d, c) => header(d, `h${c}`, 'bg-blue-600'))}
      {Array.from({ length: 10 }, (_, r) => (
        <div key={r} className="contents">
          {header(round.away[r], `a${r}`, 'bg-red-600')}
          {Array.from({ length: 10 }, (_, c) => (
            <Square key={c} round={round} i={r * 10 + c} from={from} />
          ))}
        </div>
      ))}
    </div>
  )
})

/**
 * The winning square (by row * 10 + column), over the board on a grid of the same shape: as the quarters
 * pass, only it is drawn again, not the board's 121 cells (each stage's redraw had been a long task of a
 * phone's page load in Lighthouse).
 */
function Winner({ win }: { win: number }) {
  return (
    <div className="pointer-events-none absolute inset-0 grid grid-cols-11 grid-rows-11 gap-[3px]" aria-hidden="true" data-winner={win}>
      {/* A square of its own for each winner: one square moved across the board is a layout shift. */}
      <div key={win} className="relative z-10 scale-110 rounded-[3px] ring-2 ring-white" style={{ gridRow: Math.floor(win / 10) + 2, gridColumn: (win % 10) + 2 }}>
        <span className="absolute inset-0 flex items-center justify-center rounded-[3px] bg-lime-300 text-lime-950">
          <Trophy className="size-2.5" />
        </span>
      </div>
    </div>
  )
}

const FIGURE_LABEL = 'Simulated demo of a squares pool (not a real pool)'

/**
 * A clearly labelled simulation of a pool: filling, numbers, live game, winner paid. It plays one round and
 * rests on the winner; "Play again" plays a new one. It moves only while someone can see it (on screen, the
 * tab in front), so that a phone left on the page does not spend its battery on it; it can be paused (moving
 * content that starts by itself must be, WCAG 2.2.2), and for someone who asked for less motion it shows
 * its last stage still. React renders it at the few moments its words change; the squares fill by CSS on
 * the compositor.
 */
export function DemoBoard() {
  const reduced = useMediaQuery(REDUCED_MOTION)
  // null follows the motion preference; a press of the button decides from then on.
  const [paused, setPaused] = useState<boolean | null>(null)
  const ref = useRef<HTMLElement>(null)
  const onScreen = useOnScreen(ref)
  // The round, where in it the board is (ms), and where it was first shown (its squares' CSS starts there).
  // The first round is the same wherever it is drawn (see seeded): the server's page and the browser's agree.
  // It starts full, at its numbers: a hundred squares filling by animations of their own are a hundred
  // composited layers and two hundred animation events, which a phone's page load is no time for (in
  // Lighthouse's trace, 260 ms of compositing and 184 ms of React hearing the events); a round played
  // again fills.
  const [{ round, at, from }, setPlay] = useState(() => ({ round: newRound(1, seeded(1)), at: FILL_MS, from: FILL_MS }))
  const done = at >= WINNER_AT
  const playing = !(paused ?? reduced) && onScreen && !done
  // Where the timeline is, for the timer (which goes on from there after a pause).
  const position = useRef(at)

  // Less motion: the last stage, still (after the first render, which must match a prerendered page).
  useEffect(() => {
    if (reduced && paused === null && position.current === FILL_MS) {
      position.current = WINNER_AT
      setPlay((play) => ({ ...play, at: WINNER_AT, from: WINNER_AT }))
    }
  }, [reduced, paused])

  useEffect(() => {
    if (!playing) return
    let id = 0
    const step = () => {
      const next = nextMoment(position.current)
      id = window.setTimeout(() => {
        position.current = next
        // A stage's redraw in slices, not one task the page cannot answer a tap during.
        startTransition(() => setPlay((play) => ({ ...play, at: next })))
        if (next < WINNER_AT) step()
      }, next - position.current)
    }
    step()
    return () => window.clearTimeout(id)
  }, [playing])

  const playAgain = () => {
    position.current = 0
    setPaused(false)
    setPlay((play) => ({ round: newRound(play.round.id + 1, Math.random), at: 0, from: 0 }))
  }

  let stage: Stage
  if (at < FILL_MS) stage = 'filling'
  else if (at < LIVE_AT) stage = 'numbers'
  else if (at < WINNER_AT) stage = 'live'
  else stage = 'winner'

  const liveStep = stage === 'live' ? Math.min(3, Math.floor((at - LIVE_AT) / QUARTER_MS)) : stage === 'winner' ? 3 : -1
  const score = liveStep >= 0 ? SCORES[liveStep] : { away: 0, home: 0 }
  const win = liveStep >= 0 ? round.away.indexOf(score.away % 10) * 10 + round.home.indexOf(score.home % 10) : -1
  const quarterLabel = liveStep >= 0 ? (liveStep === 3 ? 'FINAL' : `END Q${liveStep + 1}`) : 'PREGAME'
  // At rest on the winner: a round shown still from the start (less motion) plays; a round played, a new one.
  let action: 'Play demo' | 'Play again' | 'Pause demo' = (paused ?? reduced) ? 'Play demo' : 'Pause demo'
  if (done) action = from === WINNER_AT ? 'Play demo' : 'Play again'
  const onAction = () => (done ? playAgain() : setPaused(!(paused ?? reduced)))

  return (
    <figure
      ref={ref}
      aria-label={FIGURE_LABEL}
      className={cls('relative w-full max-w-md rounded-2xl border border-white/10 bg-navy-2 p-3 text-white shadow-2xl sm:p-4', !playing && 'demo-still')}
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
          onClick={onAction}
          className="inline-flex h-7 min-w-7 shrink-0 items-center justify-center gap-1 rounded-md border border-white/20 px-1.5 text-xs font-semibold text-white/90 hover:bg-white/10 focus-visible:ring-2 focus-visible:ring-lime-300 focus-visible:outline-none sm:px-2"
        >
          {action === 'Pause demo' ? <Pause className="size-3" aria-hidden="true" /> : action === 'Play again' ? <RotateCcw className="size-3" aria-hidden="true" /> : <Play className="size-3" aria-hidden="true" />}
          {/* On a phone the icon alone: the words stay the button's name. */}
          <span className="max-sm:sr-only">{action}</span>
        </button>
      </div>
      <div className="mb-3 grid grid-cols-[1fr_auto_1fr] items-center gap-2 rounded-lg bg-black/25 px-3 py-2 text-sm">
        <div className="truncate font-bold">
          <span className="mr-1 inline-block size-2 rounded-full bg-red-500" /> Away <span className="ml-1 text-lg tabular-nums">{score.away}</span>
        </div>
        <div className={cls('rounded px-1.5 text-[0.6rem] font-black tracking-wider', stage === 'live' ? 'animate-live-pulse bg-red-600' : 'bg-white/15')}>
          {quarterLabel}
        </div>
        <div className="truncate text-right font-bold">
          <span className="mr-1 text-lg tabular-nums">{score.home}</span> Home <span className="ml-1 inline-block size-2 rounded-full bg-blue-500" />
        </div>
      </div>
      <div className="relative">
        <Board key={round.id} round={round} from={from} numbers={stage !== 'filling'} />
        {win >= 0 && <Winner win={win} />}
      </div>
      <figcaption className="mt-3 min-h-[2.5rem] text-center text-xs text-white/75">
        {stage === 'filling' && 'Players claim squares until all 100 are taken'}
        {stage === 'numbers' && 'Board full: random digits drawn for every row and column'}
        {stage === 'live' && `Scores' last digits ${score.away % 10}-${score.home % 10} point to the ${quarterLabel.toLowerCase()} winner`}
        {stage === 'winner' && <span className="font-bold text-lime-300">Final winner paid $225.00 automatically (full $10 pool)</span>}
      </figcaption>
    </figure>
  )
}
