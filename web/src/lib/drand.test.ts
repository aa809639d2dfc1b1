import { describe, expect, it } from 'vitest'
import { drawDigitsFromOwnership, verifyDraw } from './draw'
import { beaconChainFor, beaconRandomness, lockRound, parseTimeNanos, QUICKNET, roundAt, roundTime, verifyBeacon, verifyRoundSignature, type BeaconChainInfo } from './drand'
// Real quicknet rounds from drand's own repositories' tests, with their source: the file the Go tests read,
// outside the web app (vitest.config.ts allows it), not a copy.
// eslint-disable-next-line no-restricted-imports
import roundsText from '../../../drand/testdata/quicknet-rounds.json?raw'
import type { Beacon } from './api.gen'

const rounds = (JSON.parse(roundsText) as { chain: string; rounds: { round: number; signature: string }[] }).rounds
const r12040883 = rounds.find((r) => r.round === 12040883)!
const r67 = rounds.find((r) => r.round === 67)!

// The squares-draw-v2 test vector of docs/fairness.md: the v1 vector's seed, pool 42 and owners, with the
// randomness of quicknet round 12040883.
const seed = '6d1f0e8c2b3a49587766554433221100ffeeddccbbaa99887766554433221100'
const ownership = Array.from({ length: 100 }, (_, i) => (i < 90 ? String((i % 7) + 1) : 'admin')).join(',')
const commitment = 'aa6358ae878654ad9544e5431fbe7cba2bc120072d6dd39949715c73958e8c87'
const randomness = '173df1f57805453a8d2015268205d68147de12cafc2f451f7bc6adadca3571b3'
const home = [6, 3, 1, 4, 0, 8, 5, 9, 2, 7]
const away = [1, 0, 7, 2, 6, 9, 5, 8, 3, 4]

/** Flips the last hex digit. */
const tamper = (hex: string) => hex.slice(0, -1) + (hex.endsWith('0') ? '1' : '0')

// A pool locked at 17:13:21.5Z: the first round 10 s later is 12040883, published at 17:13:33Z.
const beacon: Beacon = {
  status: 'verified',
  round: 12040883,
  dueAt: '2024-10-14T17:13:33Z',
  lockedAt: '2024-10-14T17:13:21.5Z',
  chainHash: QUICKNET.chainHash,
  signature: r12040883.signature,
  randomness,
  dev: false,
}

describe('drand rounds (docs/fairness.md)', () => {
  it('times rounds as genesis + (r - 1) x period and finds the round due 10 s after a lock, to the nanosecond', () => {
    expect(new Date(roundTime(QUICKNET, 12040883) * 1000).toISOString()).toBe('2024-10-14T17:13:33.000Z')
    expect(roundTime(QUICKNET, 1)).toBe(1692803367)
    expect(roundAt(QUICKNET, 0n)).toBe(1)
    expect(lockRound(QUICKNET, '2024-10-14T17:13:21.5Z')).toBe(12040883)
    // Exactly 10 s before a round: that round; a nanosecond later: the next.
    expect(lockRound(QUICKNET, '2024-10-14T17:13:23Z')).toBe(12040883)
    expect(lockRound(QUICKNET, '2024-10-14T17:13:23.000000001Z')).toBe(12040884)
    expect(lockRound(QUICKNET, '2024-10-14T13:13:23.000000001-04:00')).toBe(12040884)
    expect(lockRound(QUICKNET, '2024-10-14T17:13:20.000000001Z')).toBe(12040883)
    expect(parseTimeNanos('yesterday')).toBeNull()
    expect(lockRound(QUICKNET, 'yesterday')).toBeNull()
  })

  it('computes the randomness as SHA-256 of the signature', async () => {
    expect(await beaconRandomness(r12040883.signature)).toBe(randomness)
    expect(await beaconRandomness('not hex')).toBeNull()
  })

  it('verifies real quicknet rounds against quicknet’s key, and refuses a tampered signature or round', async () => {
    expect(rounds.length).toBeGreaterThanOrEqual(2)
    for (const r of rounds) expect(await verifyRoundSignature(QUICKNET, r.round, r.signature), `round ${r.round}`).toBe(true)
    expect(await verifyRoundSignature(QUICKNET, 12040883, tamper(r12040883.signature))).toBe(false)
    expect(await verifyRoundSignature(QUICKNET, 12040884, r12040883.signature)).toBe(false)
    expect(await verifyRoundSignature(QUICKNET, 68, r67.signature)).toBe(false)
    expect(await verifyRoundSignature(QUICKNET, 67, r12040883.signature)).toBe(false)
    // Another key: round 67's signature is quicknet's, not this one's.
    const other = { ...QUICKNET, publicKey: tamper(QUICKNET.publicKey) }
    expect(await verifyRoundSignature(other, 67, r67.signature)).toBe(false)
    await expect(verifyRoundSignature({ ...QUICKNET, scheme: 'pedersen-bls-chained' }, 67, r67.signature)).rejects.toThrow(/checks only/)
  })
})

describe('verifyBeacon', () => {
  it('passes the published round, time, signature and randomness', async () => {
    const check = await verifyBeacon(beacon, QUICKNET, 'built-in')
    expect(check).toMatchObject({
      ok: true,
      round: { published: 12040883, expected: 12040883, ok: true },
      dueAt: { ok: true, expected: '2024-10-14T17:13:33Z' },
      signature: { ok: true },
      randomness: { ok: true, computed: randomness },
      keySource: 'built-in',
    })
  })

  it('names what a tampered beacon breaks', async () => {
    const sig = await verifyBeacon({ ...beacon, signature: tamper(beacon.signature!) }, QUICKNET, 'built-in')
    expect(sig.ok).toBe(false)
    expect(sig.signature.ok).toBe(false)
    expect(sig.randomness.ok).toBe(false)
    expect(sig.round.ok).toBe(true)

    const rnd = await verifyBeacon({ ...beacon, randomness: tamper(randomness) }, QUICKNET, 'built-in')
    expect(rnd.ok).toBe(false)
    expect(rnd.randomness.ok).toBe(false)
    expect(rnd.signature.ok).toBe(true)

    // A later round than the one due after the lock (chosen after seeing it), with its own time.
    const later = await verifyBeacon({ ...beacon, round: 12040884, dueAt: '2024-10-14T17:13:36Z' }, QUICKNET, 'built-in')
    expect(later.ok).toBe(false)
    expect(later.round).toEqual({ published: 12040884, expected: 12040883, ok: false })
    expect(later.signature.ok).toBe(false)

    // The lock moved so the published round looks due: the round check fails.
    const relocked = await verifyBeacon({ ...beacon, lockedAt: '2024-10-14T17:13:24Z' }, QUICKNET, 'built-in')
    expect(relocked.round.ok).toBe(false)
    expect(relocked.ok).toBe(false)

    const due = await verifyBeacon({ ...beacon, dueAt: '2024-10-14T17:13:36Z' }, QUICKNET, 'built-in')
    expect(due.dueAt.ok).toBe(false)
    expect(due.ok).toBe(false)
  })

  it('takes quicknet’s key from the app and another chain’s from the server, only when it is the pool’s', async () => {
    const dev: BeaconChainInfo = { ...QUICKNET, chainHash: 'ab'.repeat(32), publicKey: tamper(QUICKNET.publicKey), genesis: 1704067200, dev: true }
    let asked = 0
    const server = () => {
      asked++
      return Promise.resolve(dev)
    }
    expect(await beaconChainFor(QUICKNET.chainHash, server)).toEqual({ chain: QUICKNET, keySource: 'built-in' })
    expect(asked).toBe(0)
    expect(await beaconChainFor(dev.chainHash, server)).toEqual({ chain: dev, keySource: 'server' })
    await expect(beaconChainFor('cd'.repeat(32), server)).rejects.toThrow(/not this pool’s chain/)
    await expect(beaconChainFor('cd'.repeat(32), () => Promise.resolve(null))).rejects.toThrow(/beacon is off/)
  })
})

describe('squares-draw-v2 (docs/fairness.md test vector)', () => {
  it('derives the digits from the seed, the owners and the beacon’s randomness', async () => {
    expect(await drawDigitsFromOwnership(seed, 42, ownership, randomness)).toEqual({ home, away })
    // Without randomness: v1's vector.
    expect(await drawDigitsFromOwnership(seed, 42, ownership)).toEqual({ home: [7, 1, 9, 2, 0, 3, 5, 8, 6, 4], away: [5, 0, 6, 9, 7, 3, 8, 1, 2, 4] })
  })

  it('verifies a draw made with the beacon, and not with another randomness or none', async () => {
    const owners = ownership.split(',')
    const ok = await verifyDraw({ poolId: 42, seed, commitment, owners, homeNumbers: home, awayNumbers: away, randomness })
    expect(ok.ok).toBe(true)
    expect(ok.version).toBe('squares-draw-v2')
    const other = await verifyDraw({ poolId: 42, seed, commitment, owners, homeNumbers: home, awayNumbers: away, randomness: tamper(randomness) })
    expect(other.ok).toBe(false)
    const v1 = await verifyDraw({ poolId: 42, seed, commitment, owners, homeNumbers: home, awayNumbers: away })
    expect(v1.ok).toBe(false)
    expect(v1.version).toBe('squares-draw-v1')
  })
})
