import type { DecisionOutlook } from '@/lib/types'

// The pool page's countdown to a pool's final decision, 2 hours before kickoff (decisions.md): what the
// pool still needs by its tier's rules, from the server's decisionOutlook.

const MINUTE = 60_000

/** "1 h 42 min", "42 min", "2 d 5 h", "under a minute": whole units, rounded down. */
export function formatCountdown(ms: number): string {
  if (ms < MINUTE) return 'under a minute'
  const minutes = Math.floor(ms / MINUTE)
  const days = Math.floor(minutes / 1440)
  const hours = Math.floor((minutes % 1440) / 60)
  const mins = minutes % 60
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`
  if (hours > 0) return mins > 0 ? `${hours} h ${mins} min` : `${hours} h`
  return `${mins} min`
}

const count = (n: number, one: string, many: string) => `${n} more ${n === 1 ? one : many}`

/**
 * "Decided in 1 h 42 min: needs 3 more players or it is cancelled and refunded"; for a pool the house would
 * fill, "... : if it is not full by then, the house takes the 40 open squares and the numbers are drawn";
 * a private pool must be full, unless its rules play it as it stands. Free pools are cancelled, with nothing to refund.
 */
export function decisionText(o: DecisionOutlook, pool: { free: boolean; isPrivate: boolean }, now: number = Date.now()): string {
  const left = Date.parse(o.dueAt) - now
  const when = left > 0 ? `Decided in ${formatCountdown(left)}` : 'Being decided now'
  const cancelled = pool.free ? 'or it is cancelled' : 'or it is cancelled and refunded'
  if (pool.isPrivate && o.action === 'play') return `${when}: if it is not full by then, it plays as it stands and the numbers are drawn`
  if (pool.isPrivate) return `${when}: needs ${count(o.squaresShort, 'square', 'squares')} taken to be full ${cancelled}`
  const needs: string[] = []
  if (o.playersNeeded > 0) needs.push(count(o.playersNeeded, 'player', 'players'))
  if (o.squaresShort > 0) needs.push(`${count(o.squaresShort, 'square', 'squares')} taken`)
  if (needs.length > 0) return `${when}: needs ${needs.join(' and ')} ${cancelled}`
  const open = o.squaresFree === 1 ? 'the last open square' : `the ${o.squaresFree} open squares`
  return `${when}: if it is not full by then, the house takes ${open} and the numbers are drawn`
}
