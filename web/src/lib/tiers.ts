import { formatCents, maxPrizePoolCents } from './money'
import { HALF_SCHEDULES, periodPrizes, QUARTER_SCHEDULES } from './periods'

// The five public entry tiers and what a full pool pays by default: 25% of the prize pool per quarter, or
// 50% per half in college basketball.
export const TIER_FEES = ['0.00', '1.00', '5.00', '10.00', '25.00'] as const

export interface TierRow {
  fee: string
  label: string
  pot: string
  houseFee: string
  prizePool: string
  perQuarter: string
  perHalf: string
  minPlayers: number
}

const MIN_PLAYERS: Record<string, number> = { '0.00': 5, '1.00': 8, '5.00': 10, '10.00': 15, '25.00': 20 }

export const TIERS: TierRow[] = TIER_FEES.map((fee) => {
  const cents = Math.round(Number(fee) * 100)
  const pot = cents * 100
  const prize = maxPrizePoolCents(fee)
  const free = cents === 0
  return {
    fee,
    label: free ? 'FREE' : formatCents(cents, true),
    pot: free ? '—' : formatCents(pot, true),
    houseFee: free ? '—' : formatCents(pot - prize, true),
    prizePool: free ? 'Bragging rights' : formatCents(prize, true),
    perQuarter: free ? 'Bragging rights' : formatCents(periodPrizes(prize, QUARTER_SCHEDULES[0])[0], true),
    perHalf: free ? 'Bragging rights' : formatCents(periodPrizes(prize, HALF_SCHEDULES[0])[0], true),
    minPlayers: MIN_PLAYERS[fee],
  }
})
