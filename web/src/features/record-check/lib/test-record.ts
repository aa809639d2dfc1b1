// Records built for tests as the server builds them (record.go's NextRecordEntry and SignCheckpoint), and
// signed with a test key: a good record to replay, and the tamperings to catch.

import { ed25519 } from '@noble/curves/ed25519.js'
import type { RecordCheckpoint, RecordEntry } from '@/lib/api.gen'
import { bytesToHex, canonicalJSON, RECORD_ZERO_HASH, recordEntryHash } from './chain'
import { checkpointMessage } from './checkpoint'

/** The test key's seed: bytes 0, 1, ..., 31 (the Go cross-check signs with the same). */
export const TEST_KEY_SEED = Uint8Array.from({ length: 32 }, (_, i) => i)
export const TEST_PUBLIC_KEY = bytesToHex(ed25519.getPublicKey(TEST_KEY_SEED))

/** The entry that follows prev (null for a record's first): its seq, previous hash, canonical data and hash. */
export async function nextRecordEntry(prev: RecordEntry | null, at: string, kind: string, data: unknown): Promise<RecordEntry> {
  const seq = prev ? prev.seq + 1 : 1
  const prevHash = prev ? prev.hash : RECORD_ZERO_HASH
  const canonical = JSON.parse(canonicalJSON(data)) as unknown
  return { seq, at, kind, data: canonical, prevHash, hash: await recordEntryHash(prevHash, seq, at, kind, canonical) }
}

/** A checkpoint on the record at seq, whose last entry's hash is head, signed with the key of `seed`. */
export function signCheckpoint(pool: number, seq: number, head: string, reason: string, seed: Uint8Array = TEST_KEY_SEED): RecordCheckpoint {
  const signature = bytesToHex(ed25519.sign(checkpointMessage(pool, seq, head), seed))
  return { pool, seq, head, at: '2026-11-28T07:00:00.000000Z', reason, signature }
}

/** Builds a record entry by entry: add(kind, data) appends one a second after the last. */
export class RecordBuilder {
  readonly entries: RecordEntry[] = []
  private clock = Date.parse('2026-11-28T07:00:00Z')

  async add(kind: string, data: unknown): Promise<RecordEntry> {
    this.clock += 1000
    const at = new Date(this.clock).toISOString().replace('Z', '000Z')
    const e = await nextRecordEntry(this.entries.at(-1) ?? null, at, kind, data)
    this.entries.push(e)
    return e
  }

  /** A checkpoint on the record as it stands. */
  checkpoint(pool: number, reason: string): RecordCheckpoint {
    const last = this.entries.at(-1)!
    return signCheckpoint(pool, last.seq, last.hash, reason)
  }
}

/** An entry's fields before it is chained: what a test writes, and rewrites to tamper. */
export interface RawEntry {
  at: string
  kind: string
  data: unknown
}

/** Chains raw entries from the start, as a server that rewrote the record would. */
export async function rechain(raw: readonly RawEntry[]): Promise<RecordEntry[]> {
  const out: RecordEntry[] = []
  for (const e of raw) out.push(await nextRecordEntry(out.at(-1) ?? null, e.at, e.kind, e.data))
  return out
}

/** Signs checkpoints on a record at the given seqs, with the test key. */
export function checkpointsAt(pool: number, entries: readonly RecordEntry[], at: readonly { seq: number; reason: string }[]): RecordCheckpoint[] {
  return at.map((c) => signCheckpoint(pool, c.seq, entries[c.seq - 1].hash, c.reason))
}

/** A drand quicknet round (drand/testdata/quicknet-rounds.json, from drand/tlock's tests). */
export const QUICKNET_ROUND = {
  round: 12040883,
  signature: '929906c959032ab363c9f26570d215d66f5c06cb0c44fe508c12bb5839f04ec895bb6868e5b9ff13ab289bdb5266b394',
  randomness: '173df1f57805453a8d2015268205d68147de12cafc2f451f7bc6adadca3571b3',
  dueAt: '2024-10-14T17:13:33Z',
  chainHash: '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971',
}
