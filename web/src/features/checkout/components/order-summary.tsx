import { CalendarClock } from 'lucide-react'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { Matchup } from '@/components/pools/team-chip'
import { formatDateTimeET } from '@/lib/dates'
import { formatCents } from '@/lib/money'
import type { Pool } from '@/lib/types'
import type { CheckoutSquare } from '../api/checkout-api'

/** The order: the pool and its game, the squares, the price per square and the total. */
export function OrderSummary({
  pool,
  loading,
  squares,
  price,
  total,
}: {
  pool: Pool | null
  loading: boolean
  squares: CheckoutSquare[]
  /** One square's price, in cents. */
  price: number
  total: string
}) {
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle level={2}>Order summary</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        {loading ? (
          // The shape of the pool's lines below (name, teams, kickoff), so that nothing moves when they come.
          <div className="grid gap-2" aria-hidden="true">
            <Skeleton className="h-5 w-24" />
            <Skeleton className="h-7 w-48" />
            <Skeleton className="h-4 w-40" />
          </div>
        ) : pool ? (
          <div className="grid gap-2">
            <div className="font-semibold text-muted-foreground">{pool.name}</div>
            {pool.game && <Matchup away={pool.game.awayTeam} home={pool.game.homeTeam} awayColor={pool.game.awayTeamColor} homeColor={pool.game.homeTeamColor} size="sm" />}
            {pool.game && (
              <div className="flex items-center gap-1.5 text-xs text-muted-foreground">
                <CalendarClock className="size-3.5" aria-hidden="true" /> {formatDateTimeET(pool.game.gameDate)}
              </div>
            )}
          </div>
        ) : null}
        <div>
          <div className="mb-2 font-semibold" data-testid="checkout-count">
            {squares.length} {squares.length === 1 ? 'square' : 'squares'}
          </div>
          <ul className="flex flex-wrap gap-1.5" aria-label="Squares in this purchase">
            {squares.map((s) => (
              <li key={`${s.row}-${s.column}`} className="rounded-md bg-brand px-2 py-1 text-xs font-bold text-brand-foreground">
                Row {s.row + 1}, column {s.column + 1}
              </li>
            ))}
          </ul>
        </div>
        <dl className="grid gap-1 border-t pt-3">
          <div className="flex justify-between">
            <dt className="text-muted-foreground">
              {squares.length} × {formatCents(price)}
            </dt>
            <dd>{formatCents(price * squares.length)}</dd>
          </div>
          <div className="flex justify-between text-base">
            <dt className="font-bold">Total</dt>
            <dd className="font-black" data-testid="checkout-total">
              {total}
            </dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  )
}
