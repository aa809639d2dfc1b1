import { Link } from 'react-router'
import { ShieldAlert, ShoppingCart, Trash2, X } from 'lucide-react'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { formatCents, isFree, toCents } from '@/lib/money'
import type { Cell } from '@/lib/types'
import { cn } from '@/lib/utils'
import { cellKey } from './square-labels'

/** Why a player cannot buy here, shown in the cart. */
export type CartBlocker = { kind: 'verify' } | { kind: 'ineligible' } | null

export function CartCard({
  entryFee,
  selected,
  limit,
  max,
  owned,
  signedIn,
  blocker,
  pending,
  payHost = false,
  isHost = false,
  showPurchase = true,
  onRemove,
  onClear,
  onPurchase,
}: {
  entryFee: string
  selected: Cell[]
  /** How many more squares may be picked: the pool's limit minus those owned. */
  limit: number
  max: number
  owned: number
  signedIn: boolean
  blocker: CartBlocker
  pending: boolean
  /** A host-collected pool: squares are claimed here and paid to the host, outside Squares. */
  payHost?: boolean
  /** The viewer is that pool's host, whom nobody pays. */
  isHost?: boolean
  /** False while the selection bar at the bottom of a phone's screen carries the purchase button. */
  showPurchase?: boolean
  onRemove: (cell: Cell) => void
  onClear: () => void
  onPurchase: () => void
}) {
  const free = isFree(entryFee)
  const claim = free || payHost
  const total = toCents(entryFee) * selected.length
  const full = selected.length >= limit
  return (
    <Card className="border-2 border-lime-300 shadow-md" role="region" aria-labelledby="cart-title">
      <CardHeader className="flex-row items-center justify-between gap-3 pb-3">
        <CardTitle id="cart-title" className="flex items-center gap-2">
          <ShoppingCart className="size-5 text-lime-700" aria-hidden="true" /> Selected Squares
        </CardTitle>
        <span
          className={cn('rounded-full px-2.5 py-0.5 text-xs font-black tabular-nums', full ? 'bg-amber-100 text-amber-900' : 'bg-lime-100 text-lime-900')}
          aria-label={`${selected.length} of ${limit} squares selected`}
          data-testid="cart-count"
        >
          {selected.length}/{limit}
        </span>
      </CardHeader>
      <CardContent className="grid gap-4">
        {owned > 0 && (
          <p className="text-xs text-muted-foreground">
            You own {owned} of the {max} squares allowed per player in this pool.
          </p>
        )}
        {selected.length === 0 ? (
          <p className="rounded-lg border border-dashed px-3 py-4 text-center text-sm text-muted-foreground">
            {limit > 0 ? 'Pick open squares on the board to add them here.' : `You have the maximum of ${max} squares in this pool.`}
          </p>
        ) : (
          <ul className="flex flex-wrap gap-2" aria-label="Squares in your cart">
            {selected.map((c) => (
              <li key={cellKey(c)} className="flex items-center gap-1 rounded-md bg-brand py-1 pr-1 pl-2 text-xs font-bold text-brand-foreground">
                R{c.row + 1} · C{c.column + 1}
                <button
                  type="button"
                  onClick={() => onRemove(c)}
                  className="flex size-6 items-center justify-center rounded hover:bg-black/10 focus-visible:ring-2 focus-visible:ring-navy focus-visible:outline-none"
                  aria-label={`Remove row ${c.row + 1}, column ${c.column + 1}`}
                >
                  <X className="size-3.5" aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
        )}
        <dl className="grid gap-1 border-t pt-3 text-sm">
          <div className="flex justify-between">
            <dt className="text-muted-foreground">Price per square</dt>
            <dd className="font-semibold">{free ? 'FREE' : formatCents(toCents(entryFee))}</dd>
          </div>
          <div className="flex justify-between text-base">
            <dt className="font-bold">Total</dt>
            <dd className="font-black" data-testid="cart-total">
              {free ? 'FREE' : formatCents(total)}
            </dd>
          </div>
        </dl>
        {blocker?.kind === 'verify' && (
          <Alert variant="warning">
            <ShieldAlert aria-hidden="true" />
            <AlertTitle>Verify your age to play</AlertTitle>
            <AlertDescription>
              <p>Confirm you are 18+ and where you live before claiming squares.</p>
              <Button asChild size="sm" className="mt-1">
                <Link to="/age-verification">Verify now</Link>
              </Button>
            </AlertDescription>
          </Alert>
        )}
        {blocker?.kind === 'ineligible' && (
          <Alert variant="info">
            <ShieldAlert aria-hidden="true" />
            <AlertTitle>Paid pools are not available in your state</AlertTitle>
            <AlertDescription>You can still play every FREE pool.</AlertDescription>
          </Alert>
        )}
        <div className="grid gap-2">
          {showPurchase && (
            <Button size="lg" variant="brand" onClick={onPurchase} disabled={pending || !!blocker || limit === 0} className="w-full">
              {pending && <Spinner label="Claiming squares" />}
              {claim ? 'Claim Squares' : 'Checkout '}
              {!claim && selected.length > 0 && <span className="font-black">· {formatCents(total)}</span>}
            </Button>
          )}
          {payHost && !free && !isHost && <p className="text-center text-xs text-muted-foreground">You pay the host for your squares, outside Squares.</p>}
          {selected.length > 0 && (
            <Button variant="ghost" size="sm" onClick={onClear} disabled={pending}>
              <Trash2 aria-hidden="true" /> Clear selection
            </Button>
          )}
          {!signedIn && (
            <p className="text-center text-xs text-muted-foreground">
              <Link to="/login" className="font-semibold text-emerald-700 underline-offset-2 hover:underline">
                Sign in
              </Link>{' '}
              to claim squares.
            </p>
          )}
        </div>
      </CardContent>
    </Card>
  )
}
