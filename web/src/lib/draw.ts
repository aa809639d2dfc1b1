// The provably fair draw, recomputed in the browser (docs/fairness.md). Pure async functions on Web Crypto:
//   commitment = hex(SHA-256(seed text))
//   block(k)   = HMAC-SHA256(key = seed text, "squares-draw-v1|pool=" + poolId + "|axis=" + axis
//                            + "|owners=" + ownership + "|block=" + k)
// and a Fisher-Yates shuffle of 0-9 driven by that byte stream, with rejection sampling (no modulo bias).
// `ownership` is the draw input the server stored at the draw and publishes with its SHA-256 (`drawInput`,
// `drawInputSha256`): squares can change hands afterwards (the house takes over a square whose card hold
// lapsed), so the check recomputes from what the draw consumed and only reports the owners of today.
// A pool drawn with a drand beacon round (its beacon "verified") derives under squares-draw-v2: the same with
// "|beacon=" + the round's randomness (64 lower-case hex characters) after the owners; lib/drand.ts checks
// the round itself.

import { parseDigits } from './game-status'
import { payingPeriodLabel, poolGrid } from './rules'
import type { Pool, Square } from './types'

export const DRAW_VERSION = 'squares-draw-v1'
export const DRAW_VERSION_BEACON = 'squares-draw-v2'
export const GRID = 10
export type DrawAxis = 'home' | 'away'

const encoder = new TextEncoder()

function subtle(): SubtleCrypto {
  const s = globalThis.crypto?.subtle
  if (!s) throw new Error('This browser cannot verify the draw: Web Crypto is unavailable (it needs a secure https page).')
  return s
}

function toHex(buf: ArrayBuffer): string {
  return Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, '0')).join('')
}

/** hex(SHA-256(text)) of the text's UTF-8 bytes. */
export async function sha256Hex(text: string): Promise<string> {
  return toHex(await subtle().digest('SHA-256', encoder.encode(text)))
}

/** The commitment published when the pool opens: SHA-256 of the seed's 64-character text. */
export function drawCommitment(seed: string): Promise<string> {
  return sha256Hex(seed)
}

/**
 * The ownership text: the 100 owners in row-major order (row 0 column 0 first), joined with commas.
 * `owners` is indexed row * 10 + column; an owner is the user id as the API shows it, or "admin".
 */
export function ownershipText(owners: readonly string[]): string {
  if (owners.length !== GRID * GRID) throw new Error(`ownership needs ${GRID * GRID} owners, got ${owners.length}`)
  return owners.join(',')
}

/**
 * Row-major owners from a pool's squares; null when any square of the grid (100, or 10 x 5 and 5 x 5 boards
 * of 50 and 25) has no owner.
 */
export function ownersFromSquares(
  squares: readonly { row: number; column: number; userId: string | null; status?: string }[],
  grid: { rows: number; columns: number } = { rows: GRID, columns: GRID },
): string[] | null {
  const owners: (string | null)[] = Array.from({ length: grid.rows * grid.columns }, () => null)
  for (const sq of squares) {
    if (sq.status && sq.status !== 'owned') continue
    if (sq.row < 0 || sq.row >= grid.rows || sq.column < 0 || sq.column >= grid.columns || !sq.userId) continue
    owners[sq.row * grid.columns + sq.column] = sq.userId
  }
  return owners.every((o) => o !== null) ? owners : null
}

/** The byte stream block(0) || block(1) || ... for one axis. */
async function hmacKey(seed: string): Promise<CryptoKey> {
  return subtle().importKey('raw', encoder.encode(seed), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
}

/** The HMAC message before the block number: v1's, or v2's with the beacon's randomness. */
export function drawPrefix(poolId: number | string, axis: DrawAxis, ownership: string, randomness?: string | null): string {
  return randomness
    ? `${DRAW_VERSION_BEACON}|pool=${poolId}|axis=${axis}|owners=${ownership}|beacon=${randomness.toLowerCase()}|block=`
    : `${DRAW_VERSION}|pool=${poolId}|axis=${axis}|owners=${ownership}|block=`
}

/**
 * The shuffled digits 0-9 of one axis: `away` labels the rows, `home` the columns. With a beacon round's
 * randomness, squares-draw-v2; without, squares-draw-v1.
 */
export async function shuffleDigits(seed: string, poolId: number | string, axis: DrawAxis, ownership: string, randomness?: string | null): Promise<number[]> {
  const key = await hmacKey(seed)
  const prefix = drawPrefix(poolId, axis, ownership, randomness)
  let buf = new Uint8Array(0)
  let pos = 0
  let k = 0
  const next = async () => {
    if (pos >= buf.length) {
      buf = new Uint8Array(await subtle().sign('HMAC', key, encoder.encode(prefix + k)))
      pos = 0
      k++
    }
    return buf[pos++]
  }
  const digits = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
  for (let i = digits.length - 1; i > 0; i--) {
    const n = i + 1
    const limit = 256 - (256 % n)
    let b = await next()
    while (b >= limit) b = await next()
    const j = b % n
    ;[digits[i], digits[j]] = [digits[j], digits[i]]
  }
  return digits
}

/** Both axes, as the server draws them. */
export async function drawDigits(seed: string, poolId: number | string, owners: readonly string[]): Promise<{ home: number[]; away: number[] }> {
  return drawDigitsFromOwnership(seed, poolId, ownershipText(owners))
}

/** Both axes from the ownership text itself (the published draw input), and the beacon's randomness if any. */
export async function drawDigitsFromOwnership(
  seed: string,
  poolId: number | string,
  ownership: string,
  randomness?: string | null,
): Promise<{ home: number[]; away: number[] }> {
  const [away, home] = await Promise.all([shuffleDigits(seed, poolId, 'away', ownership, randomness), shuffleDigits(seed, poolId, 'home', ownership, randomness)])
  return { home, away }
}

export interface DrawCheckInput {
  poolId: number
  seed: string
  commitment: string
  /** The owners now, row-major; null while the board is loading. Needed only without a draw input. */
  owners: readonly string[] | null
  /** The ownership text the draw consumed, as published; null for pools drawn before it was stored. */
  drawInput?: string | null
  drawInputSha256?: string | null
  homeNumbers: readonly number[]
  awayNumbers: readonly number[]
  /** The board's squares (100, 50 or 25): how many owners the draw input names. */
  squares?: number
  /**
   * The pool's number sets when it draws new numbers each period: each checked on its own (seed against its
   * SHA-256, digits from its seed and the draw input); the top-level numbers are then the set in play.
   */
  sets?: readonly NumberSetInput[]
  /**
   * The beacon round's randomness (hex) of a pool drawn with one: the digits derive by squares-draw-v2.
   * Null or absent: squares-draw-v1 (drawn without a beacon, or before beacons existed).
   */
  randomness?: string | null
}

/** One published number set to check. */
export interface NumberSetInput {
  period: string
  seed: string
  seedSha256: string
  homeNumbers: readonly number[]
  awayNumbers: readonly number[]
}

/** The check of one number set. */
export interface NumberSetCheck {
  period: string
  /** "Q1", "Final", "1st Half". */
  label: string
  commitment: { expected: string; computed: string; ok: boolean }
  home: { published: number[]; computed: number[]; ok: boolean }
  away: { published: number[]; computed: number[]; ok: boolean }
  /** The seed of an earlier set again: sets must each have their own. */
  repeated: boolean
  ok: boolean
}

/** A square whose owner now is not its owner at the draw ("admin" now: the house took it over). */
export interface OwnerChange {
  row: number
  column: number
  atDraw: string
  now: string
}

export interface DrawCheck {
  ok: boolean
  /** What the digits were recomputed from: the stored draw input, or (older pools) the current owners. */
  source: 'draw-input' | 'current-owners'
  commitment: { expected: string; computed: string; ok: boolean }
  /** SHA-256 of the draw input against the published one; null without a draw input. */
  input: { expected: string; computed: string; ok: boolean } | null
  home: { published: number[]; computed: number[]; ok: boolean }
  away: { published: number[]; computed: number[]; ok: boolean }
  /** Squares that changed hands after the draw (reported, not failed). */
  changed: OwnerChange[]
  /** Each number set's check, when the numbers are drawn per period (else empty). */
  sets: NumberSetCheck[]
  /** The derivation the digits were recomputed with. */
  version: typeof DRAW_VERSION | typeof DRAW_VERSION_BEACON
}

const same = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((v, i) => v === b[i])

/**
 * Recomputes the commitment and both axes from what the server published and compares them: from the
 * stored draw input when the pool has one (checking it against its published SHA-256, and listing the
 * squares whose owner changed since), else from the current owners.
 */
export async function verifyDraw(input: DrawCheckInput): Promise<DrawCheck> {
  const n = input.squares ?? GRID * GRID
  const computed = await drawCommitment(input.seed)
  const commitment = { expected: input.commitment.toLowerCase(), computed, ok: computed === input.commitment.toLowerCase() }
  let ownership: string
  let inputCheck: DrawCheck['input'] = null
  const changed: OwnerChange[] = []
  if (input.drawInput) {
    ownership = input.drawInput
    const atDraw = ownership.split(',')
    const sum = await sha256Hex(ownership)
    const expected = (input.drawInputSha256 ?? '').toLowerCase()
    inputCheck = { expected, computed: sum, ok: sum === expected && atDraw.length === n && atDraw.every((o) => o !== '') }
    // Rows are 10 squares wide, or 5 on the boards of 50 and 25.
    const width = n === GRID * GRID ? GRID : 5
    if (input.owners && atDraw.length === n && input.owners.length === n) {
      atDraw.forEach((o, i) => {
        if (o !== input.owners![i]) changed.push({ row: Math.floor(i / width), column: i % width, atDraw: o, now: input.owners![i] })
      })
    }
  } else {
    if (!input.owners) throw new Error('Waiting for the owner of every square (the board is still loading).')
    ownership = input.owners.length === GRID * GRID ? ownershipText(input.owners) : input.owners.join(',')
  }
  const randomness = input.randomness || null
  const sets = input.sets && input.sets.length > 1 ? await verifyNumberSets(input.sets, input.poolId, ownership, randomness) : []
  let h: DrawCheck['home']
  let a: DrawCheck['away']
  if (sets.length) {
    // Per period, the board's numbers are the set in play: they must be one of the sets checked.
    const shown = input.sets!.find((s) => same(s.homeNumbers, input.homeNumbers) && same(s.awayNumbers, input.awayNumbers))
    const setOf = shown ? sets.find((c) => c.period === shown.period) : undefined
    h = { published: [...input.homeNumbers], computed: setOf?.home.computed ?? [], ok: !!setOf?.home.ok }
    a = { published: [...input.awayNumbers], computed: setOf?.away.computed ?? [], ok: !!setOf?.away.ok }
  } else {
    const { home, away } = await drawDigitsFromOwnership(input.seed, input.poolId, ownership, randomness)
    h = { published: [...input.homeNumbers], computed: home, ok: same(home, input.homeNumbers) }
    a = { published: [...input.awayNumbers], computed: away, ok: same(away, input.awayNumbers) }
  }
  return {
    ok: commitment.ok && (inputCheck?.ok ?? true) && h.ok && a.ok && sets.every((c) => c.ok),
    source: input.drawInput ? 'draw-input' : 'current-owners',
    commitment,
    input: inputCheck,
    home: h,
    away: a,
    changed,
    sets,
    version: randomness ? DRAW_VERSION_BEACON : DRAW_VERSION,
  }
}

/**
 * Checks each published number set as `squares verify-draw` does (squares.VerifyNumberSets): its seed against
 * its SHA-256, no two sets on one seed, and its digits against their derivation from its seed, the pool id and
 * the draw input.
 */
export async function verifyNumberSets(
  sets: readonly NumberSetInput[],
  poolId: number,
  ownership: string,
  randomness?: string | null,
): Promise<NumberSetCheck[]> {
  const seen = new Set<string>()
  const out: NumberSetCheck[] = []
  for (const s of sets) {
    const computed = await drawCommitment(s.seed)
    const expected = s.seedSha256.toLowerCase()
    const { home, away } = await drawDigitsFromOwnership(s.seed, poolId, ownership, randomness)
    const repeated = seen.has(computed)
    seen.add(computed)
    const check: Omit<NumberSetCheck, 'ok'> = {
      period: s.period,
      label: s.period ? payingPeriodLabel(s.period) : 'Numbers',
      commitment: { expected, computed, ok: s.seed !== '' && computed === expected },
      home: { published: [...s.homeNumbers], computed: home, ok: same(home, s.homeNumbers) },
      away: { published: [...s.awayNumbers], computed: away, ok: same(away, s.awayNumbers) },
      repeated,
    }
    out.push({ ...check, ok: check.commitment.ok && check.home.ok && check.away.ok && !repeated })
  }
  return out
}

/**
 * The check's input from a drawn pool and its squares as the API publishes them, or what is still
 * missing. A pool with a draw input verifies without its squares (they only show who changed hands).
 */
export function drawCheckInput(pool: Pool, squares: readonly Square[]): { input: DrawCheckInput } | { missing: string } {
  const homeNumbers = parseDigits(pool.homeNumbers)
  const awayNumbers = parseDigits(pool.awayNumbers)
  if (!pool.drawSeed || !pool.drawCommitment || !homeNumbers || !awayNumbers) {
    return { missing: 'The server has not published the seed, the commitment and both sets of numbers.' }
  }
  const grid = poolGrid(pool)
  const owners = ownersFromSquares(squares, grid)
  if (!pool.drawInput && !owners) return { missing: 'Waiting for the owner of every square (the board is still loading).' }
  // A pool drawn with a beacon round derives from its randomness (squares-draw-v2).
  const withBeacon = pool.beacon?.status === 'verified'
  if (withBeacon && !pool.beacon.randomness) return { missing: 'The server has not published the beacon round’s randomness.' }
  const sets = (pool.numberSets ?? []).map((s) => ({
    period: s.period,
    seed: s.seed,
    seedSha256: s.seedSha256,
    homeNumbers: s.homeNumbers ?? [],
    awayNumbers: s.awayNumbers ?? [],
  }))
  return {
    input: {
      poolId: pool.id,
      seed: pool.drawSeed,
      commitment: pool.drawCommitment,
      owners,
      drawInput: pool.drawInput ?? null,
      drawInputSha256: pool.drawInputSha256 ?? null,
      homeNumbers,
      awayNumbers,
      squares: grid.rows * grid.columns,
      ...(sets.length > 1 ? { sets } : {}),
      randomness: withBeacon ? pool.beacon.randomness : null,
    },
  }
}
