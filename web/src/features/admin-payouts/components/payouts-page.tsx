import { useState } from 'react'
import { toast } from '@/lib/toast'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { PageContainer, PageHeader } from '@/components/layout/page'
import { errorMessage } from '@/lib/api'
import { formatDateTimeET } from '@/lib/dates'
import { gameLabel } from '@/lib/game-label'
import { formatMoney } from '@/lib/money'
import { useMarkPayoutPaid, usePayouts, type Payout, type PayoutFilter } from '../api/payout-api'
import { AdminOnly } from '@/components/layout/admin-only'
import { EscrowFailuresCard } from './escrow-failures-card'

/** Prize payouts: prizes players claimed, which the operator pays outside Squares and marks paid here. */
export function PayoutsPage() {
  return (
    <AdminOnly>
      <PageContainer>
        <PageHeader title="Prize Payouts" description="Claimed prizes to pay to their winners. Pay each outside Squares, then mark it paid." />
        <Payouts />
        <EscrowFailuresCard />
      </PageContainer>
    </AdminOnly>
  )
}

function Payouts() {
  const [filter, setFilter] = useState<PayoutFilter>('pending')
  const q = usePayouts(filter)
  const payouts = q.data ?? []
  return (
    <Card>
      {/* Each tab's panel exists (hidden when inactive) so that every tab's aria-controls names an element. */}
      <Tabs value={filter} onValueChange={(v) => setFilter(v as PayoutFilter)} className="gap-0">
        <CardHeader>
          <CardTitle>Payouts</CardTitle>
          <CardDescription>With the sandbox, claims are paid at once and show here as paid.</CardDescription>
          <TabsList>
            <TabsTrigger value="pending">Pending</TabsTrigger>
            <TabsTrigger value="paid">Paid</TabsTrigger>
            <TabsTrigger value="all">All</TabsTrigger>
          </TabsList>
        </CardHeader>
        {(['pending', 'paid', 'all'] as const).map((f) => (
          <TabsContent key={f} value={f}>
            <PayoutList q={q} payouts={payouts} />
          </TabsContent>
        ))}
      </Tabs>
    </Card>
  )
}

function PayoutList({ q, payouts }: { q: ReturnType<typeof usePayouts>; payouts: Payout[] }) {
  return (
    <CardContent className="p-0">
      {q.isLoading ? (
        <Skeleton className="mx-5 mb-5 h-24" />
      ) : q.isLoadingError ? (
        <p className="px-5 pb-5 text-sm text-destructive">The payouts could not be loaded.</p>
      ) : payouts.length === 0 ? (
        <p className="px-5 pb-5 text-sm text-muted-foreground">No payouts here.</p>
      ) : (
        <ul className="divide-y border-t">
          {payouts.map((p) => (
            <PayoutRow key={p.id} payout={p} />
          ))}
        </ul>
      )}
    </CardContent>
  )
}

function PayoutRow({ payout: p }: { payout: Payout }) {
  const mark = useMarkPayoutPaid()
  const who = `${p.firstName} ${p.lastName}`.trim() || p.email
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 sm:px-5" data-testid="payout">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{who}</span>
          <span className="text-sm text-muted-foreground">{p.email}</span>
          <Badge variant={p.status === 'paid' ? 'completed' : 'warning'}>{p.status === 'paid' ? 'Paid' : 'Pending'}</Badge>
        </div>
        <div className="text-sm text-muted-foreground">
          {p.periodLabel} of {p.poolName}
          {p.game ? `, ${gameLabel(p.game)}` : ''} · claimed {formatDateTimeET(p.claimedAt)}
          {p.paidAt && <> · paid {formatDateTimeET(p.paidAt)}</>}
        </div>
      </div>
      <span className="text-lg font-black tabular-nums">{formatMoney(p.amount)}</span>
      {p.status === 'payout_pending' && (
        <Button
          size="sm"
          disabled={mark.isPending}
          aria-label={`Mark ${formatMoney(p.amount)} to ${who} paid`}
          onClick={() =>
            mark.mutate(p.id, {
              onSuccess: () => toast.success(`Marked ${formatMoney(p.amount)} to ${who} paid.`),
              onError: (err) => toast.error(errorMessage(err, 'The payout could not be marked paid.')),
            })
          }
        >
          Mark paid
        </Button>
      )}
    </li>
  )
}
