import { toast } from '@/lib/toast'
import { Check, Trophy } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { errorMessage } from '@/lib/api'
import { formatDateTimeET } from '@/lib/dates'
import { formatMoney } from '@/lib/money'
import type { Winner } from '@/lib/types'
import { useMarkPrizePaid } from '../hooks/use-host-pool'

function PrizeRow({ poolId, winner, owner }: { poolId: number; winner: Winner; owner: string }) {
  const mark = useMarkPrizePaid(poolId)
  const paid = winner.status === 'host_paid'
  const onMark = () =>
    mark.mutate(winner.periodLabel, {
      onSuccess: () => toast.success('Prize marked paid', { description: `${winner.periodLabel}: ${formatMoney(winner.amount)} to ${owner}.` }),
      onError: (err) => toast.error('Not marked paid', { description: errorMessage(err, 'Please try again.') }),
    })
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid={`host-prize-${winner.periodLabel}`}>
      <span className="min-w-0 text-sm">
        <span className="font-black">{winner.periodLabel}</span> · {owner} · <span className="font-bold">{formatMoney(winner.amount)}</span>
        {paid && winner.paidAt && <span className="block text-xs text-muted-foreground">Paid {formatDateTimeET(winner.paidAt)}</span>}
      </span>
      {paid ? (
        <span className="flex items-center gap-1 text-sm font-bold text-emerald-700">
          <Check className="size-4" aria-hidden="true" /> Paid by you
        </span>
      ) : (
        <Button size="sm" onClick={onMark} disabled={mark.isPending} aria-label={`Mark ${winner.periodLabel} paid to ${owner}`}>
          {mark.isPending && <Spinner label="Marking paid" />}
          Mark paid
        </Button>
      )}
    </li>
  )
}

/** The host's prizes to pay: each period won so far, and whether the host has paid it. */
export function HostPrizes({ poolId, winners, ownerOf }: { poolId: number; winners: Winner[]; ownerOf: (w: Winner) => string }) {
  return (
    <section aria-labelledby="host-prizes-title" className="grid gap-1">
      <h3 id="host-prizes-title" className="flex items-center gap-1.5 font-bold">
        <Trophy className="size-4 text-amber-600" aria-hidden="true" /> Prizes you pay
      </h3>
      <p className="text-xs text-muted-foreground">Pay each winner yourself, then mark it paid: the winner sees it.</p>
      <ul className="divide-y">
        {[...winners]
          .sort((a, b) => a.period - b.period)
          .map((w) => (
            <PrizeRow key={w.period} poolId={poolId} winner={w} owner={ownerOf(w)} />
          ))}
      </ul>
    </section>
  )
}
