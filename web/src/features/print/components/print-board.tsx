import { teamInfo, textColorOn } from '@/lib/teams'
import type { Pool } from '@/lib/types'
import { cn } from '@/lib/utils'
import { cellDigits, sheetGrid, type SheetSet } from './sheet-grid'
import { sheetName, type SheetSquare } from './sheet-names'

/** The header cells' digits, on one line (numbers drawn once) or one labelled line a period (numbers per period). */
function HeaderDigits({ sets, count, index, side, pt }: { sets: readonly SheetSet[]; count: number; index: number; side: 'home' | 'away'; pt: number }) {
  const slots = 10 / count
  if (sets.length === 1 && !sets[0].label) {
    const d = cellDigits(sets[0][side], count, index)
    return (
      <span className="flex items-center justify-center gap-[0.08in]">
        {Array.from({ length: slots }, (_, i) => (
          <span key={i} data-digit={side}>
            {d ? d[i] : ''}
          </span>
        ))}
      </span>
    )
  }
  return (
    <span className="grid w-full justify-center" style={{ fontSize: `${pt}pt`, lineHeight: 1.05 }}>
      {sets.map((s) => {
        const d = cellDigits(s[side], count, index)
        return (
          <span key={s.period} className="flex items-baseline justify-between gap-[3pt] whitespace-nowrap">
            <span className="text-[0.8em] font-semibold">{s.label}</span>
            <span className="flex gap-[2pt]">
              {Array.from({ length: slots }, (_, i) => (
                <span key={i} data-digit={side} data-period={s.period} className={cn('inline-block min-w-[0.6em] text-center', !d && 'h-[1em] border-b-[0.5pt] border-current')}>
                  {d ? d[i] : ''}
                </span>
              ))}
            </span>
          </span>
        )
      })}
    </span>
  )
}

/**
 * The size (pt) of a header's lines when each period has its own digits: smaller the more periods, larger on
 * a board of 5 rows, whose row headers are twice as tall.
 */
function lineSize(periods: number, rows: number): number {
  if (rows < 10) return periods <= 2 ? 14 : 10
  if (periods <= 2) return 12
  if (periods <= 3) return 9
  return 7
}

/** How much larger than on a board of 100 a name starts in its square (fitNames): a small grid's squares are larger. */
function nameScale(squares: number): number {
  if (squares <= 25) return 1.5
  if (squares <= 50) return 1.2
  return 1
}

/** What a header cell says to a screen reader: "Buffalo Bills digit 3", "digits 3 and 8", "digits Q1 3, Q2 7, Final 1". */
function headerName(team: string, sets: readonly SheetSet[], count: number, index: number, side: 'home' | 'away'): string {
  const slots = 10 / count
  const noun = slots > 1 ? 'digits' : 'digit'
  if (sets.some((s) => !s[side])) return `${team} ${noun} not drawn yet`
  const said = (s: SheetSet) => cellDigits(s[side], count, index)!.join(' and ')
  if (sets.length === 1 && !sets[0].label) return `${team} ${noun} ${said(sets[0])}`
  return `${team} digits ${sets.map((s) => `${s.period === 'FINAL' ? 'Final' : s.label} ${said(s)}`).join(', ')}`
}

/**
 * The printed board: the home team along the top, the away team down the side, a row of home digits and a
 * column of away digits (blank until drawn, for the host to write in by hand), and its squares (10x10, 10x5
 * or 5x5 as the pool's rules say), each with its owner's whole name. A row or column of a small grid holds
 * two digits; a pool drawing new numbers each period prints each period's digits on a line of its own.
 * Sized by its box (the sheet), never by its content, so that names shrink to fit their squares (fitNames)
 * and the board keeps to one page.
 */
export function PrintBoard({ pool, squares }: { pool: Pool; squares: readonly SheetSquare[] }) {
  const homeTeam = pool.game?.homeTeam ?? 'Home'
  const awayTeam = pool.game?.awayTeam ?? 'Away'
  const home = teamInfo(homeTeam, pool.game?.homeTeamColor)
  const away = teamInfo(awayTeam, pool.game?.awayTeamColor)
  const { rows, columns, squares: count, sets } = sheetGrid(pool)
  const rowIdx = Array.from({ length: rows }, (_, i) => i)
  const colIdx = Array.from({ length: columns }, (_, i) => i)
  const labelled = sets.length > 1 || !!sets[0]?.label
  // The corner's size: the column headers' height and the row headers' width.
  const pt = lineSize(sets.length, rows)
  const headH = labelled ? (sets.length * pt * 1.05) / 72 + 0.1 : 0.42
  const headW = rows < 10 ? 0.62 : 0.42
  const byCell = new Map(squares.map((s) => [`${s.row}-${s.column}`, s]))
  const headerStyle = (color: string) => ({ backgroundColor: color, color: textColorOn(color) })

  return (
    <div className="grid h-full min-h-0 grid-cols-[0.22in_minmax(0,1fr)] grid-rows-[0.22in_minmax(0,1fr)]">
      <span />
      <p className="flex items-center justify-center truncate text-[8pt] font-extrabold tracking-widest uppercase" style={{ color: '#111', paddingLeft: `${headW}in` }}>
        {homeTeam} (home)
      </p>
      <p className="flex items-center justify-center" style={{ paddingTop: `${headH}in` }}>
        <span className="truncate text-[8pt] font-extrabold tracking-widest uppercase [writing-mode:vertical-rl] rotate-180" style={{ color: '#111' }}>
          {awayTeam} (away)
        </span>
      </p>
      <div
        role="table"
        aria-label={`Squares sheet: rows are ${awayTeam} (away) digits, columns are ${homeTeam} (home) digits`}
        className="grid min-h-0 border-t-[1.5pt] border-l-[1.5pt] border-black"
        style={{ gridTemplateColumns: `${headW}in repeat(${columns},minmax(0,1fr))`, gridTemplateRows: `${headH}in repeat(${rows},minmax(0,1fr))` }}
        data-testid="print-board"
        data-rows={rows}
        data-columns={columns}
      >
        <div role="row" className="contents">
          <div
            role="columnheader"
            className="flex items-center justify-center border-r-[1.5pt] border-b-[1.5pt] border-black bg-white text-center text-[6pt] leading-tight font-bold text-black"
          >
            {away.abbreviation} ↓<br />
            {home.abbreviation} →
          </div>
          {colIdx.map((c) => (
            <div
              key={c}
              role="columnheader"
              aria-label={`Column ${c + 1}: ${headerName(homeTeam, sets, columns, c, 'home')}`}
              className="flex items-center justify-center border-r-[0.75pt] border-b-[1.5pt] border-black text-[16pt] font-black last:border-r-[1.5pt]"
              style={headerStyle(home.primaryColor)}
            >
              <HeaderDigits sets={sets} count={columns} index={c} side="home" pt={pt} />
            </div>
          ))}
        </div>
        {rowIdx.map((r) => (
          <div key={r} role="row" className="contents">
            <div
              role="rowheader"
              aria-label={`Row ${r + 1}: ${headerName(awayTeam, sets, rows, r, 'away')}`}
              className="flex items-center justify-center border-r-[1.5pt] border-b-[0.75pt] border-black text-[16pt] font-black"
              style={{ ...headerStyle(away.primaryColor), ...(r === rows - 1 ? { borderBottomWidth: '1.5pt' } : null) }}
            >
              <HeaderDigits sets={sets} count={rows} index={r} side="away" pt={pt} />
            </div>
            {colIdx.map((c) => {              const sq = byCell.get(`${r}-${c}`)
              const held = sq?.status === 'held'
              const name = sq && !held ? sheetName(sq) : null
              return (
                <div
                  key={c}
                  role="cell"
                  data-row={r}
                  data-column={c}
                  className="relative min-h-0 min-w-0 overflow-hidden border-r-[0.75pt] border-b-[0.75pt] border-black bg-white p-[2pt] text-black"
                  style={{ ...(c === columns - 1 ? { borderRightWidth: '1.5pt' } : null), ...(r === rows - 1 ? { borderBottomWidth: '1.5pt' } : null) }}
                >
                  <div className="flex size-full flex-col justify-center-safe overflow-hidden text-center">
                    {name ? (
                      <span data-name data-name-scale={nameScale(count)} className={cn('block leading-[1.1]', sq?.userId === 'admin' ? 'font-medium text-neutral-500' : 'font-semibold')}>
                        {name}
                      </span>
                    ) : held ? (
                      <span className="text-[6pt] text-neutral-500 italic">Reserved</span>
                    ) : null}
                  </div>
                </div>
              )
            })}
          </div>
        ))}
      </div>
    </div>
  )
}
