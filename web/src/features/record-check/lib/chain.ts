// A pool's record as record.go chains it (docs/fairness.md, "The record"), recomputed in the browser:
//
//   hash = SHA-256(prevHash || canonical JSON of {seq, at, kind, data})
//
// prevHash as its 32 bytes (32 zero bytes before the first entry), the canonical JSON RFC 8785's (JCS, by the
// `canonicalize` library: keys sorted by UTF-16 code units, no white space, strings and numbers as
// ECMAScript writes them), SHA-256 by Web Crypto. `data` arrives parsed from the API's JSON: written again
// canonically it is the stored bytes, so what is hashed here is what the server hashed.

import canonicalize from 'canonicalize'
import type { RecordEntry } from '@/lib/api.gen'

/** The previous hash of a record's first entry. */
export const RECORD_ZERO_HASH = '0'.repeat(64)

/** The kinds of entry a record holds (record.go). */
export const RECORD_KINDS = [
  'opened',
  'taken',
  'held',
  'captured',
  'released',
  'refunded',
  'locked',
  'beacon',
  'drawn',
  'score',
  'prize',
  'fee',
  'claim',
  'payout',
  'cancelled',
  'action',
] as const
export type RecordKind = (typeof RECORD_KINDS)[number]

export function validRecordKind(kind: string): kind is RecordKind {
  return (RECORD_KINDS as readonly string[]).includes(kind)
}

/** The first entry of a record that does not hold (seq), and why, in words a person understands. */
export interface RecordFault {
  seq: number
  reason: string
}

/** RFC 8785 canonical JSON of a JSON value; throws for what JSON cannot hold (NaN, undefined, a lone surrogate). */
export function canonicalJSON(value: unknown): string {
  const out = canonicalize(value)
  if (out === undefined) throw new Error('canonical JSON: the value has no JSON form')
  return out
}

const encoder = new TextEncoder()

function subtle(): SubtleCrypto {
  const s = globalThis.crypto?.subtle
  if (!s) throw new Error('This browser cannot check the record: Web Crypto is unavailable (it needs a secure https page).')
  return s
}

export function bytesToHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

/** The bytes of a hex text of exactly `length` bytes (any length without it); null when it is not. */
export function hexBytes(hex: string, length?: number): Uint8Array | null {
  if (typeof hex !== 'string' || !/^([0-9a-f]{2})*$/.test(hex) || (length !== undefined && hex.length !== 2 * length)) return null
  const out = new Uint8Array(hex.length / 2)
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16)
  return out
}

/** hex(SHA-256(bytes)). */
export async function sha256HexOf(bytes: Uint8Array): Promise<string> {
  return bytesToHex(new Uint8Array(await subtle().digest('SHA-256', bytes as Uint8Array<ArrayBuffer>)))
}

/**
 * The hash of an entry with the given fields after the entry whose hash is prevHash (RECORD_ZERO_HASH for
 * the first): record.go's RecordEntryHash.
 */
export async function recordEntryHash(prevHash: string, seq: number, at: string, kind: string, data: unknown): Promise<string> {
  const prev = hexBytes(prevHash, 32)
  if (!prev) throw new Error(`the previous hash "${String(prevHash).slice(0, 80)}" is not 64 lower-case hex characters`)
  const body = encoder.encode(canonicalJSON({ seq, at, kind, data: data === undefined ? null : data }))
  const buf = new Uint8Array(32 + body.length)
  buf.set(prev)
  buf.set(body, 32)
  return sha256HexOf(buf)
}

/** How an entry is named in a fault: "entry 17 (prize period:Q1)". */
export function entryName(e: Pick<RecordEntry, 'seq' | 'kind' | 'data'>): string {
  const d = e.data as { award?: unknown } | null
  const award = (e.kind === 'prize' || e.kind === 'claim' || e.kind === 'payout') && d && typeof d.award === 'string' ? ` ${d.award}` : ''
  return `entry ${e.seq} (${e.kind}${award})`
}

/**
 * Checks a run of entries that follows the entry whose hash is prevHash and whose seq is seq (the zero hash
 * and 0 for a record read from its start): consecutive seqs, each previous hash the hash before it, a known
 * kind, each hash recomputed (record.go's CheckRecordChain). It returns the first fault, or null.
 */
export async function checkRecordChain(
  entries: readonly RecordEntry[],
  prevHash = RECORD_ZERO_HASH,
  seq = 0,
  onProgress?: (checked: number) => void,
): Promise<RecordFault | null> {
  for (const [i, e] of entries.entries()) {
    if (e.seq !== seq + 1) return { seq: e.seq, reason: `entry ${e.seq} follows entry ${seq}: an entry is missing or out of order` }
    if (e.prevHash !== prevHash) return { seq: e.seq, reason: `${entryName(e)}: its previous hash is not the hash of the entry before it` }
    if (!validRecordKind(e.kind)) return { seq: e.seq, reason: `entry ${e.seq}: unknown kind "${e.kind}"` }
    let want: string
    try {
      want = await recordEntryHash(e.prevHash, e.seq, e.at, e.kind, e.data)
    } catch (err) {
      return { seq: e.seq, reason: `${entryName(e)}: ${(err as Error).message}` }
    }
    if (want !== e.hash) return { seq: e.seq, reason: `${entryName(e)}: its hash does not match its content: the entry was changed` }
    prevHash = e.hash
    seq = e.seq
    if (onProgress && (i + 1) % 50 === 0) onProgress(i + 1)
  }
  onProgress?.(entries.length)
  return null
}
