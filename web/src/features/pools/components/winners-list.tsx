import { Trophy } from 'lucide-react'
import type { Period } from '@/lib/periods'
import { cn } from '@/lib/utils'
import type { Winner } from '@/lib/types'
import { positionText, type WinnerMark } from './square-labels'

/**
 * Each period's winner under the board: the period, its end score (away - home), the square, its owner and
 * the amount (none in a free pool); periods not yet ended say so.
 */
export function WinnersList({
  periods,
  winners,
  marks,
  className,
}: {
  periods: readonly Period[]
  winners: readonly Winner[]
  /** The board's marks (boardWinners), for owner names and amounts as the squares show them. */
  marks: Map<string, WinnerMark[]>
  className?: string
}) {
  const byLabel = new Map<string, { winner: Winner; mark: WinnerMark }>()
  for (const w of winners) {
    const mark = marks.get(`${w.row}-${w.column}`)?.find((m) => periods[Math.min(Math.max(w.period, 1), periods.length) - 1]?.label === m.label)
    if (mark) byLabel.set(mark.label, { winner: w, mark })
  }
  return (
    <section aria-labelledby="winners-title" className={cn('rounded-lg border border-amber-200 bg-amber-50/60 p-3', className)}>
      <h3 id="winners-title" className="mb-2 flex items-center gap-1.5 text-sm font-extrabold text-amber-950">
        <Trophy className="size-4 text-amber-600" aria-hidden="true" /> Winners
      </h3>
      <ol className={cn('grid gap-2', periods.length === 2 ? 'sm:grid-cols-2' : 'grid-cols-2 lg:grid-cols-4')}>
        {periods.map((p) => {
          const found = byLabel.get(p.label)
          return (
            <li key={p.label} className="min-w-0 rounded-md bg-white px-2.5 py-2 text-xs shadow-xs" data-testid={`winner-${p.label}`}>
              <div className="flex items-baseline justify-between gap-2">
                <span className="font-black tracking-wide text-amber-900">{p.label}</span>
                {found && (
                  <span className="font-bold tabular-nums text-muted-foreground">
                    {found.winner.awayScore}-{found.winner.homeScore}
                  </span>
                )}
              </div>
              {found ? (
                <>
                  <div className="truncate text-sm font-extrabold" title={found.mark.owner}>
                    {found.mark.owner}
                  </div>
                  <div className="flex flex-wrap items-baseline justify-between gap-x-2">
                    <span className="font-black text-emerald-700">{found.mark.amount ?? 'Bragging rights'}</span>
                    <span className="text-muted-foreground">{positionText(found.winner, null, null)}</span>
                  </div>
                  {found.winner.status === 'host_pays' && <div className="font-semibold text-amber-800">The host pays</div>}
                  {found.winner.status === 'host_paid' && <div className="font-semibold text-emerald-700">Paid by the host</div>}
                </>
              ) : (
                <div className="text-muted-foreground">Not decided yet</div>
              )}
            </li>
          )
        })}
      </ol>
    </section>
  )
}
