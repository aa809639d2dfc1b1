import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import type { Pool } from '@/lib/types'

/** Counts over the filtered pools. */
export function PoolStatistics({ pools, total }: { pools: Pool[]; total: number }) {
  const count = (...s: string[]) => pools.filter((p) => s.includes(p.status)).length
  const squares = pools.reduce((n, p) => n + p.currentParticipants, 0)
  const items: [string, number][] = [
    ['Shown', pools.length],
    ['Active', count('active')],
    ['Draft', count('draft')],
    ['Inactive', count('inactive')],
    ['Full or live', count('full', 'started')],
    ['Squares taken', squares],
  ]
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="text-lg">Statistics</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Statistics">
          {items.map(([label, value]) => (
            <div key={label} className="rounded-md bg-muted/60 p-2 text-center">
              <dt className="text-xs text-muted-foreground">{label}</dt>
              <dd className="text-xl font-bold">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-2 text-xs text-muted-foreground">{total} pools in the league in all.</p>
      </CardContent>
    </Card>
  )
}
