import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { gameLabel } from '@/lib/game-label'
import type { Pool } from '@/lib/types'

/** Counts of the week's pools: games, pools by status, the featured one. */
export function WeekSummary({ week, pools }: { week: string; pools: Pool[] }) {
  const count = (s: string) => pools.filter((p) => p.status === s).length
  const games = new Set(pools.map((p) => p.gameId)).size
  const featured = pools.find((p) => p.isFeatured)
  const items: [string, number | string][] = [
    ['Games', games],
    ['Pools', pools.length],
    ['Active', count('active')],
    ['Draft', count('draft')],
    ['Inactive', count('inactive')],
    ['Full or live', count('full') + count('started')],
  ]
  return (
    <Card className="mb-4">
      <CardHeader className="pb-2">
        <CardTitle className="text-lg">{week} summary</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-3 gap-3 sm:grid-cols-6" aria-label="Week summary">
          {items.map(([label, value]) => (
            <div key={label} className="rounded-md bg-muted/60 p-2 text-center">
              <dt className="text-xs text-muted-foreground">{label}</dt>
              <dd className="text-xl font-bold">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-3 text-sm text-muted-foreground">
          Pool of the Week: {featured ? `${featured.name}, ${gameLabel(featured.game)}` : 'none this week'}
        </p>
      </CardContent>
    </Card>
  )
}
