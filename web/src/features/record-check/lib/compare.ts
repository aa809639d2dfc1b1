// The pool as the server shows it now, compared with the pool as its record tells it: a square's owner, a
// winner or a prize amount changed in the database behind the record's back is named, with the entry
// whose word it contradicts.

import type { Pool, RecordCheckpoint, RecordEntry, Square, Winner } from '@/lib/api.gen'
import { toCents } from '@/lib/money'
import { poolGrid } from '@/lib/rules'
import type { RecordFault } from './chain'
import type { RecordReplay } from './replay'
import { money, ownerText, squareText } from './text'

/** What the server serves of the pool: GET /api/pools/{id}, its squares and its winners. */
export interface ServedPool {
  pool: Pool
  squares: readonly Square[]
  winners: readonly Winner[]
}

/** A square's or a winner's owner as the draw names it: the user id ("admin" for the house), or guest-{id}. */
export function servedOwner(x: { userId: string | null; guestId?: number }): string {
  if (x.userId) return x.userId
  return x.guestId ? `guest-${x.guestId}` : ''
}

/**
 * Compares the replayed record with the pool as served: where the pool says its record stands (its head
 * and last checkpoint), the entry fee and the grid, every square's owner,
 * every winner's square, owner and amount (and no winner without a prize entry, no prize entry without a
 * winner), and the fee. It returns the first difference, or null.
 */
export function compareWithServed(
  r: RecordReplay,
  entries: readonly RecordEntry[],
  served: ServedPool,
  checkpoints: readonly RecordCheckpoint[] = [],
): RecordFault | null {
  const last = entries.at(-1)?.seq ?? 0
  const { pool } = served
  const head = pool.record
  if (head) {
    if (head.seq !== last || (last > 0 && head.head !== entries[last - 1].hash)) {
      return { seq: Math.min(head.seq, last) || last, reason: `the pool shows its record's head at entry ${head.seq}; the record served ends at entry ${last}${head.seq === last ? ' with another hash' : ''}` }
    }
    const cp = checkpoints.at(-1)
    if ((head.checkpoint?.signature ?? '') !== (cp?.signature ?? '') || (head.checkpoint?.seq ?? 0) !== (cp?.seq ?? 0)) {
      return {
        seq: head.checkpoint?.seq || cp?.seq || last,
        reason: `the pool shows its last checkpoint ${head.checkpoint ? `at entry ${head.checkpoint.seq}` : 'as none'}; the record's is ${cp ? `at entry ${cp.seq}` : 'none'}${head.checkpoint?.seq === cp?.seq ? ' with another signature' : ''}`,
      }
    }
  }
  if (!r.grid || !r.open) return null
  const fee = toCents(pool.entryFee)
  if (fee !== r.entryFee) return { seq: 1, reason: `the pool shows an entry fee of ${money(fee)}; the record (entry 1, opened) says ${money(r.entryFee)}` }
  const grid = poolGrid(pool)
  if (grid.rows !== r.grid.rows || grid.columns !== r.grid.columns) {
    return { seq: 1, reason: `the pool shows a grid of ${grid.rows * grid.columns} squares; the record says ${r.grid.rows * r.grid.columns}` }
  }
  const shown: string[] = r.owners.map(() => '')
  for (const sq of served.squares) {
    if (sq.status !== 'owned' || sq.row < 0 || sq.row >= grid.rows || sq.column < 0 || sq.column >= grid.columns) continue
    shown[sq.row * grid.columns + sq.column] = servedOwner(sq)
  }
  for (const [i, owner] of r.owners.entries()) {
    if (shown[i] === owner) continue
    const cell = { row: Math.floor(i / grid.columns), column: i % grid.columns }
    const seq = r.ownerSeq[i] || last
    const source = r.ownerSeq[i] ? `the record (entry ${seq}, ${entries[seq - 1]?.kind})` : 'the record'
    return {
      seq,
      reason: `square ${squareText(cell)}: the pool shows ${shown[i] ? ownerText(shown[i]) : 'it free'}; ${source} says ${owner ? ownerText(owner) : 'it is free'}`,
    }
  }
  const winners = new Map(served.winners.map((w) => [w.award, w]))
  for (const p of [...r.prizes.values()].sort((a, b) => a.seq - b.seq)) {
    const w = winners.get(p.award)
    const what = `entry ${p.seq} (prize ${p.award})`
    if (!w) return { seq: p.seq, reason: `${what}: the pool shows no winner for it` }
    const amount = toCents(w.amount)
    if (w.row !== p.row || w.column !== p.column) return { seq: p.seq, reason: `${what}: the pool shows the winner at ${squareText(w)}; the record says ${squareText(p)}` }
    if (amount !== p.amount) return { seq: p.seq, reason: `${what}: the pool shows ${money(amount)} for ${squareText(w)}; the record says ${money(p.amount)}` }
    if (servedOwner(w) !== p.owner) return { seq: p.seq, reason: `${what}: the pool shows ${ownerText(servedOwner(w))} as the winner; the record says ${ownerText(p.owner)}` }
  }
  for (const w of served.winners) {
    if (!r.prizes.has(w.award)) {
      return { seq: last, reason: `the pool shows a winner for ${w.award} (${squareText(w)}, ${money(toCents(w.amount))}); the record has no prize entry for it` }
    }
  }
  if (r.fee && toCents(pool.houseFee) !== r.fee.amount) {
    return { seq: r.fee.seq, reason: `entry ${r.fee.seq} (fee): the pool shows a fee of ${money(toCents(pool.houseFee))}; the record says ${money(r.fee.amount)}` }
  }
  return null
}
