import { memo, type KeyboardEvent, type RefObject } from 'react'
import { Check, Clock, Home, Lock, Trophy } from 'lucide-react'
import type { Cell } from '@/lib/types'
import { cn } from '@/lib/utils'
import type { CellState } from './square-labels'

const stateClass: Record<CellState, string> = {
  available: 'border-border bg-card text-transparent hover:border-emerald-400 hover:bg-emerald-50',
  selected: 'border-lime-500 bg-brand text-brand-foreground shadow-inner ring-1 ring-lime-600/40',
  mine: 'border-emerald-800 bg-emerald-700 text-white',
  'mine-held': 'border-amber-500 bg-amber-200 text-amber-950',
  taken: 'border-slate-200 bg-slate-100 text-slate-600',
  house: 'border-slate-300 bg-slate-200 text-slate-500',
  held: 'border-amber-300 bg-[repeating-linear-gradient(135deg,var(--color-amber-50)_0_4px,var(--color-amber-100)_4px_8px)] text-amber-700',
}

/** What a cell calls on the board: this render's handlers, behind a ref whose identity never changes. */
export interface CellEvents {
  click: (cell: Cell) => void
  keyDown: (e: KeyboardEvent<HTMLDivElement>, cell: Cell) => void
  focus: (cell: Cell) => void
}

interface BoardCellProps {
  row: number
  column: number
  index: number
  state: CellState
  /**
   * Its accessible name: where it is and who holds it ("Row 3 (away 7), column 5 (home 2): owned by Ann L."),
   * or, when it has wins or would win now, those ("Q1 winner, $225.00, Dana D.; Q2 winning now, ...").
   */
  name: string
  /** Where it is and who holds it, when its name is its wins. */
  description?: string
  /** Its tooltip: its wins one a line, or its owner. */
  title?: string
  /** The box labels of its wins, one a line ("Q1", "R Q1"); empty for none. */
  winLabels: string
  /** The period it would win now. */
  nowLabel?: string
  /** The prize of its one win. */
  amount?: string
  /** Its owner's initials; empty for a square nobody holds. */
  initials: string
  unpaid: boolean
  focused: boolean
  interactive: boolean
  isSelected: boolean
  pop: boolean
  events: RefObject<CellEvents>
  /** Keeps the cell's element by its index, for the arrow keys to move the focus. */
  register: (index: number, el: HTMLDivElement | null) => void
}

/** One square of the board; drawn again only when what it shows changes (its props are text and flags). */
export const BoardCell = memo(function BoardCell(p: BoardCellProps) {
  const cell = { row: p.row, column: p.column }
  const selectable = p.interactive && (p.state === 'available' || p.state === 'selected')
  const wins = p.winLabels ? p.winLabels.split('\n') : []
  const won = wins.length > 0
  const now = p.nowLabel
  return (
    <div
      ref={(el) => p.register(p.index, el)}
      role="gridcell"
      aria-colindex={p.column + 2}
      aria-label={p.name}
      aria-description={p.description}
      data-winner={won ? wins.join(' ') : undefined}
      data-winning-now={now}
      aria-selected={p.interactive ? p.isSelected : undefined}
      aria-disabled={p.interactive && !selectable ? true : undefined}
      data-state={p.state}
      data-unpaid={p.unpaid || undefined}
      data-row={p.row}
      data-column={p.column}
      title={p.title}
      tabIndex={p.focused ? 0 : -1}
      onClick={() => p.events.current.click(cell)}
      onKeyDown={(e) => p.events.current.keyDown(e, cell)}
      onFocus={() => p.events.current.focus(cell)}
      className={cn(
        'relative flex aspect-square items-center justify-center overflow-hidden rounded-[3px] border text-[0.6rem] leading-none font-bold transition-colors outline-none select-none sm:rounded-md sm:text-xs',
        'focus-visible:z-10 focus-visible:ring-[3px] focus-visible:ring-sky-500 focus-visible:ring-offset-1',
        stateClass[p.state],
        selectable ? 'cursor-pointer' : 'cursor-default',
        won && 'border-amber-500 bg-amber-300 text-amber-950 shadow-[0_0_0_2px_var(--color-amber-400)]',
        now && !won && 'border-lime-600 bg-lime-300 text-lime-950',
        now && 'z-[1] ring-[3px] ring-lime-500 ring-offset-1 motion-safe:animate-now-pulse',
      )}
    >
      {won ? (
        <span aria-hidden="true" className="flex flex-col items-center text-[0.55rem] leading-[1.05] font-black sm:text-[0.65rem]">
          {/* A square that won many prizes (every score) shows two and how many more; its name lists all. */}
          {wins.slice(0, wins.length > 3 ? 2 : 3).map((w, i) => (
            <span key={i} className="whitespace-nowrap">
              {w}
            </span>
          ))}
          {wins.length > 3 && <span>+{wins.length - 2}</span>}
          {/* From sm up a single win also shows its prize and owner on the square. */}
          {wins.length === 1 && p.amount && <span className="hidden font-bold sm:block">{p.amount.replace(/\.00$/, '')}</span>}
          {wins.length === 1 && p.initials !== '' && <span className="hidden font-semibold sm:block">{p.initials}</span>}
        </span>
      ) : now ? (
        <span aria-hidden="true" className="flex flex-col items-center text-[0.55rem] leading-[1.05] font-black sm:text-[0.65rem]">
          <span>{now}</span>
          <span>NOW</span>
        </span>
      ) : (
        <CellContent state={p.state} initials={p.initials} pop={p.pop} />
      )}
      {p.unpaid && (
        <span aria-hidden="true" className="absolute top-0.5 left-0.5 size-1.5 rounded-full bg-red-600 ring-1 ring-white sm:size-2" data-icon="unpaid" />
      )}
      {won && <Trophy className="absolute top-0.5 right-0.5 hidden size-3 text-amber-700 sm:block" aria-hidden="true" />}
    </div>
  )
})

function CellContent({ state, initials, pop }: { state: CellState; initials: string; pop: boolean }) {
  switch (state) {
    case 'selected':
      return <Check className="size-3.5 sm:size-4" strokeWidth={3} aria-hidden="true" />
    case 'house':
      return <Home className="size-3 sm:size-4" aria-hidden="true" data-icon="house" />
    case 'held':
      return <Lock className="size-3 sm:size-3.5" aria-hidden="true" />
    case 'mine-held':
      return <Clock className="size-3 sm:size-3.5" aria-hidden="true" />
    case 'mine':
    case 'taken':
      return (
        <span aria-hidden="true" className={pop ? 'animate-square-pop' : undefined}>
          {initials}
        </span>
      )
    default:
      return null
  }
}
