const PERIODS = [
  { label: 'Q1', name: 'End of 1st quarter' },
  { label: 'HALF', name: 'Halftime' },
  { label: 'Q3', name: 'End of 3rd quarter' },
  { label: 'FINAL', name: 'Final score (incl. overtime)' },
]

/** 25% of the prize pool at each of Q1, halftime, Q3 and the final. */
export function PayoutStructure() {
  return (
    <div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {PERIODS.map((p) => (
          <div key={p.label} className="rounded-xl border bg-card p-4 text-center shadow-sm">
            <div className="text-xs font-bold tracking-widest text-muted-foreground">{p.label}</div>
            <div className="my-1 text-3xl font-black text-emerald-600">25%</div>
            <div className="text-xs text-muted-foreground">{p.name}</div>
          </div>
        ))}
      </div>
      <p className="mt-4 text-sm text-muted-foreground">
        The house keeps a 10% fee, taken first from the total pot; the other 90% is the prize pool. Non-profit pools give 5% to
        the organization and 95% to winners. Example: a full $10 pool is a $1,000 pot, a $100 fee, a $900 prize pool and
        $225 per quarter.
      </p>
    </div>
  )
}
