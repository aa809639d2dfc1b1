import { CheckCircle2, Clock, Landmark } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { errorMessage } from '@/lib/api'
import { useServerConfig } from '@/lib/config'
import { formatDateET } from '@/lib/dates'
import { formatMoney } from '@/lib/money'
import { daysLeftText, prizeWonFor } from '@/lib/prizes'
import type { Prize } from '@/lib/types'
import { useClaimPrize } from '../api/my-pools-api'

// Said when the server's configuration is not known yet: the operator arranges the payout.
const PAYOUT_FALLBACK = 'The operator pays your prize to you directly, outside Squares, and marks it paid here once it is sent.'

/**
 * The claim step: confirms the amount and what it was won for, says where the money goes (the sandbox pays
 * now; with Stripe the operator's own words, SQUARES_PAYOUT_TEXT), then says what the claim did.
 */
export function ClaimPrizeDialog({
  prize,
  open,
  onOpenChange,
  onClaiming,
}: {
  prize: Prize
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Called as the claim is sent: the dialog stays open to say what it did, whatever the prize's status. */
  onClaiming?: () => void
}) {
  const claim = useClaimPrize()
  const { config } = useServerConfig()
  const payoutText = config?.payoutText || PAYOUT_FALLBACK
  const amount = formatMoney(prize.amount)
  const done = claim.data
  const change = (next: boolean) => {
    if (claim.isPending) return
    if (!next) claim.reset()
    onOpenChange(next)
  }
  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent aria-describedby="claim-prize-what">
        {done ? (
          <>
            <DialogHeader>
              <DialogTitle className="flex items-center gap-2">
                {done.status === 'paid' ? (
                  <>
                    <CheckCircle2 className="size-5 text-emerald-700" aria-hidden="true" /> Paid
                  </>
                ) : (
                  <>
                    <Clock className="size-5 text-sky-700" aria-hidden="true" /> Claimed — payout pending
                  </>
                )}
              </DialogTitle>
              <DialogDescription id="claim-prize-what">{prizeWonFor(prize)}</DialogDescription>
            </DialogHeader>
            <p className="text-sm" data-testid="claim-result">
              {done.status === 'paid' ? done.message : done.payoutText || payoutText}
            </p>
            <DialogFooter>
              <Button onClick={() => change(false)}>Done</Button>
            </DialogFooter>
          </>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>Claim {amount}?</DialogTitle>
              <DialogDescription id="claim-prize-what">{prizeWonFor(prize)}</DialogDescription>
            </DialogHeader>
            <div className="grid gap-3 text-sm">
              <div className="flex items-baseline justify-between gap-3 rounded-lg bg-emerald-50 px-4 py-3 text-emerald-950">
                <span className="font-semibold">{prize.periodLabel} prize</span>
                <span className="text-xl font-black tabular-nums">{amount}</span>
              </div>
              <div className="flex gap-3 rounded-lg border px-4 py-3">
                <Landmark className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                <div>
                  <div className="font-semibold">Where the money goes</div>
                  <p className="text-muted-foreground" data-testid="payout-text">
                    {payoutText}
                  </p>
                </div>
              </div>
              <p className="text-xs text-muted-foreground">
                Claim by {formatDateET(prize.claimBy)} ({daysLeftText(prize.daysLeft)}); an unclaimed prize is forfeited.
              </p>
              {claim.isError && (
                <p role="alert" className="text-destructive">
                  {errorMessage(claim.error, 'The prize could not be claimed. Please try again.')}
                </p>
              )}
            </div>
            <DialogFooter>
              <Button variant="outline" disabled={claim.isPending} onClick={() => change(false)}>
                Cancel
              </Button>
              <Button
                disabled={claim.isPending}
                onClick={() => {
                  onClaiming?.()
                  claim.mutate(prize.id)
                }}
              >
                {claim.isPending ? 'Claiming…' : `Claim ${amount}`}
              </Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  )
}
