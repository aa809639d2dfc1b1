import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { formatCents, isFree, toCents } from '@/lib/money'

/**
 * On a phone, once squares are selected: a bar held at the bottom of the screen with the count, the total
 * and the Claim Squares / Checkout button, so that buying never means scrolling past the page. It is
 * sticky, not fixed: at the end of the page it takes its own place and covers nothing.
 */
export function SelectionBar({
  entryFee,
  payHost = false,
  count,
  limit,
  pending,
  onPurchase,
}: {
  entryFee: string
  /** A host-collected pool: squares are claimed here and paid to the host. */
  payHost?: boolean
  count: number
  /** How many squares may be selected at most. */
  limit: number
  pending: boolean
  onPurchase: () => void
}) {
  const free = isFree(entryFee)
  const total = formatCents(toCents(entryFee) * count)
  return (
    <div
      role="region"
      aria-label="Your selection"
      data-testid="selection-bar"
      className="sticky bottom-0 z-30 -mx-4 mt-6 border-t border-lime-300 bg-card/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-6px_16px_rgba(15,23,42,0.12)] backdrop-blur sm:-mx-6 sm:px-6"
    >
      <div className="flex items-center gap-3">
        {/* Announced politely as it changes: the count and the total. */}
        <p className="min-w-0 flex-1 text-sm leading-tight" aria-live="polite" aria-atomic="true">
          <span className="block font-bold" data-testid="selection-bar-count">
            {count} {count === 1 ? 'square' : 'squares'} selected
            <span className="sr-only"> of {limit} allowed</span>
          </span>
          <span className="block text-muted-foreground">
            Total <span className="font-black text-foreground" data-testid="selection-bar-total">{free ? 'FREE' : total}</span>
          </span>
        </p>
        <Button size="lg" variant="brand" onClick={onPurchase} disabled={pending} className="shrink-0">
          {pending && <Spinner label="Claiming squares" />}
          {free || payHost ? 'Claim Squares' : 'Checkout '}
          {/* Under 400 px the total is read from the left only, so that the count keeps its line. */}
          {!free && !payHost && <span className="font-black max-[399px]:sr-only">· {total}</span>}
        </Button>
      </div>
    </div>
  )
}
