import { beforeAll, describe, expect, it } from 'vitest'
import type { Pool, Square, Winner } from '@/lib/api.gen'
import { compareWithServed, type ServedPool } from './compare'
import { playedRecord, PLAYED_POOL, type PlayedRecord } from './played-record'
import { replayRecord, type RecordReplay } from './replay'
import { TEST_PUBLIC_KEY } from './test-record'

// Asymmetric matchers typed as the strings they stand for.
const matching = (re: RegExp) => expect.stringMatching(re) as string

let played: PlayedRecord
let replay: RecordReplay
beforeAll(async () => {
  played = await playedRecord()
  const r = await replayRecord({ poolId: PLAYED_POOL, entries: played.entries, checkpoints: played.checkpoints, publicKey: TEST_PUBLIC_KEY })
  expect(r.fault).toBeNull()
  replay = r.replay
})

/** The pool as an honest server serves it. */
function served(): ServedPool {
  const pool = { id: PLAYED_POOL, entryFee: '10.00', houseFee: '25.00', rows: 5, columns: 5, rules: { grid: 25 } } as unknown as Pool
  const squares = played.owners.map(
    (o, i) => ({ id: i + 1, poolId: PLAYED_POOL, userId: o, row: Math.floor(i / 5), column: i % 5, status: 'owned', purchasePrice: '10.00' }) as unknown as Square,
  )
  const winners = [...replay.prizes.values()].map((p) => ({ award: p.award, row: p.row, column: p.column, amount: '56.25', userId: p.owner, kind: p.kind }) as unknown as Winner)
  return { pool, squares, winners }
}

describe('the pool as served against its record', () => {
  it('agrees when the server shows what the record says', () => {
    expect(compareWithServed(replay, played.entries, served())).toBeNull()
  })

  it('names a square whose owner was changed behind the record’s back', () => {
    const s = served()
    ;(s.squares[7] as { userId: string }).userId = '12'
    expect(compareWithServed(replay, played.entries, s)).toEqual({
      seq: played.entries.findIndex((e) => e.kind === 'taken' && (e.data as { owner: string }).owner === '2') + 1,
      reason: matching(/^square row 2, column 3: the pool shows player 12; the record \(entry \d+, taken\) says player 2$/),
    })
  })

  it('names a square the pool shows free, and a held square is not an owner', () => {
    const s = served()
    ;(s.squares[0] as { status: string }).status = 'held'
    expect(compareWithServed(replay, played.entries, s)?.reason).toMatch(/^square row 1, column 1: the pool shows it free; the record \(entry \d+, taken\) says player 1$/)
  })

  it('names a prize amount changed in the database', () => {
    const s = served()
    ;(s.winners[1] as { amount: string }).amount = '60.00'
    const seq = played.seqOf['prize period:Q2']
    expect(compareWithServed(replay, played.entries, s)).toEqual({ seq, reason: matching(new RegExp(`^entry ${seq} \\(prize period:Q2\\): the pool shows \\$60\\.00 for row \\d, column \\d; the record says \\$56\\.25$`)) })
  })

  it('names a winner moved, given to another, missing or added', () => {
    const moved = served()
    ;(moved.winners[0] as { row: number }).row = (moved.winners[0].row + 1) % 5
    expect(compareWithServed(replay, played.entries, moved)?.reason).toMatch(/the pool shows the winner at row \d, column \d; the record says/)
    const other = served()
    ;(other.winners[0] as { userId: string }).userId = '99'
    expect(compareWithServed(replay, played.entries, other)?.reason).toMatch(/the pool shows player 99 as the winner/)
    const missing = served()
    ;(missing.winners as Winner[]).splice(2, 1)
    expect(compareWithServed(replay, played.entries, missing)).toEqual({ seq: played.seqOf['prize period:Q3'], reason: `entry ${played.seqOf['prize period:Q3']} (prize period:Q3): the pool shows no winner for it` })
    const added = served()
    ;(added.winners as Winner[]).push({ award: 'reverse:Q1', row: 0, column: 0, amount: '1.00', userId: '1' } as unknown as Winner)
    expect(compareWithServed(replay, played.entries, added)?.reason).toBe('the pool shows a winner for reverse:Q1 (row 1, column 1, $1.00); the record has no prize entry for it')
  })

  it('names an entry fee or a house fee that is not the record’s', () => {
    const fee = served()
    ;(fee.pool as { entryFee: string }).entryFee = '20.00'
    expect(compareWithServed(replay, played.entries, fee)).toEqual({ seq: 1, reason: 'the pool shows an entry fee of $20.00; the record (entry 1, opened) says $10.00' })
    const house = served()
    ;(house.pool as { houseFee: string }).houseFee = '30.00'
    expect(compareWithServed(replay, played.entries, house)).toEqual({ seq: played.seqOf.fee, reason: `entry ${played.seqOf.fee} (fee): the pool shows a fee of $30.00; the record says $25.00` })
  })

  it('names a record head or a last checkpoint the pool shows that is not the record’s', () => {
    const last = played.entries.at(-1)!
    const cp = played.checkpoints.at(-1)!
    const withHead = (seq: number, head: string, checkpoint: typeof cp | null) => {
      const s = served()
      ;(s.pool as { record: unknown }).record = { seq, head, checkpoint }
      return compareWithServed(replay, played.entries, s, played.checkpoints)
    }
    expect(withHead(last.seq, last.hash, cp)).toBeNull()
    expect(withHead(last.seq + 2, 'ab'.repeat(32), cp)).toEqual({ seq: last.seq, reason: `the pool shows its record's head at entry ${last.seq + 2}; the record served ends at entry ${last.seq}` })
    expect(withHead(last.seq, 'ab'.repeat(32), cp)?.reason).toMatch(/with another hash$/)
    expect(withHead(last.seq, last.hash, { ...cp, signature: 'cd'.repeat(64) })?.reason).toBe(`the pool shows its last checkpoint at entry ${cp.seq}; the record's is at entry ${cp.seq} with another signature`)
    expect(withHead(last.seq, last.hash, null)?.reason).toBe(`the pool shows its last checkpoint as none; the record's is at entry ${cp.seq}`)
  })

  it('names a guest’s square by the guest', () => {
    const s = served()
    ;(s.squares[3] as { userId: string | null; guestId?: number }).userId = null
    ;(s.squares[3] as { guestId?: number }).guestId = 4
    expect(compareWithServed(replay, played.entries, s)?.reason).toMatch(/^square row 1, column 4: the pool shows guest 4; the record/)
  })
})
