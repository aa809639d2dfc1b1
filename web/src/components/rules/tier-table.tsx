import { TIERS } from '@/lib/tiers'

const COLUMNS = [
  { key: 'pot', label: 'Full pot' },
  { key: 'houseFee', label: 'House fee (10%)' },
  { key: 'prizePool', label: 'Max prize pool' },
  { key: 'perQuarter', label: 'Max per quarter' },
  { key: 'perHalf', label: 'Max per half (college basketball)' },
] as const

function feeLabel(t: (typeof TIERS)[number]) {
  return t.fee === '0.00' ? <span className="text-sky-700">$0 (FREE)</span> : t.label
}

/**
 * Entry tiers and what a full pool pays: a card per tier on phones, a table from md up. `headingLevel`: the
 * level of the cards' headings, one under the heading the table sits under (4 by default).
 */
export function TierTable({ headingLevel = 4 }: { headingLevel?: 3 | 4 }) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4'
  return (
    <div className="min-w-0">
      <ul className="grid gap-3 sm:grid-cols-2 md:hidden" aria-label="Entry tiers and maximum prizes for a full pool of 100 squares">
        {TIERS.map((t) => (
          <li key={t.fee} className="min-w-0 rounded-xl border bg-card p-4 shadow-sm">
            <Heading className="font-extrabold">
              {feeLabel(t)} <span className="text-sm font-semibold text-muted-foreground">per square</span>
            </Heading>
            <dl className="mt-2 grid gap-1 text-sm">
              {COLUMNS.map((c) => (
                <div key={c.key} className="flex justify-between gap-3">
                  <dt className="min-w-0 text-muted-foreground">{c.label}</dt>
                  <dd className={c.key === 'prizePool' ? 'shrink-0 text-right font-semibold text-emerald-700' : 'shrink-0 text-right font-semibold'}>{t[c.key]}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-xl border bg-card md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Entry tiers and maximum prizes for a full pool of 100 squares</caption>
          <thead className="bg-navy text-white">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                Entry per square
              </th>
              {COLUMNS.map((c) => (
                <th key={c.key} scope="col" className="px-4 py-3 font-semibold">
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {TIERS.map((t) => (
              <tr key={t.fee} className="border-t even:bg-muted/40">
                <th scope="row" className="px-4 py-3 font-extrabold">
                  {feeLabel(t)}
                </th>
                <td className="px-4 py-3">{t.pot}</td>
                <td className="px-4 py-3">{t.houseFee}</td>
                <td className="px-4 py-3 font-semibold text-emerald-700">{t.prizePool}</td>
                <td className="px-4 py-3 font-semibold">{t.perQuarter}</td>
                <td className="px-4 py-3 font-semibold">{t.perHalf}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  )
}
