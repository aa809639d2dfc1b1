import { Link } from 'react-router'
import { CreditCard, Receipt } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { RefreshNotice } from '@/components/layout/refresh-notice'
import { EmptyState } from '@/components/pools/empty-state'
import { formatDateTimeET } from '@/lib/dates'
import { formatCents, toCents } from '@/lib/money'
import { cn } from '@/lib/utils'
import { usePayments, useTransactions, type PaymentStatus, type Transaction, type TransactionKind } from '../api/my-pools-api'

const KIND: Record<string, { label: string; className: string }> = {
  hold: { label: 'Hold', className: 'bg-amber-100 text-amber-900' },
  release: { label: 'Released', className: 'bg-sky-100 text-sky-800' },
  capture: { label: 'Captured', className: 'bg-violet-100 text-violet-800' },
  refund: { label: 'Refund', className: 'bg-emerald-100 text-emerald-800' },
  prize: { label: 'Prize', className: 'bg-lime-200 text-lime-950' },
  claim: { label: 'Claimed', className: 'bg-sky-100 text-sky-800' },
  payout: { label: 'Payout', className: 'bg-emerald-700 text-white' },
  forfeit: { label: 'Forfeit', className: 'bg-red-100 text-red-800' },
}

function KindBadge({ kind }: { kind: TransactionKind }) {
  const k = KIND[kind] ?? { label: kind, className: 'bg-muted text-muted-foreground' }
  return <Badge className={cn('border-transparent capitalize', k.className)}>{k.label}</Badge>
}

/** "−$10.00" in red, "+$10.00" in green, "$0.00" muted. */
function SignedAmount({ amount }: { amount: string }) {
  const cents = toCents(amount)
  const text = cents < 0 ? `−${formatCents(-cents)}` : cents > 0 ? `+${formatCents(cents)}` : formatCents(0)
  return (
    <span
      className={cn('font-black tabular-nums', cents < 0 ? 'text-red-600' : cents > 0 ? 'text-emerald-700' : 'text-muted-foreground')}
      aria-label={cents < 0 ? `minus ${formatCents(-cents)}` : cents > 0 ? `plus ${formatCents(cents)}` : formatCents(0)}
    >
      {text}
    </span>
  )
}

function TransactionRow({ tx }: { tx: Transaction }) {
  return (
    <li className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 px-4 py-3 sm:px-5 md:grid-cols-[11.5rem_minmax(0,1fr)_minmax(0,1fr)_7rem] md:items-center" data-testid="transaction">
      <div className="order-3 col-span-2 text-xs text-muted-foreground md:order-none md:col-span-1 md:text-sm">
        <span className="sr-only">Date: </span>
        {formatDateTimeET(tx.createdAt)}
      </div>
      <div className="order-1 flex min-w-0 flex-wrap items-center gap-2 md:order-none">
        <span className="font-semibold">{tx.description}</span>
        <KindBadge kind={tx.kind} />
      </div>
      <div className="order-4 col-span-2 min-w-0 text-sm text-muted-foreground md:order-none md:col-span-1">
        {tx.poolId ? (
          <Link to={`/pool/${tx.poolId}`} className="font-medium text-foreground hover:underline">
            {tx.poolName || `Pool ${tx.poolId}`}
          </Link>
        ) : (
          '—'
        )}
        {tx.game && <span className="block truncate text-xs">{tx.game}</span>}
      </div>
      <div className="order-2 text-right md:order-none">
        <SignedAmount amount={tx.amount} />
      </div>
    </li>
  )
}

const PAYMENT_STATUS: Record<string, { label: string; className: string; note: string }> = {
  pending: { label: 'Awaiting card', className: 'bg-amber-100 text-amber-900', note: 'Squares held while you pay' },
  held: { label: 'Card hold', className: 'bg-sky-100 text-sky-800', note: 'Held, not charged, until the pool completes' },
  captured: { label: 'Captured', className: 'bg-violet-100 text-violet-800', note: 'In escrow until the game settles' },
  released: { label: 'Released', className: 'bg-muted text-muted-foreground', note: 'The hold was cancelled: nothing charged' },
  refunded: { label: 'Refunded', className: 'bg-emerald-100 text-emerald-800', note: 'Returned to your card' },
  failed: { label: 'Failed', className: 'bg-red-100 text-red-800', note: 'No money moved' },
}

function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const s = PAYMENT_STATUS[status] ?? { label: status, className: 'bg-muted text-muted-foreground' }
  return <Badge className={cn('border-transparent', s.className)}>{s.label}</Badge>
}

function PaymentsCard({ poolNames }: { poolNames: Map<number, string> }) {
  const q = usePayments(true)
  // Only what is still open: a checkout awaiting its card, or a hold waiting for the pool to complete.
  const payments = (q.data ?? []).filter((p) => p.status === 'pending' || p.status === 'held')
  if (q.isLoading || payments.length === 0) return null
  return (
    <Card>
      <CardHeader className="flex-row items-center gap-3 pb-3">
        <span className="flex size-9 items-center justify-center rounded-lg bg-sky-100 text-sky-700">
          <CreditCard className="size-5" aria-hidden="true" />
        </span>
        <div>
          <CardTitle>Open card holds</CardTitle>
          <CardDescription>Holds stay on your card until the pool is decided; nothing is charged before.</CardDescription>
        </div>
      </CardHeader>
      <CardContent className="p-0 sm:p-0">
        <ul className="divide-y border-t">
          {payments.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3 sm:px-5" data-testid="payment">
              <div className="min-w-0">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold">
                    {p.squares?.length ?? 0} {p.squares?.length === 1 ? 'square' : 'squares'} ·{' '}
                    <Link to={`/pool/${p.poolId}`} className="hover:underline">
                      {poolNames.get(p.poolId) ?? `Pool ${p.poolId}`}
                    </Link>
                  </span>
                  <PaymentStatusBadge status={p.status} />
                </div>
                <div className="text-xs text-muted-foreground">
                  {formatDateTimeET(p.createdAt)} · {p.message || PAYMENT_STATUS[p.status]?.note || ''}
                  {p.status === 'pending' && p.expiresAt ? ` (until ${formatDateTimeET(p.expiresAt)})` : ''}
                </div>
              </div>
              <span className="font-black tabular-nums">{formatCents(toCents(p.amount))}</span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  )
}

/** The player's money: ledger lines (GET /api/user/transactions) and card payments (GET /api/user/payments). */
export function TransactionsPanel({ poolNames }: { poolNames: Map<number, string> }) {
  const q = useTransactions(true)
  const txs = q.data ?? []
  const names = new Map(poolNames)
  for (const t of txs) if (t.poolId && t.poolName && !names.has(t.poolId)) names.set(t.poolId, t.poolName)
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader className="flex-row items-center gap-3 pb-3">
          <span className="flex size-9 items-center justify-center rounded-lg bg-lime-100 text-lime-800">
            <Receipt className="size-5" aria-hidden="true" />
          </span>
          <div>
            <CardTitle>Transactions</CardTitle>
            <CardDescription>Every movement of your money, newest first. Times in ET.</CardDescription>
            <RefreshNotice failed={q.isRefetchError} className="mt-1" />
          </div>
        </CardHeader>
        <CardContent className="p-0 sm:p-0">
          {q.isLoading ? (
            <div className="grid gap-3 border-t p-5" aria-busy="true" aria-label="Loading transactions">
              {Array.from({ length: 4 }, (_, i) => (
                <Skeleton key={i} className="h-10" />
              ))}
            </div>
          ) : q.isLoadingError ? (
            <p className="border-t p-5 text-sm text-destructive">Your transactions could not be loaded. Please try again later.</p>
          ) : txs.length === 0 ? (
            <div className="border-t p-5">
              <EmptyState icon={Receipt} title="No transactions yet" description="Card holds, refunds and prizes from paid pools will show up here. Free pools move no money." />
            </div>
          ) : (
            <>
              <div className="hidden border-t bg-muted/50 px-5 py-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase md:grid md:grid-cols-[11.5rem_minmax(0,1fr)_minmax(0,1fr)_7rem] md:gap-x-4" aria-hidden="true">
                <span>Date</span>
                <span>Description</span>
                <span>Pool / game</span>
                <span className="text-right">Amount</span>
              </div>
              <ul className="divide-y border-t" aria-label="Transactions">
                {txs.map((t) => (
                  <TransactionRow key={t.id} tx={t} />
                ))}
              </ul>
            </>
          )}
        </CardContent>
      </Card>
      <PaymentsCard poolNames={names} />
    </div>
  )
}
