import { useCallback, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { teamColorOnWhite, teamInfo, textColorOn } from '@/lib/teams'
import type { Cell, Square } from '@/lib/types'
import { axisDigits, digitsText } from '@/lib/rules'
import { cn } from '@/lib/utils'
import { BoardCell, type CellEvents } from './board-cell'
import { cellKey, cellLabel, cellState, ownerInitials, ownerName, type WinnerMark } from './square-labels'

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

  // The cells call the board through one object that keeps its identity across renders (its handlers are
  // this render's), so that a cell whose own look did not change is not drawn again: a live update or a tap
  // on one square redraws that square, not the hundred.
  const register = useCallback((i: number, el: HTMLDivElement | null) => {
    refs.current[i] = el
  }, [])
  const events = useRef<CellEvents>(null as unknown as CellEvents)
  useLayoutEffect(() => {
    events.current = {
      click: (cell) => {
        moveTo(cell)
        onActivate(cell, byCell.get(cellKey(cell)))
      },
      keyDown: onKeyDown,
      focus: (cell) => {
        if (focus.row !== cell.row || focus.column !== cell.column) setFocus(cell)
      },
    }
  })

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
                // In a host pool the host (and the owner) see whether the owner's payments cover the square.
                const unpaid = sq?.paid === false
                const label = `${cellLabel(cell, state, sq, awayNumbers, homeNumbers, grid)}${unpaid ? ', not paid yet' : ''}`
                return (
                  <BoardCell
                    key={c}
                    row={r}
                    column={c}
                    index={r * columns + c}
                    state={state}
                    // A winning square is named by its wins (and the period it would win now); where it is and
                    // who owns it is its description.
                    name={marks.length ? marks.map((w) => w.text).join('; ') : label}
                    description={marks.length ? label : undefined}
                    title={marks.length ? marks.map((w) => w.text).join('\n') : sq ? ownerName(sq) : undefined}
                    winLabels={wins.map((w) => w.label).join('\n')}
                    nowLabel={marks.find((w) => w.now)?.label}
                    amount={wins.length === 1 ? (wins[0].amount ?? undefined) : undefined}
                    initials={sq ? ownerInitials(sq) : ''}
                    unpaid={unpaid}
                    focused={focus.row === r && focus.column === c}
                    interactive={interactive}
                    isSelected={isSelected}
                    pop={!takenAtFirst.has(k)}
                    events={events}
                    register={register}
                  />
                )
              })}
            </div>
          ))}
        </div>
      </div>
    </div>
  )
}
