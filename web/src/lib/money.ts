// Money travels as decimal strings with two places ("5.00"). Work in integer cents.

export function toCents(value: string | number | null | undefined): number {
  if (value === null || value === undefined || value === '') return 0
  const n = typeof value === 'number' ? value : Number(value)
  return Number.isFinite(n) ? Math.round(n * 100) : 0
}

export function isFree(value: string | number | null | undefined): boolean {
  return toCents(value) === 0
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })
const usdWhole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 })

/** "$5.00", "$2,250.00" */
export function formatMoney(value: string | number | null | undefined): string {
  return usd.format(toCents(value) / 100)
}

/** Cents to "$22.50", or "$90" when whole and `compact` is set. */
export function formatCents(cents: number, compact = false): string {
  if (compact && cents % 100 === 0) return usdWhole.format(cents / 100)
  return usd.format(cents / 100)
}

/** Entry fee as shown to players: "FREE" for 0, else "$5.00". */
export function formatEntryFee(value: string | number | null | undefined): string {
  return isFree(value) ? 'FREE' : formatMoney(value)
}

/**
 * Largest prize pool a public tier can reach: 100 squares x fee, less the house fee (10%, or 5% non-profit).
 * For the rules' tier table only: a pool's own figures (fee, prize pool, payouts) come from its JSON.
 */
export function maxPrizePoolCents(entryFee: string | number, nonprofit = false): number {
  const pot = toCents(entryFee) * 100
  const fee = Math.floor((pot * (nonprofit ? 5 : 10)) / 100)
  return pot - fee
}
