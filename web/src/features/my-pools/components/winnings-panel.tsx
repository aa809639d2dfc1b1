import { useState } from 'react'
import { Link } from 'react-router'
import { Trophy } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { RefreshNotice } from '@/components/layout/refresh-notice'
import { EmptyState } from '@/components/pools/empty-state'
import { errorMessage } from '@/lib/api'
import { formatDateET, formatDateTimeET } from '@/lib/dates'
import { formatMoney } from '@/lib/money'
import { cn } from '@/lib/utils'
import { useClaimPrize, usePrizes, type Prize, type PrizeStatus } from '../api/my-pools-api'

const STATUS: Record<string, { label: string; className: string }> = {
  unclaimed: { label: 'Unclaimed', className: 'bg-amber-100 text-amber-900' },
  payout_pending: { label: 'Payout pending', className: 'bg-sky-100 text-sky-800' },
  paid: { label: 'Paid', className: 'bg-emerald-700 text-white' },
  forfeited: { label: 'Forfeited', className: 'bg-red-100 text-red-800' },
}

function StatusBadge({ status }: { status: PrizeStatus }) {
  const s = STATUS[status] ?? { label: status, className: 'bg-muted text-muted-foreground' }
  return <Badge className={cn('border-transparent', s.className)}>{s.label}</Badge>
}

function PrizeRow({ prize }: { prize: Prize }) {
  const claim = useClaimPrize()
  const [error, setError] = useState('')
  const name = `${prize.periodLabel} of ${prize.poolName}`
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-5" data-testid="prize">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{prize.periodLabel} winner</span>
          <StatusBadge status={prize.status} />
        </div>
        <Link to={`/pool/${prize.poolId}`} className="text-sm text-muted-foreground hover:underline">
          {prize.poolName}
        </Link>
        <div className="text-xs text-muted-foreground">
          {prize.status === 'unclaimed' && <>Claim by {formatDateET(prize.claimBy)}</>}
          {prize.status === 'payout_pending' && <>Claimed {formatDateTimeET(prize.claimedAt)}: the payout is on its way</>}
          {prize.status === 'paid' && <>Paid {formatDateTimeET(prize.paidAt)}</>}
          {prize.status === 'forfeited' && <>Not claimed by {formatDateET(prize.claimBy)}</>}
        </div>
        {error && (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
      </div>
      <span className="text-lg font-black tabular-nums text-emerald-700">{formatMoney(prize.amount)}</span>
      {prize.status === 'unclaimed' && (
        <Button
          size="sm"
          disabled={claim.isPending}
          aria-label={`Claim ${formatMoney(prize.amount)}, ${name}`}
          onClick={() => {
            setError('')
            claim.mutate(prize.id, { onError: (err) => setError(errorMessage(err, 'The prize could not be claimed. Please try again.')) })
          }}
        >
          {claim.isPending ? 'Claiming…' : 'Claim'}
        </Button>
      )}
    </li>
  )
}

/** The Winnings view: the player's prizes, each claimable within 30 days of the win. */
export function WinningsPanel() {
  const q = usePrizes(true)
  const prizes = q.data ?? []
  return (
    <Card>
      <CardHeader>
        <CardTitle>Winnings</CardTitle>
        <CardDescription>Claim each prize within 30 days of the win; an unclaimed prize is forfeited.</CardDescription>
      </CardHeader>
      <CardContent className="p-0">
        <RefreshNotice failed={q.isRefetchError} className="mx-5 mb-3" />
        {q.isLoading ? (
          <Skeleton className="mx-5 mb-5 h-24" />
        ) : q.isLoadingError ? (
          <p className="px-5 pb-5 text-sm text-destructive">Your winnings could not be loaded. Please try again later.</p>
        ) : prizes.length === 0 ? (
          <EmptyState icon={Trophy} title="No winnings yet" description="When one of your squares wins a period, its prize shows up here." />
        ) : (
          <ul className="divide-y border-t">
            {prizes.map((p) => (
              <PrizeRow key={p.id} prize={p} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
