// Words for the ledger's accounts and transaction kinds (ledger.go), for the Ledger screen.
import { gameLabel } from '@/lib/game-label'
import type { LedgerAccount } from '../api/ledger-api'

/** Every transaction kind, in the order money moves through a pool, with its label. */
export const LEDGER_KINDS: { value: string; label: string }[] = [
  { value: 'hold', label: 'Card hold' },
  { value: 'capture', label: 'Capture' },
  { value: 'release', label: 'Hold released' },
  { value: 'refund', label: 'Refund' },
  { value: 'stake', label: 'House stake' },
  { value: 'unstake', label: 'House stake returned' },
  { value: 'house_fee', label: 'House fee' },
  { value: 'prize', label: 'Prize credited' },
  { value: 'claim', label: 'Prize claimed' },
  { value: 'payout', label: 'Prize paid out' },
  { value: 'forfeit', label: 'Prize forfeited' },
  { value: 'external_refund', label: 'Refunded outside Squares' },
  { value: 'dispute', label: 'Dispute' },
  { value: 'dispute_won', label: 'Dispute won' },
  { value: 'recover', label: 'Recovered by the house' },
]

export function kindLabel(kind: string): string {
  return LEDGER_KINDS.find((k) => k.value === kind)?.label ?? kind
}

const PLATFORM: Record<string, string> = {
  world: "Players' cards: money outside Squares (negative: what the platform holds)",
  'house:fees': 'House fees kept from settled pots',
  'nonprofit:fees': "Non-profit organisations' share of their pools",
  'house:stakes': 'What the house staked on squares it filled',
  'house:winnings': 'Prizes won by house squares',
  'house:forfeits': 'Prizes not claimed within 30 days',
  'house:losses': 'Refunds and disputes outside Squares, covered by the house',
  'payouts:pending': 'Claimed prizes waiting to be paid out',
}

/** Whether an account is one of the platform's own (not a pool's or a player's). */
export function isPlatformAccount(a: LedgerAccount): boolean {
  return !a.poolId && !a.userId
}

/** What an account holds, in words, naming its pool (with its game) or its player. */
export function accountLabel(a: LedgerAccount): string {
  if (a.poolId) {
    const pool = `${a.poolName || 'Pool'} #${a.poolId}${a.game ? `, ${gameLabel(a.game)}` : ''}`
    return a.account.endsWith(':held') ? `Card holds for ${pool}` : `Captured money of ${pool}`
  }
  if (a.userId) return `Credited prizes of ${a.userName || a.userEmail || `player #${a.userId}`}`
  return PLATFORM[a.account] ?? a.account
}
