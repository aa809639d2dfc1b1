// The drand beacon of a pool's draw, checked in the browser (docs/fairness.md, "The beacon"):
//   - the round is the first one published at least 10 s after the lock: round r is published at
//     genesis + (r - 1) x period;
//   - its signature is a BLS signature on G1 (scheme bls-unchained-g1-rfc9380, DST
//     BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_) of SHA-256(the round as 8 big-endian bytes), checked against
//     the chain's public key (on G2) with @noble/curves, loaded only when a check runs;
//   - the randomness is SHA-256 of the signature's bytes.
// The digits from that randomness (squares-draw-v2) are lib/draw.ts's.

import type { Beacon } from './api.gen'

/** A drand chain as a verifier needs it (GET /api/beacon/chain answers the server's in this shape). */
export interface BeaconChainInfo {
  chainHash: string
  /** Hex, the compressed G2 point (96 bytes). */
  publicKey: string
  /** Unix seconds of round 1. */
  genesis: number
  /** Seconds between rounds. */
  period: number
  scheme: string
  /** The built-in development beacon: a local key, not drand. */
  dev: boolean
}

/** drand's quicknet chain, built into the app (docs/fairness.md): its key is never taken from the server. */
export const QUICKNET: BeaconChainInfo = {
  chainHash: '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971',
  publicKey:
    '83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a',
  genesis: 1692803367,
  period: 3,
  scheme: 'bls-unchained-g1-rfc9380',
  dev: false,
}

/** The one scheme verified here: quicknet's, which the development beacon and the test relay also use. */
export const SUPPORTED_SCHEME = 'bls-unchained-g1-rfc9380'
export const BLS_DST = 'BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_'
/** The least time between the lock and the round the draw uses. */
export const BEACON_DELAY_SECONDS = 10

const NS = 1_000_000_000n

/**
 * An RFC 3339 time as nanoseconds since the epoch, exactly (the server keeps the lock to the nanosecond,
 * and a round boundary can fall within a millisecond of it); null when it is not one.
 */
export function parseTimeNanos(text: string): bigint | null {
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$/i.exec(text.trim())
  if (!m) return null
  const ms = Date.parse(`${m[1]}${m[3].toUpperCase()}`)
  if (Number.isNaN(ms)) return null
  return BigInt(ms / 1000) * NS + BigInt((m[2] ?? '').padEnd(9, '0'))
}

/** When round r is published, in Unix seconds: genesis + (r - 1) x period. */
export function roundTime(chain: Pick<BeaconChainInfo, 'genesis' | 'period'>, round: number): number {
  return chain.genesis + (Math.max(round, 1) - 1) * chain.period
}

/** The first round published at or after the time `nanos` (nanoseconds since the epoch). */
export function roundAt(chain: Pick<BeaconChainInfo, 'genesis' | 'period'>, nanos: bigint): number {
  const d = nanos - BigInt(chain.genesis) * NS
  if (d <= 0n) return 1
  const period = BigInt(chain.period) * NS
  const n = d / period + (d % period === 0n ? 0n : 1n)
  return Number(n + 1n)
}

/** The round a pool locked at `lockedAt` (RFC 3339) draws with: the first published 10 s after it. */
export function lockRound(chain: Pick<BeaconChainInfo, 'genesis' | 'period'>, lockedAt: string): number | null {
  const t = parseTimeNanos(lockedAt)
  return t === null ? null : roundAt(chain, t + BigInt(BEACON_DELAY_SECONDS) * NS)
}

export function hexToBytes(hex: string): Uint8Array | null {
  const h = hex.trim().toLowerCase()
  if (h.length === 0 || h.length % 2 !== 0 || !/^[0-9a-f]+$/.test(h)) return null
  const out = new Uint8Array(h.length / 2)
  for (let i = 0; i < out.length; i++) out[i] = parseInt(h.slice(2 * i, 2 * i + 2), 16)
  return out
}

function toHex(buf: ArrayBuffer | Uint8Array): string {
  return Array.from(buf instanceof Uint8Array ? buf : new Uint8Array(buf), (b) => b.toString(16).padStart(2, '0')).join('')
}

async function sha256(bytes: Uint8Array): Promise<Uint8Array> {
  const s = globalThis.crypto?.subtle
  if (!s) throw new Error('This browser cannot verify the beacon: Web Crypto is unavailable (it needs a secure https page).')
  return new Uint8Array(await s.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>))
}

/** A round's randomness: the hex SHA-256 of its signature's bytes; null when the signature is not hex. */
export async function beaconRandomness(signature: string): Promise<string | null> {
  const sig = hexToBytes(signature)
  return sig ? toHex(await sha256(sig)) : null
}

/** What the round's signature signs: SHA-256 of the round as 8 big-endian bytes. */
export async function roundMessage(round: number): Promise<Uint8Array> {
  const b = new Uint8Array(8)
  new DataView(b.buffer).setBigUint64(0, BigInt(round), false)
  return sha256(b)
}

/**
 * Whether `signature` (hex, a compressed G1 point) is the chain's signature of `round`, by @noble/curves'
 * BLS12-381 short signatures; false for a signature or key that is not a point. The library is loaded here,
 * on first use, so that no page pays for it before a check.
 */
export async function verifyRoundSignature(chain: Pick<BeaconChainInfo, 'publicKey' | 'scheme'>, round: number, signature: string): Promise<boolean> {
  if (chain.scheme !== SUPPORTED_SCHEME) throw new Error(`This browser checks only ${SUPPORTED_SCHEME} signatures, not ${chain.scheme}.`)
  const sig = hexToBytes(signature)
  const key = hexToBytes(chain.publicKey)
  if (!sig || !key) return false
  const [{ bls12_381 }, msg] = await Promise.all([import('@noble/curves/bls12-381.js'), roundMessage(round)])
  const bls = bls12_381.shortSignatures
  try {
    return bls.verify(sig, bls.hash(msg, BLS_DST), key)
  } catch {
    // Bytes that are not a point of the right group.
    return false
  }
}

/** Where the key the signature was checked against came from. */
export type KeySource = 'built-in' | 'server'

/** The check of a verified pool's beacon, each part on its own. */
export interface BeaconCheck {
  ok: boolean
  round: { published: number; expected: number | null; ok: boolean }
  /** dueAt is the round's publication time. */
  dueAt: { published: string | null; expected: string; ok: boolean }
  signature: { ok: boolean }
  randomness: { published: string; computed: string | null; ok: boolean }
  chain: BeaconChainInfo
  keySource: KeySource
}

/**
 * Checks a verified beacon against a chain: its round is the first due 10 s after the lock, dueAt that
 * round's time, its signature the chain's for that round, its randomness SHA-256 of the signature.
 */
export async function verifyBeacon(beacon: Beacon, chain: BeaconChainInfo, keySource: KeySource): Promise<BeaconCheck> {
  const published = beacon.round ?? 0
  const expected = beacon.lockedAt ? lockRound(chain, beacon.lockedAt) : null
  const due = roundTime(chain, published)
  const dueAtNanos = beacon.dueAt ? parseTimeNanos(beacon.dueAt) : null
  const signature = beacon.signature ?? ''
  const [sigOk, computed] = await Promise.all([published > 0 && signature ? verifyRoundSignature(chain, published, signature) : false, beaconRandomness(signature)])
  const randomness = (beacon.randomness ?? '').toLowerCase()
  const check: Omit<BeaconCheck, 'ok'> = {
    round: { published, expected, ok: published > 0 && expected === published },
    dueAt: { published: beacon.dueAt, expected: new Date(due * 1000).toISOString().replace('.000Z', 'Z'), ok: dueAtNanos === BigInt(due) * NS },
    signature: { ok: sigOk },
    randomness: { published: randomness, computed, ok: computed !== null && computed === randomness },
    chain,
    keySource,
  }
  return { ...check, ok: check.round.ok && check.dueAt.ok && check.signature.ok && check.randomness.ok }
}

/**
 * The chain to check a pool's beacon against: quicknet's built-in key for quicknet's hash, else the chain the
 * server states (`fetchServerChain`, GET /api/beacon/chain) when it is the pool's. Throws with the reason
 * when there is none.
 */
export async function beaconChainFor(
  chainHash: string,
  fetchServerChain: () => Promise<BeaconChainInfo | null>,
): Promise<{ chain: BeaconChainInfo; keySource: KeySource }> {
  if (chainHash.toLowerCase() === QUICKNET.chainHash) return { chain: QUICKNET, keySource: 'built-in' }
  const stated = await fetchServerChain()
  if (!stated) throw new Error('The server states no beacon chain (its beacon is off), so the signature of this pool’s round cannot be checked.')
  if (stated.chainHash.toLowerCase() !== chainHash.toLowerCase()) {
    throw new Error(`The server now draws with chain ${stated.chainHash.slice(0, 12)}…, not this pool’s chain ${chainHash.slice(0, 12)}…: its key is unknown here.`)
  }
  return { chain: stated, keySource: 'server' }
}
