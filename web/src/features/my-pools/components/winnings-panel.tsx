import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { CalendarClock, Trophy } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { RefreshNotice } from '@/components/layout/refresh-notice'
import { EmptyState } from '@/components/pools/empty-state'
import { useServerConfig } from '@/lib/config'
import { formatDateET, formatDateTimeET } from '@/lib/dates'
import { formatMoney } from '@/lib/money'
import { daysLeftText, usePrizes } from '@/lib/prizes'
import type { Prize, PrizeStatus } from '@/lib/types'
import { cn } from '@/lib/utils'
import { ClaimPrizeDialog } from './claim-prize-dialog'

const STATUS: Record<string, { label: string; className: string }> = {
  unclaimed: { label: 'Unclaimed', className: 'bg-amber-100 text-amber-900' },
  payout_pending: { label: 'Payout pending', className: 'bg-sky-100 text-sky-800' },
  paid: { label: 'Paid', className: 'bg-emerald-700 text-white' },
  forfeited: { label: 'Forfeited', className: 'bg-red-100 text-red-800' },
  host_pays: { label: 'The host pays', className: 'bg-amber-100 text-amber-900' },
  host_paid: { label: 'Paid by the host', className: 'bg-emerald-700 text-white' },
}

/** A win in a host-collected pool: its host pays it outside Squares; its id is the win's, nothing to claim. */
const hostPays = (p: Prize) => p.status === 'host_pays' || p.status === 'host_paid'


function StatusBadge({ status }: { status: PrizeStatus }) {
  const s = STATUS[status] ?? { label: status, className: 'bg-muted text-muted-foreground' }
  return <Badge className={cn('border-transparent', s.className)}>{s.label}</Badge>
}

function StatusLine({ prize }: { prize: Prize }) {
  const { config } = useServerConfig()
  switch (prize.status) {
    case 'unclaimed':
      return prize.daysLeft > 0 ? (
        <span className="font-semibold text-amber-800">
          Claim by {formatDateET(prize.claimBy)} · {daysLeftText(prize.daysLeft)}
        </span>
      ) : (
        <>The claim period ended {formatDateET(prize.claimBy)}</>
      )
    case 'payout_pending':
      return (
        <>
          Claimed {formatDateTimeET(prize.claimedAt)} — payout pending.{config?.payoutText ? ` ${config.payoutText}` : ''}
        </>
      )
    case 'paid':
      return <>Paid {formatDateTimeET(prize.paidAt)}</>
    case 'forfeited':
      return <>Not claimed by {formatDateET(prize.claimBy)}: forfeited</>
    case 'host_pays':
      return <>The pool's host pays you directly; Squares does not hold this pool's money.</>
    case 'host_paid':
      return <>The host marked it paid {formatDateTimeET(prize.paidAt)}</>
  }
  return null
}

function PrizeRow({ prize, onClaim }: { prize: Prize; onClaim: () => void }) {
  const amount = formatMoney(prize.amount)
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-5" data-testid="prize">
      <div className="min-w-0 flex-1 basis-56">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{prize.periodLabel} winner</span>
          <StatusBadge status={prize.status} />
        </div>
        <div className="text-sm">{prize.game}</div>
        <div className="flex flex-wrap items-center gap-x-2 text-sm text-muted-foreground">
          <Link to={`/pool/${prize.poolId}`} className="font-medium hover:underline">
            {prize.poolName}
          </Link>
          <span className="inline-flex items-center gap-1">
            <CalendarClock className="size-3.5" aria-hidden="true" /> {formatDateTimeET(prize.kickoff)}
          </span>
        </div>
        <div className="text-xs text-muted-foreground">
          <StatusLine prize={prize} />
        </div>
      </div>
      <span className="text-lg font-black tabular-nums text-emerald-700">{amount}</span>
      {prize.status === 'unclaimed' && prize.daysLeft > 0 && (
        <Button size="sm" aria-label={`Claim ${amount}, ${prize.periodLabel} of ${prize.poolName}`} onClick={onClaim}>
          Claim
        </Button>
      )}
    </li>
  )
}

/**
 * The Winnings view: the player's prizes, each naming its game, pool and period and claimable within 30
 * days of the win. `?claim={id}` (the win's toast, the bell, the dashboard banner) opens that prize's claim.
 */
export function WinningsPanel() {
  const q = usePrizes(true)
  const prizes = q.data ?? []
  const [params, setParams] = useSearchParams()
  const [picked, setPicked] = useState<number | null>(null)
  const asked = Number(params.get('claim'))
  const claimingId = picked ?? (asked || null)
  const claiming = prizes.find((p) => p.id === claimingId && !hostPays(p))
  // Only an unclaimed prize opens from the link; once claimed, the dialog stays to say what happened.
  const open = !!claiming && (picked !== null || (claiming.status === 'unclaimed' && claiming.daysLeft > 0))
  const close = () => {
    setPicked(null)
    if (params.has('claim')) {
      const next = new URLSearchParams(params)
      next.delete('claim')
      setParams(next, { replace: true })
    }
  }
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
          <EmptyState icon={Trophy} title="No winnings yet" description="When one of your squares wins a period of a paid pool, its prize shows up here." />
        ) : (
          <ul className="divide-y border-t">
            {prizes.map((p) => (
              <PrizeRow key={hostPays(p) ? `win-${p.winnerId}` : `prize-${p.id}`} prize={p} onClaim={() => setPicked(p.id)} />
            ))}
          </ul>
        )}
      </CardContent>
      {claiming && (
        <ClaimPrizeDialog
          key={claiming.id}
          prize={claiming}
          open={open}
          onClaiming={() => setPicked(claiming.id)}
          onOpenChange={(o) => !o && close()}
        />
      )}
    </Card>
  )
}
