import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { formatDateTimeET } from '@/lib/dates'
import { gameLabel } from '@/lib/game-label'
import { formatMoney, toCents } from '@/lib/money'
import { cn } from '@/lib/utils'
import { useLedgerTransactions, type LedgerTransaction } from '../api/ledger-api'
import type { useLedgerFilter } from '../hooks/use-ledger-filter'
import { kindLabel } from './ledger-labels'
import { LedgerFilters } from './ledger-filters'

/** The ledger's transactions, newest first, filtered by pool and kind, a page at a time. */
export function LedgerTransactionsCard({ f }: { f: ReturnType<typeof useLedgerFilter> }) {
  const q = useLedgerTransactions(f.filter)
  const rows = q.data?.transactions ?? []
  const total = q.data?.total ?? 0
  const pages = Math.max(1, Math.ceil(total / f.filter.pageSize))
  const first = total === 0 ? 0 : (f.page - 1) * f.filter.pageSize + 1
  const last = Math.min((f.page - 1) * f.filter.pageSize + rows.length, total)
  return (
    <Card id="ledger-transactions" className="scroll-mt-20 xl:scroll-mt-32">
      <CardHeader>
        <CardTitle>Transactions</CardTitle>
        <CardDescription aria-live="polite">{q.data ? `Showing ${first}–${last} of ${total}, newest first` : '\u00a0'}</CardDescription>
        <LedgerFilters f={f} />
      </CardHeader>
      <CardContent className="p-0 sm:p-0">
        {q.isLoading ? (
          <Skeleton className="mx-5 mb-5 h-32" />
        ) : q.isError && !q.data ? (
          <p className="px-5 pb-5 text-sm text-destructive">The transactions could not be loaded.</p>
        ) : rows.length === 0 ? (
          <p className="px-5 pb-5 text-sm text-muted-foreground">{f.active ? 'No transactions match these filters.' : 'No money has moved yet.'}</p>
        ) : (
          <ol className="divide-y border-t" aria-label="Ledger transactions">
            {rows.map((t) => (
              <TransactionRow key={t.id} t={t} />
            ))}
          </ol>
        )}
        {total > f.filter.pageSize && (
          <nav aria-label="Transaction pages" className="flex items-center justify-between gap-2 border-t px-4 py-3 sm:px-5">
            <Button variant="outline" size="sm" disabled={f.page <= 1} onClick={() => f.setPage(f.page - 1)}>
              <ChevronLeft aria-hidden="true" /> Newer
            </Button>
            <span className="text-sm text-muted-foreground">
              Page {f.page} of {pages}
            </span>
            <Button variant="outline" size="sm" disabled={f.page >= pages} onClick={() => f.setPage(f.page + 1)}>
              Older <ChevronRight aria-hidden="true" />
            </Button>
          </nav>
        )}
      </CardContent>
    </Card>
  )
}

function TransactionRow({ t }: { t: LedgerTransaction }) {
  const who = t.userName || t.userEmail
  return (
    <li data-testid="ledger-transaction" className="grid gap-1.5 px-4 py-3 sm:px-5">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Badge variant="secondary">{kindLabel(t.kind)}</Badge>
        <span className="font-bold tabular-nums">{formatMoney(t.amount)}</span>
        <span className="text-sm text-muted-foreground">
          #{t.id} · <time dateTime={t.createdAt}>{formatDateTimeET(t.createdAt)}</time>
        </span>
      </div>
      {(t.poolId || who) && (
        <p className="text-sm break-words">
          {t.poolId ? `${t.poolName || 'Pool'} #${t.poolId}${t.game ? ` · ${gameLabel(t.game)}` : ''}` : ''}
          {t.poolId && who ? ' · ' : ''}
          {who ? `${who}${t.userEmail && t.userName ? ` (${t.userEmail})` : ''} #${t.userId}` : ''}
        </p>
      )}
      <dl className="grid gap-x-4 text-xs sm:grid-cols-2" aria-label={`Entries of transaction ${t.id}`}>
        {t.entries.map((e, i) => (
          <div key={`${e.account}-${i}`} className="flex items-baseline justify-between gap-2">
            <dt className="font-mono break-all text-muted-foreground">{e.account}</dt>
            <dd className={cn('font-semibold tabular-nums', toCents(e.amount) < 0 ? 'text-red-700' : 'text-emerald-800')}>
              {toCents(e.amount) > 0 ? '+' : ''}
              {formatMoney(e.amount)}
            </dd>
          </div>
        ))}
      </dl>
      {(t.memo || t.paymentId) && (
        <p className="text-xs break-all text-muted-foreground">
          {t.paymentId ? `Payment ${t.paymentId}` : ''}
          {t.memo && t.paymentId ? ' · ' : ''}
          {t.memo}
        </p>
      )}
    </li>
  )
}
