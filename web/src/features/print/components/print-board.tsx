import { teamInfo, textColorOn } from '@/lib/teams'
import type { Pool } from '@/lib/types'
import { cn } from '@/lib/utils'
import { sheetName, type SheetSquare } from './sheet-names'

const N = 10
const DIGITS = Array.from({ length: N }, (_, i) => i)

/**
 * The printed board: the home team along the top, the away team down the side, a row of home digits and a
 * column of away digits (blank until drawn, for the host to write in by hand), and 100 squares, each with
 * its owner's whole name. Sized by its box (the sheet), never by its content, so that names shrink to fit
 * their squares (fitNames) and the board keeps to one page.
 */
export function PrintBoard({ pool, squares }: { pool: Pool; squares: readonly SheetSquare[] }) {
  const homeTeam = pool.game?.homeTeam ?? 'Home'
  const awayTeam = pool.game?.awayTeam ?? 'Away'
  const home = teamInfo(homeTeam, pool.game?.homeTeamColor)
  const away = teamInfo(awayTeam, pool.game?.awayTeamColor)
  const drawn = pool.numbersGenerated && pool.homeNumbers?.length === N && pool.awayNumbers?.length === N
  const homeDigits = drawn ? pool.homeNumbers : null
  const awayDigits = drawn ? pool.awayNumbers : null
  const byCell = new Map(squares.map((s) => [`${s.row}-${s.column}`, s]))
  const headerStyle = (color: string) => ({ backgroundColor: color, color: textColorOn(color) })

  return (
    <div className="grid h-full min-h-0 grid-cols-[0.22in_minmax(0,1fr)] grid-rows-[0.22in_minmax(0,1fr)]">
      <span />
      <p className="flex items-center justify-center truncate pl-[0.42in] text-[8pt] font-extrabold tracking-widest uppercase" style={{ color: '#111' }}>
        {homeTeam} (home)
      </p>
      <p className="flex items-center justify-center pt-[0.42in]">
        <span className="truncate text-[8pt] font-extrabold tracking-widest uppercase [writing-mode:vertical-rl] rotate-180" style={{ color: '#111' }}>
          {awayTeam} (away)
        </span>
      </p>
      <div
        role="table"
        aria-label={`Squares sheet: rows are ${awayTeam} (away) digits, columns are ${homeTeam} (home) digits`}
        className="grid min-h-0 grid-cols-[0.42in_repeat(10,minmax(0,1fr))] grid-rows-[0.42in_repeat(10,minmax(0,1fr))] border-t-[1.5pt] border-l-[1.5pt] border-black"
        data-testid="print-board"
      >
        <div role="row" className="contents">
          <div
            role="columnheader"
            className="flex items-center justify-center border-r-[1.5pt] border-b-[1.5pt] border-black bg-white text-center text-[6pt] leading-tight font-bold text-black"
          >
            {away.abbreviation} ↓<br />
            {home.abbreviation} →
          </div>
          {DIGITS.map((c) => (
            <div
              key={c}
              role="columnheader"
              aria-label={`Column ${c + 1}: ${homeTeam} digit ${homeDigits ? homeDigits[c] : 'not drawn yet'}`}
              className="flex items-center justify-center border-r-[0.75pt] border-b-[1.5pt] border-black text-[16pt] font-black last:border-r-[1.5pt]"
              style={headerStyle(home.primaryColor)}
            >
              <span data-digit="home">{homeDigits ? homeDigits[c] : ''}</span>
            </div>
          ))}
        </div>
        {DIGITS.map((r) => (
          <div key={r} role="row" className="contents">
            <div
              role="rowheader"
              aria-label={`Row ${r + 1}: ${awayTeam} digit ${awayDigits ? awayDigits[r] : 'not drawn yet'}`}
              className="flex items-center justify-center border-r-[1.5pt] border-b-[0.75pt] border-black text-[16pt] font-black"
              style={{ ...headerStyle(away.primaryColor), ...(r === N - 1 ? { borderBottomWidth: '1.5pt' } : null) }}
            >
              <span data-digit="away">{awayDigits ? awayDigits[r] : ''}</span>
            </div>
            {DIGITS.map((c) => {
              const sq = byCell.get(`${r}-${c}`)
              const held = sq?.status === 'held'
              const name = sq && !held ? sheetName(sq) : null
              return (
                <div
                  key={c}
                  role="cell"
                  data-row={r}
                  data-column={c}
                  className="relative min-h-0 min-w-0 overflow-hidden border-r-[0.75pt] border-b-[0.75pt] border-black bg-white p-[2pt] text-black"
                  style={{ ...(c === N - 1 ? { borderRightWidth: '1.5pt' } : null), ...(r === N - 1 ? { borderBottomWidth: '1.5pt' } : null) }}
                >
                  <div className="flex size-full flex-col justify-center-safe overflow-hidden text-center">
                    {name ? (
                      <span data-name className={cn('block leading-[1.1]', sq?.userId === 'admin' ? 'font-medium text-neutral-500' : 'font-semibold')}>
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
