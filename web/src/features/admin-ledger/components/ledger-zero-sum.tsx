import { AlertTriangle, CheckCircle2 } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { formatMoney } from '@/lib/money'
import { cn } from '@/lib/utils'
import { useLedgerSummary } from '../api/ledger-api'

/** The zero-sum check, plainly: the sum of all accounts is $0.00 (green), or the books are out (red). */
export function LedgerZeroSum() {
  const q = useLedgerSummary()
  const sum = q.data
  if (q.isLoading) return <Skeleton className="h-20" aria-label="Loading the zero-sum check" />
  if (!sum) {
    return (
      <Card role="alert" className="border-red-300 bg-red-50">
        <CardContent className="flex flex-wrap items-center gap-3 pt-6 text-red-900">
          <AlertTriangle className="size-6 shrink-0" aria-hidden="true" />
          <p className="font-semibold">The ledger could not be read, so the zero-sum check could not run.</p>
          <Button size="sm" variant="outline" onClick={() => void q.refetch()}>
            Try again
          </Button>
        </CardContent>
      </Card>
    )
  }
  const ok = sum.balanced && sum.total === '0.00'
  const Icon = ok ? CheckCircle2 : AlertTriangle
  return (
    <Card
      role="status"
      aria-label="Zero-sum check"
      data-balanced={ok}
      className={cn(ok ? 'border-emerald-300 bg-emerald-50 text-emerald-950' : 'border-red-300 bg-red-50 text-red-950')}
    >
      <CardContent className="flex items-start gap-3 pt-6 sm:pt-6">
        <Icon className={cn('mt-0.5 size-7 shrink-0', ok ? 'text-emerald-700' : 'text-red-700')} aria-hidden="true" />
        <div className="min-w-0">
          <p className="text-lg font-extrabold">{ok ? 'Balanced' : 'Out of balance'}</p>
          <p className="font-semibold">
            Sum of all accounts: <span className="tabular-nums">{formatMoney(sum.total)}</span>
          </p>
          <p className="mt-1 text-sm">
            {ok
              ? `The ${sum.accounts.length} accounts sum to zero: every dollar taken in is accounted for.`
              : 'The accounts must sum to zero. Money is unaccounted for: hold payouts and look at the latest transactions.'}
          </p>
        </div>
      </CardContent>
    </Card>
  )
}
