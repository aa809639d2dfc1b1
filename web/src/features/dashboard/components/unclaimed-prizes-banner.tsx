import { Link } from 'react-router'
import { Trophy } from 'lucide-react'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { formatDateET } from '@/lib/dates'
import { formatCents, toCents } from '@/lib/money'
import { claimPath, daysLeftText, prizeWonFor, unclaimedPrizes } from '@/lib/prizes'
import type { Prize } from '@/lib/types'

/**
 * "You have $112.50 in unclaimed prizes — 30 days left to claim": the player's prizes still to claim, with
 * the days left before the nearest deadline, linking to the claim (the one prize's claim step, or the
 * Winnings list for several). Free pools have no prizes, so their wins never show here. `prizes` is the
 * player's answer of usePrizes, which the dashboard reads.
 */
export function UnclaimedPrizesBanner({ prizes }: { prizes: Prize[] | null | undefined }) {
  const open = unclaimedPrizes(prizes)
  if (open.length === 0) return null
  const total = open.reduce((sum, p) => sum + toCents(p.amount), 0)
  const soonest = open.reduce((a, b) => (b.daysLeft < a.daysLeft ? b : a))
  const one = open.length === 1 ? open[0] : null
  return (
    <Alert variant="success" role="region" aria-label="Unclaimed prizes" data-testid="unclaimed-prizes">
      <Trophy aria-hidden="true" />
      <AlertTitle className="text-base">
        You have {formatCents(total)} in unclaimed prizes — {daysLeftText(soonest.daysLeft)}
      </AlertTitle>
      <AlertDescription>
        <p>
          {one
            ? `${prizeWonFor(one)}. Claim it by ${formatDateET(one.claimBy)}.`
            : `${open.length} prizes to claim; the first by ${formatDateET(soonest.claimBy)}.`}{' '}
          An unclaimed prize is forfeited.
        </p>
        <Button asChild size="sm" className="mt-1">
          <Link to={one ? claimPath(one.id) : '/my-pools?tab=winnings'}>{one ? `Claim ${formatCents(total)}` : 'Claim your prizes'}</Link>
        </Button>
      </AlertDescription>
    </Alert>
  )
}
