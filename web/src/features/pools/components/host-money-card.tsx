import { HandCoins } from 'lucide-react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { formatDateTimeET } from '@/lib/dates'
import { formatCents, formatMoney, isFree, toCents } from '@/lib/money'
import type { Pool } from '@/lib/types'
import { useOwnBalance } from '../hooks/use-host-pool'

/**
 * A host-collected pool's money, for everyone who sees it: the host collects it outside Squares, which holds
 * none of it and charges no fee; how to pay the host and by when; and, for a signed-in member, their own
 * account (owed, paid, still owed) as the host recorded it.
 */
export function HostMoneyCard({ pool, member, isHost }: { pool: Pool; member: boolean; isHost: boolean }) {
  const balance = useOwnBalance(pool.id, member)
  const b = balance.data
  const free = isFree(pool.entryFee)
  const drawn = pool.numbersGenerated
  return (
    <Card className="border-sky-200 bg-sky-50/60" role="region" aria-labelledby="host-money-title">
      <CardHeader className="flex-row items-start gap-3 pb-3">
        <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-sky-100 text-sky-800">
          <HandCoins className="size-4" aria-hidden="true" />
        </span>
        <div className="grid gap-1">
          <CardTitle id="host-money-title" className="text-base">
            {isHost ? 'You collect the money' : 'Pay the host'}
          </CardTitle>
          <CardDescription className="text-sky-950/80">
            {isHost ? 'Your players pay you, outside Squares.' : 'The host collects the money for this pool, outside Squares.'} Squares does not
            hold this pool’s money and charges no fee.
          </CardDescription>
        </div>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {pool.paymentInstructions && (
          <div>
            <h3 className="text-xs font-bold tracking-wide text-muted-foreground uppercase">{isHost ? 'Your payment instructions' : 'How to pay the host'}</h3>
            <p className="mt-1 break-words whitespace-pre-line" data-testid="payment-instructions">
              {pool.paymentInstructions}
            </p>
          </div>
        )}
        {!free && pool.payBy && (
          <p>
            <span className="font-semibold">Pay by {formatDateTimeET(pool.payBy)}.</span>{' '}
            {drawn ? 'The numbers are drawn: what is owed is settled with the host.' : 'Squares not paid for by then are released for others to take.'}
          </p>
        )}
        {member && !free && (
          <section aria-labelledby="own-balance-title" className="rounded-lg bg-white p-3 shadow-xs">
            <h3 id="own-balance-title" className="mb-2 font-bold">
              Your balance
            </h3>
            {balance.isLoading ? (
              <Skeleton className="h-14 w-full" />
            ) : balance.isError || !b ? (
              <p className="text-muted-foreground">Your balance could not be loaded. It updates when you reload the page.</p>
            ) : (
              <dl className="grid grid-cols-3 gap-2 text-center" data-testid="own-balance">
                <div>
                  <dt className="text-xs text-muted-foreground">Owed</dt>
                  <dd className="font-black tabular-nums">{formatMoney(b.owed)}</dd>
                </div>
                <div>
                  <dt className="text-xs text-muted-foreground">Paid</dt>
                  <dd className="font-black text-emerald-700 tabular-nums">{formatMoney(b.paid)}</dd>
                </div>
                <div>
                  <dt className="text-xs text-muted-foreground">{toCents(b.balance) < 0 ? 'Paid over' : 'Still owed'}</dt>
                  <dd className={toCents(b.balance) > 0 ? 'font-black text-red-700 tabular-nums' : 'font-black tabular-nums'}>
                    {formatCents(Math.abs(toCents(b.balance)))}
                  </dd>
                </div>
              </dl>
            )}
            {b && b.squares > 0 && toCents(b.balance) <= 0 && <p className="mt-2 text-xs text-emerald-800">All your squares are paid for. Thank you!</p>}
          </section>
        )}
      </CardContent>
    </Card>
  )
}
