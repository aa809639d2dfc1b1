// The server's checkpoints on a pool's record (record.go): at each change of the pool's state it signs
// {head, pool, seq} in canonical JSON with its Ed25519 key, whose public half is published at
// GET /.well-known/squares-record-key. @noble/curves' ed25519 checks them, loaded on first use only.

import type { RecordCheckpoint, RecordEntry } from '@/lib/api.gen'
import { canonicalJSON, hexBytes, type RecordFault } from './chain'

/** What a checkpoint's signature covers: the canonical JSON of {head, pool, seq} (CheckpointMessage). */
export function checkpointMessage(pool: number, seq: number, head: string): Uint8Array {
  return new TextEncoder().encode(canonicalJSON({ head, pool, seq }))
}

/**
 * Whether the checkpoint's signature is the key's (hex, 32 bytes) on its pool, seq and head: RFC 8032's strict
 * verification, as Go's crypto/ed25519 does it.
 */
export async function verifyCheckpoint(publicKey: string, c: Pick<RecordCheckpoint, 'pool' | 'seq' | 'head' | 'signature'>): Promise<boolean> {
  const sig = hexBytes(c.signature, 64)
  const pub = hexBytes(publicKey, 32)
  if (!sig || !pub) return false
  const { ed25519 } = await import('@noble/curves/ed25519.js')
  try {
    return ed25519.verify(sig, checkpointMessage(c.pool, c.seq, c.head), pub, { zip215: false })
  } catch {
    // A key that is not a point.
    return false
  }
}

/**
 * Checks every checkpoint against the record's entries (read from its start): its pool, its signature, and
 * that the entry at its seq has its head (CheckCheckpoints). It returns the first checkpoint that fails as
 * a fault of that entry, or null.
 */
export async function checkCheckpoints(
  publicKey: string,
  pool: number,
  entries: readonly RecordEntry[],
  checkpoints: readonly RecordCheckpoint[],
): Promise<RecordFault | null> {
  for (const c of checkpoints) {
    const what = `the checkpoint "${c.reason}" at entry ${c.seq}`
    if (c.pool !== pool) return { seq: c.seq, reason: `${what} is of pool ${c.pool}, given for pool ${pool}` }
    if (!(await verifyCheckpoint(publicKey, c))) return { seq: c.seq, reason: `${what}: its signature is not the server's key's` }
    const e = entries[c.seq - 1]
    if (!Number.isInteger(c.seq) || c.seq < 1 || !e || e.seq !== c.seq) return { seq: c.seq, reason: `${what}: the record has no entry there: it was cut short` }
    if (e.hash !== c.head) return { seq: c.seq, reason: `${what}: the entry's hash is not the signed head: the record was rewritten` }
  }
  return null
}
