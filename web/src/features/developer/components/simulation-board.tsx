import { Check } from 'lucide-react'
import { cn } from '@/lib/utils'
import { SIM_GRID, cellKey, type PracticeGame, type QuarterResult, type SimCell } from '../hooks/simulation'

/**
 * The practice board: 10x10 squares under the drawn digits ('?' until the game starts). While picking,
 * each square is a toggle button; once the game runs, quarter winners are marked on it.
 */
export function SimulationBoard({
  game,
  pickedKeys,
  ended,
  picking,
  full,
  onToggle,
}: {
  game: PracticeGame | null
  pickedKeys: Set<number>
  ended: QuarterResult[]
  picking: boolean
  full: boolean
  onToggle: (cell: SimCell) => void
}) {
  const winners = new Map<number, string[]>()
  for (const q of ended) winners.set(cellKey(q.cell), [...(winners.get(cellKey(q.cell)) ?? []), q.quarter])
  const range = Array.from({ length: SIM_GRID }, (_, i) => i)
  const head = 'flex aspect-square items-center justify-center rounded-sm font-bold text-white'
  return (
    <div role="grid" aria-label="Practice board" className="grid w-full max-w-xl grid-cols-11 gap-0.5 text-[0.65rem] sm:gap-1 sm:text-xs">
      <div role="row" className="contents">
        <div className={cn(head, 'bg-navy text-[0.55rem]')} aria-hidden="true">
          A\H
        </div>
        {range.map((c) => (
          <div key={`h${c}`} role="columnheader" aria-label={`Home digit ${game ? game.homeNumbers[c] : 'not drawn'}`} className={cn(head, 'bg-blue-600')}>
            {game ? game.homeNumbers[c] : '?'}
          </div>
        ))}
      </div>
      {range.map((r) => (
        <div key={`r${r}`} role="row" className="contents">
          <div role="rowheader" aria-label={`Away digit ${game ? game.awayNumbers[r] : 'not drawn'}`} className={cn(head, 'bg-red-600')}>
            {game ? game.awayNumbers[r] : '?'}
          </div>
          {range.map((c) => {
            const key = cellKey({ row: r, column: c })
            const mine = pickedKeys.has(key)
            const won = winners.get(key)
            const label = `Row ${r + 1}, column ${c + 1}${mine ? ', your square' : ''}${won ? `, ${won.join(' and ')} winner` : ''}`
            return (
              <div key={c} role="gridcell" className="contents">
                <button
                  type="button"
                  aria-label={label}
                  aria-pressed={picking ? mine : undefined}
                  disabled={!picking || (full && !mine)}
                  onClick={() => onToggle({ row: r, column: c })}
                  data-testid={`sim-cell-${r}-${c}`}
                  className={cn(
                    'flex aspect-square min-w-0 items-center justify-center rounded-sm border text-center leading-none font-bold transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
                    picking && !mine && !full && 'bg-card hover:bg-emerald-50',
                    picking && full && !mine && 'bg-muted/40',
                    mine && 'border-emerald-500 bg-emerald-500 text-white',
                    !picking && !mine && 'bg-muted/40',
                    won && (mine ? 'bg-amber-400 text-amber-950 ring-2 ring-amber-500' : 'border-amber-400 bg-amber-100 text-amber-900'),
                  )}
                >
                  {won ? won[won.length - 1] : mine ? <Check className="size-3 sm:size-4" aria-hidden="true" /> : null}
                </button>
              </div>
            )
          })}
        </div>
      ))}
    </div>
  )
}
