import type { ReportAward, ReportPayout, ReportPool } from '@/lib/api.gen'

/** A square as players read it: rows and columns count from 1. */
export function squareText(row: number, column: number): string {
  return `Row ${row + 1}, column ${column + 1}`
}

/** A score as every screen writes it: away first. */
export function scoreText(a: Pick<ReportAward, 'awayScore' | 'homeScore'>): string {
  return `${a.awayScore}–${a.homeScore}`
}

const WINNER_STATUS: Record<string, string> = {
  credited: 'Credited',
  house: 'House square',
  free: 'No prize: free pool',
  host_pays: 'The host pays',
  host_paid: 'Paid by the host',
}

const PRIZE_STATUS: Record<string, string> = {
  unclaimed: 'Unclaimed',
  payout_pending: 'Claimed: payout pending',
  paid: 'Paid out',
  forfeited: 'Forfeited',
}

/** What became of an award's prize: a player's prize by its claim, any other win by the winner's status. */
export function awardStatusText(a: Pick<ReportAward, 'status' | 'prize'>): string {
  if (a.prize) return PRIZE_STATUS[a.prize] ?? a.prize
  return WINNER_STATUS[a.status] ?? a.status
}

const PAYOUT_KIND: Record<ReportPayout['kind'], string> = {
  claim: 'Claimed',
  payout: 'Paid out',
  forfeit: 'Forfeited',
  host_paid: 'Paid by the host',
}

export function payoutKindText(kind: ReportPayout['kind']): string {
  return PAYOUT_KIND[kind] ?? kind
}

const POOL_STATUS: Record<string, string> = {
  draft: 'Draft',
  active: 'Open',
  full: 'Full',
  started: 'In play',
  completed: 'Completed',
  cancelled: 'Cancelled',
  inactive: 'Hidden',
}

export function poolStatusText(status: string): string {
  return POOL_STATUS[status] ?? status.replace(/_/g, ' ')
}

/** How the pool's money moves, in a sentence. */
export function moneyNote(pool: ReportPool): string {
  if (pool.free) return 'A free pool: no money moves. Winners are recorded for bragging rights.'
  if (pool.collection === 'host') {
    return 'The host collects and pays this pool’s money outside Squares: what players paid is what the host recorded as received, and no money passes through the ledger.'
  }
  return 'Every total below is the sum of this pool’s transactions in the ledger: money in equals the fee, prizes and refunds, plus anything still in escrow.'
}
