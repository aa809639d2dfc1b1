import { Link } from 'react-router'
import { BookOpen, ListChecks } from 'lucide-react'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { PoolRulesList } from '@/components/rules/pool-rules'
import type { Pool } from '@/lib/types'

/** "Rules of this pool": the rules it plays by, with How to Play for this pool. */
export function PoolRulesCard({ pool }: { pool: Pool }) {
  return (
    <Card role="region" aria-labelledby="pool-rules-title">
      <CardHeader className="flex-row items-center gap-3 pb-3">
        <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-violet-100 text-violet-700">
          <ListChecks className="size-4" aria-hidden="true" />
        </span>
        <CardTitle id="pool-rules-title">Rules of this pool</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <PoolRulesList pool={pool} />
        <Link to={`/how-to-play?pool=${pool.id}`} className="inline-flex items-center gap-1.5 text-sm font-semibold text-foreground underline">
          <BookOpen className="size-4" aria-hidden="true" /> How to Play this pool
        </Link>
      </CardContent>
    </Card>
  )
}
