import { HALF_SCHEDULES, HALVES, QUARTER_SCHEDULES, QUARTERS } from '@/lib/periods'

const DESCRIPTIONS: Record<string, string> = {
  Q1: 'End of 1st quarter',
  Halftime: 'Halftime',
  Q3: 'End of 3rd quarter',
  Final: 'Final score (incl. overtime)',
}

function Shares({ caption, periods, schedule, level }: { caption: string; periods: typeof QUARTERS; schedule: readonly number[]; level: 3 | 4 }) {
  const Heading = level === 3 ? 'h3' : 'h4'
  return (
    <div className="min-w-0">
      <Heading className="mb-2 text-sm font-bold text-muted-foreground">{caption}</Heading>
      <ul className={`grid gap-3 ${periods.length === 2 ? 'grid-cols-2' : 'grid-cols-2 sm:grid-cols-4'}`}>
        {periods.map((p, i) => (
          <li key={p.label} className="min-w-0 rounded-xl border bg-card p-4 text-center shadow-sm">
            <div className="text-xs font-bold tracking-widest text-muted-foreground uppercase">{p.name === 'Halftime' ? 'Half' : p.name}</div>
            <div className="my-1 text-3xl font-black text-emerald-700">{schedule[i]}%</div>
            <div className="text-xs text-muted-foreground">{DESCRIPTIONS[p.name]}</div>
          </li>
        ))}
      </ul>
    </div>
  )
}

/**
 * The default shares: 25% at each of Q1, halftime, Q3 and the final; 50% per half in college basketball.
 * `headingLevel`: the level of its own headings, one under the heading it sits under (4 by default).
 */
export function PayoutStructure({ headingLevel = 4 }: { headingLevel?: 3 | 4 }) {
  return (
    <div>
      <div className="grid gap-5 lg:grid-cols-[2fr_1fr]">
        <Shares caption="NFL, NBA and college football: four quarters" periods={QUARTERS} schedule={QUARTER_SCHEDULES[0]} level={headingLevel} />
        <Shares caption="College basketball: two halves" periods={HALVES} schedule={HALF_SCHEDULES[0]} level={headingLevel} />
      </div>
      <p className="mt-4 text-sm text-muted-foreground">
        The house keeps a 10% fee, taken first from the total pot; the other 90% is the prize pool. Non-profit pools give 5% to
        the organization and 95% to winners. Example: a full $10 pool is a $1,000 pot, a $100 fee, a $900 prize pool and
        $225 per quarter ($450 per half in college basketball). Some pools pay 20/30/20/30 (or 40/60 for halves) instead; each
        pool shows its split. Rounding cents go to the final.
      </p>
    </div>
  )
}
