import { formatCents, maxPrizePoolCents } from './money'

// The five public entry tiers and what a full pool pays (25% of the prize pool per period).
export const TIER_FEES = ['0.00', '1.00', '5.00', '10.00', '25.00'] as const

export interface TierRow {
  fee: string
  label: string
  pot: string
  houseFee: string
  prizePool: string
  perQuarter: string
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
    perQuarter: free ? 'Bragging rights' : formatCents(prize / 4, true),
    minPlayers: MIN_PLAYERS[fee],
  }
})
