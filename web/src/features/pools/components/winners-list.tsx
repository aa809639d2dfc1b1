import { Trophy } from 'lucide-react'
import type { Period } from '@/lib/periods'
import { orderedPayouts, type Rules } from '@/lib/rules'
import { cn } from '@/lib/utils'
import type { Winner } from '@/lib/types'
import { awardPeriodLabel, positionText, type WinnerMark } from './square-labels'

interface Found {
  winner: Winner
  mark: WinnerMark
}

/** The board's mark of a winner: by its award, or (a server older than rules) by its period's label. */
function markOf(w: Winner, periods: readonly Period[], marks: Map<string, WinnerMark[]>): WinnerMark | undefined {
  const list = marks.get(`${w.row}-${w.column}`) ?? []
  if (w.award) return list.find((m) => m.award === w.award)
  const label = periods[Math.min(Math.max(w.period, 1), periods.length) - 1]?.label
  return list.find((m) => !m.now && m.label === label)
}

function Prize({ found }: { found: Found }) {
  return (
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
  )
}

/**
 * Each paying period's winner under the board: the period, its end score (away - home), the square, its owner
 * and the amount (none in a free pool), with the period's reverse winner under it; periods not yet ended say
 * so. Under the rule "every score pays", each change of the score's winner follows, in order.
 */
export function WinnersList({
  periods,
  rules,
  winners,
  marks,
  className,
}: {
  periods: readonly Period[]
  /** The pool's rules: which periods pay (today's boxes without them). */
  rules?: Rules | null
  winners: readonly Winner[]
  /** The board's marks (boardWinners), for owner names and amounts as the squares show them. */
  marks: Map<string, WinnerMark[]>
  className?: string
}) {
  // The boxes: the rules' paying periods by the board's labels (Q4 for the final, as today, unless Q4 pays apart).
  const boxes = rules ? orderedPayouts(rules.payouts).map((p) => awardPeriodLabel(p.period, periods, rules)) : periods.map((p) => p.label)
  const byLabel = new Map<string, Found>()
  const reverses = new Map<string, Found>()
  const scores: Found[] = []
  for (const w of winners) {
    const mark = markOf(w, periods, marks)
    if (!mark) continue
    if (mark.kind === 'score') scores.push({ winner: w, mark })
    else if (mark.kind === 'reverse') reverses.set(mark.label.replace(/^R /, ''), { winner: w, mark })
    else byLabel.set(mark.label, { winner: w, mark })
  }
  const everyScore = (rules?.everyScorePercent ?? 0) > 0 || scores.length > 0
  return (
    <section aria-labelledby="winners-title" className={cn('rounded-lg border border-amber-200 bg-amber-50/60 p-3', className)}>
      <h3 id="winners-title" className="mb-2 flex items-center gap-1.5 text-sm font-extrabold text-amber-950">
        <Trophy className="size-4 text-amber-600" aria-hidden="true" /> Winners
      </h3>
      <ol className={cn('grid gap-2', boxes.length === 2 ? 'sm:grid-cols-2' : boxes.length === 5 ? 'grid-cols-2 lg:grid-cols-5' : 'grid-cols-2 lg:grid-cols-4')}>
        {boxes.map((label) => {
          const found = byLabel.get(label)
          const reverse = reverses.get(label)
          return (
            <li key={label} className="min-w-0 rounded-md bg-white px-2.5 py-2 text-xs shadow-xs" data-testid={`winner-${label}`}>
              <div className="flex items-baseline justify-between gap-2">
                <span className="font-black tracking-wide text-amber-900">{label}</span>
                {found && (
                  <span className="font-bold tabular-nums text-muted-foreground">
                    {found.winner.awayScore}-{found.winner.homeScore}
                  </span>
                )}
              </div>
              {found ? <Prize found={found} /> : <div className="text-muted-foreground">Not decided yet</div>}
              {reverse && (
                <div className="mt-1.5 border-t pt-1.5" data-testid={`reverse-winner-${label}`}>
                  <div className="text-[0.65rem] font-bold tracking-wide text-violet-800 uppercase">Reverse winner</div>
                  <Prize found={reverse} />
                </div>
              )}
            </li>
          )
        })}
      </ol>
      {everyScore && (
        <div className="mt-3">
          <h4 className="mb-1.5 text-xs font-extrabold tracking-wide text-amber-950 uppercase">Every score pays</h4>
          {scores.length === 0 ? (
            <p className="text-xs text-muted-foreground">No score yet: each change of the score pays its square when the game is final.</p>
          ) : (
            <ol className="grid gap-1 text-xs sm:grid-cols-2" aria-label="Score change winners">
              {scores.map((s) => (
                <li
                  key={s.winner.award ?? `${s.winner.row}-${s.winner.column}-${s.winner.awayScore}-${s.winner.homeScore}`}
                  className="flex min-w-0 items-baseline justify-between gap-2 rounded-md bg-white px-2.5 py-1.5 shadow-xs"
                  data-testid="score-winner"
                >
                  <span className="shrink-0 font-black tabular-nums text-amber-900">{s.mark.label}</span>
                  <span className="min-w-0 flex-1 truncate font-bold" title={s.mark.owner}>
                    {s.mark.owner}
                  </span>
                  <span className="shrink-0 text-muted-foreground">{s.winner.periodLabel}</span>
                  <span className="shrink-0 font-black text-emerald-700">{s.mark.amount ?? 'Bragging rights'}</span>
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
    </section>
  )
}
