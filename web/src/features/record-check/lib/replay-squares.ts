// The replay's squares and money (replay.ts): who owns each square after each entry that takes or frees
// squares, and each payment's life (held, then captured or released, a captured one refunded).

import type { RecordEntry, RecordPaymentData, RecordTakenData } from '@/lib/api.gen'
import { cellIndex, gridContains } from './award'
import { entryName } from './chain'
import type { RecordReplay, ReplayedPayment } from './replay'
import { ownerText, parseMoney, squareText } from './text'

/** A fault of the entry at seq: the replay stops there. */
export class Fault extends Error {
  constructor(
    readonly seq: number,
    reason: string,
  ) {
    super(reason)
  }
}

export const TAKEN_BY = ['claim', 'purchase', 'host', 'house', 'takeover', 'join']

/** Money of an entry's field, or a fault naming it. */
export function amountOf(e: RecordEntry, text: unknown, field = 'amount'): number {
  const cents = parseMoney(text)
  if (cents === null) throw new Fault(e.seq, `${entryName(e)}: its ${field} "${String(text)}" is not an amount of money`)
  return cents
}

/** The squares an entry names, as places on the grid: each on it, none twice. */
export function placesOf(r: RecordReplay, e: RecordEntry, cells: unknown): number[] {
  const grid = r.grid!
  if (!Array.isArray(cells)) throw new Fault(e.seq, `${entryName(e)}: it names no squares`)
  const out: number[] = []
  for (const c of cells as { row: number; column: number }[]) {
    if (!c || !gridContains(grid, c)) throw new Fault(e.seq, `${entryName(e)}: a square it names is not on the ${grid.rows * grid.columns}-square grid`)
    const i = cellIndex(grid, c)
    if (out.includes(i)) throw new Fault(e.seq, `${entryName(e)}: it names ${squareText(c)} twice`)
    out.push(i)
  }
  return out
}

export function cellOf(r: RecordReplay, i: number) {
  return { row: Math.floor(i / r.grid!.columns), column: i % r.grid!.columns }
}

/** "the record (entry 9, taken)": where a square's owner comes from. */
export function sourceOf(r: RecordReplay, entries: readonly RecordEntry[], i: number): string {
  const seq = r.ownerSeq[i]
  return seq ? `entry ${seq}, ${entries[seq - 1]?.kind ?? 'taken'}` : 'no entry'
}

export function take(r: RecordReplay, e: RecordEntry, t: RecordTakenData, entries: readonly RecordEntry[]) {
  const name = entryName(e)
  const fail = (reason: string): never => {
    throw new Fault(e.seq, `${name}: ${reason}`)
  }
  if (!r.grid) fail('squares taken before the pool opened')
  if (r.cancelled) fail(`squares taken after the pool was cancelled (entry ${r.cancelled.seq})`)
  if (!TAKEN_BY.includes(t.by)) fail(`it takes squares by "${t.by}"`)
  if (typeof t.owner !== 'string' || !/^[^\s,-][^\s,]*$/.test(t.owner)) fail(`its owner "${String(t.owner)}" is not an owner`)
  const places = placesOf(r, e, t.squares)
  if (places.length === 0) fail('it takes no square')
  const amount = amountOf(e, t.amount)
  if (t.by === 'takeover' || t.by === 'join') {
    if (t.by === 'takeover' && t.owner !== 'admin') fail(`a takeover gives squares to ${ownerText(t.owner)}, not the house`)
    if (t.by === 'join' && !t.from.startsWith('guest-')) fail(`a join gives the squares of ${ownerText(t.from)}, not a guest's`)
    for (const i of places) {
      if (r.owners[i] !== t.from || !t.from) {
        fail(`the ${t.by} replaces ${ownerText(t.from)} on ${squareText(cellOf(r, i))}; the record (${sourceOf(r, entries, i)}) says ${ownerText(r.owners[i])}`)
      }
    }
  } else {
    if (r.locked) fail(`squares taken after the grid was locked (entry ${r.locked.seq})`)
    for (const i of places) {
      if (r.owners[i]) fail(`${squareText(cellOf(r, i))} is not free: the record (${sourceOf(r, entries, i)}) gives it to ${ownerText(r.owners[i])}`)
    }
  }
  if (t.by === 'purchase') {
    const p = r.payments.get(t.payment)
    if (!t.payment || !p) fail(`the payment "${t.payment}" that bought the squares was never held`)
    if (p!.owner !== t.owner) fail(`the payment ${t.payment} is ${ownerText(p!.owner)}'s, the squares go to ${ownerText(t.owner)}`)
    if (p!.state !== 'held' && p!.state !== 'captured') fail(`the payment ${t.payment} was ${p!.state} already`)
    for (const i of places) if (!p!.squares.includes(i)) fail(`${squareText(cellOf(r, i))} is not among the squares of the payment ${t.payment}`)
  }
  if (t.by === 'house' || t.by === 'takeover') r.totals.house += amount
  for (const i of places) {
    r.owners[i] = t.owner
    r.ownerSeq[i] = e.seq
  }
}

export function pay(r: RecordReplay, e: RecordEntry, p: RecordPaymentData) {
  const name = entryName(e)
  const fail = (reason: string): never => {
    throw new Fault(e.seq, `${name}: ${reason}`)
  }
  if (!r.grid) fail('a payment before the pool opened')
  const amount = amountOf(e, p.amount)
  const places = p.squares ? placesOf(r, e, p.squares) : []
  const known = r.payments.get(p.payment)
  if (e.kind === 'held') {
    if (!p.payment) fail('a payment held without an id')
    if (known) fail(`the payment ${p.payment} was held already (entry ${known.seq})`)
    r.payments.set(p.payment, { id: p.payment, owner: p.owner, amount, squares: places, state: 'held', seq: e.seq })
  } else if (known) {
    if (known.owner !== p.owner) fail(`the payment ${p.payment} is ${ownerText(known.owner)}'s (entry ${known.seq}), not ${ownerText(p.owner)}'s`)
    if (e.kind === 'captured' && known.state !== 'held') fail(`the payment ${p.payment} is ${known.state}, it cannot be captured`)
    if (e.kind === 'released' && known.state !== 'held') fail(`the payment ${p.payment} is ${known.state}, it cannot be released`)
    if (e.kind === 'refunded' && known.state !== 'captured') fail(`the payment ${p.payment} is ${known.state}, it cannot be refunded`)
    known.state = e.kind as ReplayedPayment['state']
  } else if (e.kind !== 'released' || p.payment) {
    // Only a host's take-back releases squares without a payment through Squares.
    fail(`the payment "${p.payment}" was never held`)
  }
  if (e.kind === 'captured') r.totals.captured += amount
  if (e.kind === 'refunded') r.totals.refunds += amount
  if (p.freed) {
    if (r.drawn) fail(`squares freed after the draw (entry ${r.drawn.seq}), whose owners stand`)
    for (const i of places) {
      if (r.owners[i] !== p.owner) fail(`it frees ${squareText(cellOf(r, i))}, which is ${ownerText(r.owners[i])}'s, not ${ownerText(p.owner)}'s`)
      r.owners[i] = ''
      r.ownerSeq[i] = e.seq
    }
  }
}
