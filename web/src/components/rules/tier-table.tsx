import { TIERS } from '@/lib/tiers'

/** Entry tiers and what a full pool pays. */
export function TierTable() {
  return (
    <div className="overflow-x-auto rounded-xl border bg-card">
      <table className="w-full min-w-[520px] text-left text-sm">
        <caption className="sr-only">Entry tiers and maximum prizes for a full pool of 100 squares</caption>
        <thead className="bg-navy text-white">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">Entry per square</th>
            <th scope="col" className="px-4 py-3 font-semibold">Full pot</th>
            <th scope="col" className="px-4 py-3 font-semibold">House fee (10%)</th>
            <th scope="col" className="px-4 py-3 font-semibold">Max prize pool</th>
            <th scope="col" className="px-4 py-3 font-semibold">Max per quarter</th>
            <th scope="col" className="px-4 py-3 font-semibold">Max per half (college basketball)</th>
          </tr>
        </thead>
        <tbody>
          {TIERS.map((t) => (
            <tr key={t.fee} className="border-t even:bg-muted/40">
              <th scope="row" className="px-4 py-3 font-extrabold">
                {t.fee === '0.00' ? <span className="text-sky-700">$0 (FREE)</span> : t.label}
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
  )
}
