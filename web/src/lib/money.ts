// Money travels as decimal strings with two places ("5.00"). Work in integer cents.

export function toCents(value: string | number | null | undefined): number {
  if (value === null || value === undefined || value === '') return 0
  const n = typeof value === 'number' ? value : Number(value)
  return Number.isFinite(n) ? Math.round(n * 100) : 0
}

export function isFree(value: string | number | null | undefined): boolean {
  return toCents(value) === 0
}

// Written out rather than through Intl.NumberFormat: a browser builds its first currency formatter from ICU's
// data, 19 ms on this machine's Chromium unthrottled and four times that on Lighthouse's phone, in the middle
// of the first render of any page with a price. money.test.ts holds this to Intl's en-US output.
function usd(cents: number, whole: boolean): string {
  const abs = Math.abs(Math.round(cents))
  const dollars = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  const sign = cents < 0 && abs !== 0 ? '-' : ''
  return whole ? `${sign}$${dollars}` : `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`
}

/** "$5.00", "$2,250.00" */
export function formatMoney(value: string | number | null | undefined): string {
  return usd(toCents(value), false)
}

/** Cents to "$22.50", or "$90" when whole and `compact` is set. */
export function formatCents(cents: number, compact = false): string {
  return usd(cents, compact && cents % 100 === 0)
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
