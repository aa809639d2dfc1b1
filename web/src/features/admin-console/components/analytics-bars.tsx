import { cn } from '@/lib/utils'

export interface Bar {
  label: string
  value: number
  /** Shown instead of the value, e.g. a percentage. */
  display?: string
  className?: string
}

/**
 * Horizontal bars drawn from real figures, each against `total` (or the largest value). The figures are
 * also in the text, so a screen reader reads them without the drawing.
 */
export function Bars({ bars, total, label }: { bars: Bar[]; total?: number; label: string }) {
  const max = total ?? Math.max(0, ...bars.map((b) => b.value))
  return (
    <ul className="grid gap-3" aria-label={label}>
      {bars.map((b) => {
        const pct = max > 0 ? Math.round((100 * b.value) / max) : 0
        return (
          <li key={b.label} data-testid="bar" className="grid gap-1">
            <div className="flex items-baseline justify-between gap-2 text-sm">
              <span className="font-medium">{b.label}</span>
              <span className="font-semibold tabular-nums">{b.display ?? b.value}</span>
            </div>
            <div className="h-2.5 w-full overflow-hidden rounded-full bg-muted" aria-hidden="true">
              <div className={cn('h-full rounded-full bg-emerald-500', b.className)} style={{ width: `${pct}%` }} />
            </div>
          </li>
        )
      })}
    </ul>
  )
}
