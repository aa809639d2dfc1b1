import { Home } from 'lucide-react'
import { parseDigits } from '@/lib/game-status'
import type { Pool, Square } from '@/lib/types'
import { cn } from '@/lib/utils'

/** Read-only 11x11 board: header row (home digits) and column (away digits), '?' until numbers are drawn. */
export function ReadOnlySquareGrid({ pool, squares }: { pool: Pool; squares: Square[] }) {
  const home = pool.numbersGenerated ? parseDigits(pool.homeNumbers) : null
  const away = pool.numbersGenerated ? parseDigits(pool.awayNumbers) : null
  const byCell = new Map(squares.map((s) => [`${s.row}-${s.column}`, s]))
  return (
    <div className="overflow-x-auto">
      <div
        role="grid"
        aria-label="Pool board"
        className="grid min-w-[320px] grid-cols-11 gap-0.5 text-[0.6rem] sm:text-xs"
      >
        <div className="flex aspect-square items-center justify-center rounded-sm bg-navy text-[0.55rem] font-bold text-white">A\H</div>
        {Array.from({ length: 10 }, (_, c) => (
          <div key={`h${c}`} role="columnheader" className="flex aspect-square items-center justify-center rounded-sm bg-blue-600 font-bold text-white">
            {home ? home[c] : '?'}
          </div>
        ))}
        {Array.from({ length: 10 }, (_, r) => (
          <div key={`r${r}`} role="row" className="contents">
            <div role="rowheader" className="flex aspect-square items-center justify-center rounded-sm bg-red-600 font-bold text-white">
              {away ? away[r] : '?'}
            </div>
            {Array.from({ length: 10 }, (_, c) => {
              const sq = byCell.get(`${r}-${c}`)
              const house = sq?.userId === 'admin'
              const label = sq ? (house ? 'House' : `${sq.user?.firstName ?? ''} ${sq.user?.lastName ?? ''}`.trim() || 'Taken') : 'Open'
              return (
                <div
                  key={c}
                  role="gridcell"
                  title={label}
                  aria-label={`Row ${r + 1}, column ${c + 1}: ${label}`}
                  className={cn(
                    'flex aspect-square items-center justify-center overflow-hidden rounded-sm border text-center leading-none',
                    !sq && 'bg-muted/50',
                    sq && !house && 'border-emerald-300 bg-emerald-100 font-semibold text-emerald-900',
                    house && 'border-slate-300 bg-slate-200 text-slate-600',
                  )}
                >
                  {house ? <Home className="size-3" aria-hidden="true" /> : sq ? (sq.user?.firstName?.[0] ?? '•') : ''}
                </div>
              )
            })}
          </div>
        ))}
      </div>
    </div>
  )
}
