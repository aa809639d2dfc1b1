import { useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { Check, Clock, Home, Lock, Trophy } from 'lucide-react'
import { teamColorOnWhite, teamInfo, textColorOn } from '@/lib/teams'
import type { Cell, Square } from '@/lib/types'
import { axisDigits, digitsText } from '@/lib/rules'
import { cn } from '@/lib/utils'
import { cellKey, cellLabel, cellState, ownerInitials, ownerName, type CellState, type WinnerMark } from './square-labels'

export interface SquareBoardProps {
  homeTeam: string
  awayTeam: string
  homeColor?: string | null
  awayColor?: string | null
  /** Column digits (home) and row digits (away) once drawn, else null ('?'). */
  homeNumbers: number[] | null
  awayNumbers: number[] | null
  squares: Square[]
  userId: string | null
  selected: Cell[]
  /** Selection is possible (players while the pool is on sale). Read-only boards can still be explored. */
  interactive: boolean
  /** Click, Enter or Space on a square. */
  onActivate: (cell: Cell, square: Square | undefined) => void
  /** The square that has focus (keyboard or pointer). */
  onFocusCell?: (cell: Cell) => void
  /**
   * Winning squares by cell key: highlighted, and named by their wins ("Q1 winner, $225.00, Dana D."); a mark
   * with `now` is the square that would win the period in play ("Q2 winning now, $225.00, Dana D.").
   */
  winners?: Map<string, WinnerMark[]>
  /**
   * The board's rows and columns: 10 x 10 (100 squares), 10 x 5 (50) or 5 x 5 (25). A row or column of a
   * smaller board holds two digits (numbers[2i] and numbers[2i+1]).
   */
  rows?: number
  columns?: number
}

const stateClass: Record<CellState, string> = {
  available: 'border-border bg-card text-transparent hover:border-emerald-400 hover:bg-emerald-50',
  selected: 'border-lime-500 bg-brand text-brand-foreground shadow-inner ring-1 ring-lime-600/40',
  mine: 'border-emerald-800 bg-emerald-700 text-white',
  'mine-held': 'border-amber-500 bg-amber-200 text-amber-950',
  taken: 'border-slate-200 bg-slate-100 text-slate-600',
  house: 'border-slate-300 bg-slate-200 text-slate-500',
  held: 'border-amber-300 bg-[repeating-linear-gradient(135deg,var(--color-amber-50)_0_4px,var(--color-amber-100)_4px_8px)] text-amber-700',
}

// The board's columns: the digit column, then the squares. On a phone the digit column is narrower than a
// square (and the row headers fill the row's height), so that the squares themselves are at least 32 px wide on
// a 390 px screen; from sm up all are equal. Five columns leave room: every column is equal from the start,
// capped so that a 25-square board stays square-ish on a wide screen.
const GRID_COLS: Record<number, string> = {
  10: 'grid grid-cols-[1.25rem_repeat(10,minmax(1.5rem,1fr))] gap-px min-[400px]:gap-0.5 sm:grid-cols-[repeat(11,minmax(1.5rem,1fr))] sm:gap-1',
  5: 'grid grid-cols-[2rem_repeat(5,minmax(2.5rem,1fr))] gap-0.5 sm:grid-cols-[repeat(6,minmax(2.5rem,1fr))] sm:gap-1',
}

/**
 * The board: a header row of home digits, a header column of away digits ('?' until drawn), and 100, 50
 * or 25 squares (two digits a header cell where a row or column holds two). A keyboard grid: one square is in the tab order (roving tabindex), arrow keys move,
 * Home/End go to the row's ends, Ctrl+Home/End to the corners, Enter or Space activates.
 */
export function SquareBoard({
  homeTeam,
  awayTeam,
  homeColor,
  awayColor,
  homeNumbers,
  awayNumbers,
  squares,
  userId,
  selected,
  interactive,
  onActivate,
  onFocusCell,
  winners,
  rows = 10,
  columns = 10,
}: SquareBoardProps) {
  const [focus, setFocus] = useState<Cell>({ row: 0, column: 0 })
  // The squares taken when the board is first drawn appear as they are; only those taken while it is on
  // view pop in. A board of a hundred popping squares is a hundred composited layers and two hundred
  // animation events React hears at its root, as the page loads.
  const [takenAtFirst] = useState(() => new Set(squares.map(cellKey)))
  const refs = useRef<(HTMLDivElement | null)[]>([])
  const byCell = useMemo(() => new Map(squares.map((s) => [cellKey(s), s])), [squares])
  const selectedKeys = useMemo(() => new Set(selected.map(cellKey)), [selected])
  const home = teamInfo(homeTeam, homeColor)
  const away = teamInfo(awayTeam, awayColor)

  const moveTo = (cell: Cell) => {
    setFocus(cell)
    refs.current[cell.row * columns + cell.column]?.focus()
    onFocusCell?.(cell)
  }

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>, cell: Cell) => {
    const { row, column } = cell
    let next: Cell
    switch (e.key) {
      case 'ArrowUp':
        next = { row: Math.max(0, row - 1), column }
        break
      case 'ArrowDown':
        next = { row: Math.min(rows - 1, row + 1), column }
        break
      case 'ArrowLeft':
        next = { row, column: Math.max(0, column - 1) }
        break
      case 'ArrowRight':
        next = { row, column: Math.min(columns - 1, column + 1) }
        break
      case 'Home':
        next = e.ctrlKey ? { row: 0, column: 0 } : { row, column: 0 }
        break
      case 'End':
        next = e.ctrlKey ? { row: rows - 1, column: columns - 1 } : { row, column: columns - 1 }
        break
      case 'PageUp':
        next = { row: 0, column }
        break
      case 'PageDown':
        next = { row: rows - 1, column }
        break
      case 'Enter':
      case ' ':
      case 'Spacebar':
        e.preventDefault()
        onActivate(cell, byCell.get(cellKey(cell)))
        return
      default:
        return
    }
    e.preventDefault()
    moveTo(next)
  }

  const headerBase = 'flex aspect-square items-center justify-center rounded-[3px] text-xs font-black text-white sm:rounded-md sm:text-sm'
  const gridCols = GRID_COLS[columns] ?? GRID_COLS[10]
  const phoneHeader = 'max-sm:aspect-auto'
  const grid = { rows, columns }
  // A header's digits: "7", or "4 1" on a smaller board (named "4 or 1").
  const colDigits = (c: number) => (homeNumbers ? axisDigits(homeNumbers, columns, c) : null)
  const rowDigits = (r: number) => (awayNumbers ? axisDigits(awayNumbers, rows, r) : null)
  const small = columns < 10

  return (
    <div className={cn('grid grid-cols-[auto_minmax(0,1fr)] gap-x-1 gap-y-1 sm:gap-x-2', small && 'mx-auto max-w-xl')}>
      <span aria-hidden="true" />
      {/* Home team along the columns, away team along the rows */}
      <div className={gridCols} aria-hidden="true">
        <span />
        <span
          className="col-[2/-1] truncate text-center text-[0.65rem] font-extrabold tracking-widest uppercase sm:text-xs"
          style={{ color: teamColorOnWhite(home.primaryColor) }}
        >
          {homeTeam} (home)
        </span>
      </div>
      <div className="flex w-4 items-center justify-center sm:w-5" aria-hidden="true">
        <span
          className="max-h-full truncate text-[0.65rem] font-extrabold tracking-widest uppercase [writing-mode:vertical-rl] rotate-180 sm:text-xs"
          style={{ color: teamColorOnWhite(away.primaryColor) }}
        >
          {awayTeam} (away)
        </span>
      </div>
      <div className="min-w-0">
        <div
          role="grid"
          aria-label={`Squares board: rows are ${awayTeam} (away) digits, columns are ${homeTeam} (home) digits`}
          aria-rowcount={rows + 1}
          aria-colcount={columns + 1}
          aria-multiselectable={interactive || undefined}
          aria-readonly={!interactive || undefined}
          className="flex flex-col gap-px min-[400px]:gap-0.5 sm:gap-1"
        >
          <div role="row" aria-rowindex={1} className={gridCols}>
            <div role="columnheader" aria-colindex={1} className={cn(headerBase, phoneHeader, 'bg-navy text-[0.5rem] sm:text-[0.65rem]')}>
              <span aria-hidden="true" className="hidden sm:inline">
                {away.abbreviation}\{home.abbreviation}
              </span>
              <span aria-hidden="true" className="sm:hidden">
                A\H
              </span>
              <span className="sr-only">Away digit by row, home digit by column</span>
            </div>
            {Array.from({ length: columns }, (_, c) => {
              const d = colDigits(c)
              return (
                <div
                  key={c}
                  role="columnheader"
                  aria-colindex={c + 2}
                  aria-label={`Column ${c + 1}: ${homeTeam} ${d && d.length > 1 ? 'digits' : 'digit'} ${d ? digitsText(d) : 'not drawn yet'}`}
                  className={cn(headerBase, small && 'gap-1 sm:text-base')}
                  style={{ backgroundColor: home.primaryColor, color: textColorOn(home.primaryColor) }}
                >
                  {d ? d.map((n, i) => <span key={i}>{n}</span>) : '?'}
                </div>
              )
            })}
          </div>
          {Array.from({ length: rows }, (_, r) => (
            <div key={r} role="row" aria-rowindex={r + 2} className={gridCols}>
              <div
                role="rowheader"
                aria-colindex={1}
                aria-label={`Row ${r + 1}: ${awayTeam} ${(rowDigits(r)?.length ?? 1) > 1 ? 'digits' : 'digit'} ${rowDigits(r) ? digitsText(rowDigits(r)!) : 'not drawn yet'}`}
                className={cn(headerBase, phoneHeader, rows < 10 && 'flex-col leading-tight sm:text-base')}
                style={{ backgroundColor: away.primaryColor, color: textColorOn(away.primaryColor) }}
              >
                {rowDigits(r) ? rowDigits(r)!.map((n, i) => <span key={i}>{n}</span>) : '?'}
              </div>
              {Array.from({ length: columns }, (_, c) => {
                const cell = { row: r, column: c }
                const k = cellKey(cell)
                const sq = byCell.get(k)
                const isSelected = selectedKeys.has(k)
                const state = cellState(sq, userId, isSelected)
                const marks = winners?.get(k) ?? []
                const wins = marks.filter((w) => !w.now)
                const now = marks.find((w) => w.now)
                const won = wins.length > 0
                // In a host pool the host (and the owner) see whether the owner's payments cover the square.
                const unpaid = sq?.paid === false
                const label = `${cellLabel(cell, state, sq, awayNumbers, homeNumbers, grid)}${unpaid ? ', not paid yet' : ''}`
                const focused = focus.row === r && focus.column === c
                const selectable = interactive && (state === 'available' || state === 'selected')
                return (
                  <div
                    key={c}
                    ref={(el) => {
                      refs.current[r * columns + c] = el
                    }}
                    role="gridcell"
                    aria-colindex={c + 2}
                    // A winning square is named by its wins (and the period it would win now); where it is
                    // and who owns it is its description.
                    aria-label={marks.length ? marks.map((w) => w.text).join('; ') : label}
                    aria-description={marks.length ? label : undefined}
                    data-winner={won ? wins.map((w) => w.label).join(' ') : undefined}
                    data-winning-now={now?.label}
                    aria-selected={interactive ? isSelected : undefined}
                    aria-disabled={interactive && !selectable ? true : undefined}
                    data-state={state}
                    data-unpaid={unpaid || undefined}
                    data-row={r}
                    data-column={c}
                    title={marks.length ? marks.map((w) => w.text).join('\n') : sq ? ownerName(sq) : undefined}
                    tabIndex={focused ? 0 : -1}
                    onClick={() => {
                      moveTo(cell)
                      onActivate(cell, sq)
                    }}
                    onKeyDown={(e) => onKeyDown(e, cell)}
                    onFocus={() => {
                      if (!focused) setFocus(cell)
                    }}
                    className={cn(
                      'relative flex aspect-square items-center justify-center overflow-hidden rounded-[3px] border text-[0.6rem] leading-none font-bold transition-colors outline-none select-none sm:rounded-md sm:text-xs',
                      'focus-visible:z-10 focus-visible:ring-[3px] focus-visible:ring-sky-500 focus-visible:ring-offset-1',
                      stateClass[state],
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
                            {w.label}
                          </span>
                        ))}
                        {wins.length > 3 && <span>+{wins.length - 2}</span>}
                        {/* From sm up a single win also shows its prize and owner on the square. */}
                        {wins.length === 1 && wins[0].amount && <span className="hidden font-bold sm:block">{wins[0].amount.replace(/\.00$/, '')}</span>}
                        {wins.length === 1 && sq && <span className="hidden font-semibold sm:block">{ownerInitials(sq)}</span>}
                      </span>
                    ) : now ? (
                      <span aria-hidden="true" className="flex flex-col items-center text-[0.55rem] leading-[1.05] font-black sm:text-[0.65rem]">
                        <span>{now.label}</span>
                        <span>NOW</span>
                      </span>
                    ) : (
                      <CellContent state={state} sq={sq} pop={!takenAtFirst.has(cellKey(cell))} />
                    )}
                    {unpaid && (
                      <span aria-hidden="true" className="absolute top-0.5 left-0.5 size-1.5 rounded-full bg-red-600 ring-1 ring-white sm:size-2" data-icon="unpaid" />
                    )}
                    {won && <Trophy className="absolute top-0.5 right-0.5 hidden size-3 text-amber-700 sm:block" aria-hidden="true" />}
                  </div>
                )
              })}
            </div>
          ))}
        </div>
      </div>
    </div>
  )
}

function CellContent({ state, sq, pop }: { state: CellState; sq: Square | undefined; pop: boolean }) {
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
          {sq ? ownerInitials(sq) : ''}
        </span>
      )
    default:
      return null
  }
}
