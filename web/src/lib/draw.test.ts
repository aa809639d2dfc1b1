import { describe, expect, it } from 'vitest'
import { drawCheckInput, drawCommitment, drawDigits, ownersFromSquares, ownershipText, sha256Hex, verifyDraw } from './draw'
import fixtureText from './testdata/pool-after-takeover.json?raw'
import type { Pool, Square } from './types'

// The TEST VECTOR of docs/fairness.md.
const seed = '6d1f0e8c2b3a49587766554433221100ffeeddccbbaa99887766554433221100'
const poolId = 42
const owners = Array.from({ length: 100 }, (_, i) => (i < 90 ? String((i % 7) + 1) : 'admin'))
const commitment = 'aa6358ae878654ad9544e5431fbe7cba2bc120072d6dd39949715c73958e8c87'
const home = [7, 1, 9, 2, 0, 3, 5, 8, 6, 4]
const away = [5, 0, 6, 9, 7, 3, 8, 1, 2, 4]
// The draw input the server stores and publishes for this draw, and its SHA-256 (docs/fairness.md).
const drawInput = owners.join(',')
const drawInputSha256 = 'e7f65ae79e4e8be4b68f44485ec5d32370b371a74eb3f5b490535e32a04513d0'
// After the draw the house took over squares 0-4 (row 0, columns 0-4): their buyer's card hold lapsed.
const ownersNow = owners.map((o, i) => (i < 5 ? 'admin' : o))

describe('draw verifier (docs/fairness.md test vector)', () => {
  it('computes the commitment', async () => {
    expect(await drawCommitment(seed)).toBe(commitment)
  })

  it('computes both axes', async () => {
    expect(await drawDigits(seed, poolId, owners)).toEqual({ home, away })
  })

  it('builds the ownership from squares in row-major order, whatever their order in the list', () => {
    const squares = owners.map((userId, i) => ({ row: Math.floor(i / 10), column: i % 10, userId, status: 'owned' })).reverse()
    expect(ownersFromSquares(squares)).toEqual(owners)
    expect(ownershipText(owners).startsWith('1,2,3,4,5,6,7,1,')).toBe(true)
    expect(ownersFromSquares(squares.slice(1))).toBeNull()
    expect(ownersFromSquares(squares.map((s, i) => (i === 0 ? { ...s, status: 'held' } : s)))).toBeNull()
  })

  it('says Verified for the published values and names a mismatch', async () => {
    const ok = await verifyDraw({ poolId, seed, commitment, owners, homeNumbers: home, awayNumbers: away })
    expect(ok.ok).toBe(true)

    const otherOwner = [...owners]
    otherOwner[0] = '99'
    const moved = await verifyDraw({ poolId, seed, commitment, owners: otherOwner, homeNumbers: home, awayNumbers: away })
    expect(moved.ok).toBe(false)
    expect(moved.commitment.ok).toBe(true)

    const badSeed = await verifyDraw({ poolId, seed: seed.replace(/^6/, '7'), commitment, owners, homeNumbers: home, awayNumbers: away })
    expect(badSeed.commitment.ok).toBe(false)

    const swapped = await verifyDraw({ poolId, seed, commitment, owners, homeNumbers: away, awayNumbers: home })
    expect(swapped.home.ok).toBe(false)
    expect(swapped.away.ok).toBe(false)
  })
})

describe('a draw stays verifiable after squares change hands', () => {
  it('hashes the draw input as published', async () => {
    expect(await sha256Hex(drawInput)).toBe(drawInputSha256)
  })

  it('verifies against the stored draw input and reports the squares that changed hands', async () => {
    const check = await verifyDraw({ poolId, seed, commitment, owners: ownersNow, drawInput, drawInputSha256, homeNumbers: home, awayNumbers: away })
    expect(check.ok).toBe(true)
    expect(check.source).toBe('draw-input')
    expect(check.input).toEqual({ expected: drawInputSha256, computed: drawInputSha256, ok: true })
    expect(check.changed).toHaveLength(5)
    expect(check.changed[0]).toEqual({ row: 0, column: 0, atDraw: '1', now: 'admin' })
    expect(check.changed[4]).toEqual({ row: 0, column: 4, atDraw: '5', now: 'admin' })
  })

  it('fails a draw input that does not match its published hash, or digits that do not follow from it', async () => {
    const edited = drawInput.replace(/^1,/, '2,')
    const tampered = await verifyDraw({ poolId, seed, commitment, owners: ownersNow, drawInput: edited, drawInputSha256, homeNumbers: home, awayNumbers: away })
    expect(tampered.ok).toBe(false)
    expect(tampered.input?.ok).toBe(false)
    const rehashed = await verifyDraw({ poolId, seed, commitment, owners: ownersNow, drawInput: edited, drawInputSha256: await sha256Hex(edited), homeNumbers: home, awayNumbers: away })
    expect(rehashed.input?.ok).toBe(true)
    expect(rehashed.ok).toBe(false)
  })

  it('falls back to the current owners for a pool drawn before draw inputs were stored', async () => {
    const unchanged = await verifyDraw({ poolId, seed, commitment, owners, drawInput: null, drawInputSha256: null, homeNumbers: home, awayNumbers: away })
    expect(unchanged.ok).toBe(true)
    expect(unchanged.source).toBe('current-owners')
    expect(unchanged.input).toBeNull()
    // The current-owner approach cannot verify a pool whose squares changed hands after the draw.
    const changed = await verifyDraw({ poolId, seed, commitment, owners: ownersNow, drawInput: null, drawInputSha256: null, homeNumbers: home, awayNumbers: away })
    expect(changed.ok).toBe(false)
  })

  // testdata/pool-after-takeover.json is what GET /api/pools/{id} and /api/pools/{id}/squares answered for a
  // paid pool filled through the escrow, drawn, and then partly taken over by the house when a hold was
  // cancelled (written by `go test ./cmd/squares -run TestVerifyDrawAfterHouseTakeover -update-fixture`).
  it('verifies a real pool whose owners changed after the draw, as the server publishes it', async () => {
    const fixture = JSON.parse(fixtureText) as { pool: Pool; squares: Square[] }
    const found = drawCheckInput(fixture.pool, fixture.squares)
    if (!('input' in found)) throw new Error(found.missing)
    const input = found.input
    const check = await verifyDraw(input)
    expect(check.ok).toBe(true)
    expect(check.source).toBe('draw-input')
    expect(check.changed).toHaveLength(5)
    expect(check.changed.every((c) => c.now === 'admin')).toBe(true)
    // The current-owner approach of old fails on the same publication.
    const old = await verifyDraw({ ...input, drawInput: null, drawInputSha256: null })
    expect(old.ok).toBe(false)
  })

  it('needs the squares only for a pool without a draw input', async () => {
    const fixture = JSON.parse(fixtureText) as { pool: Pool; squares: Square[] }
    const found = drawCheckInput(fixture.pool, [])
    if (!('input' in found)) throw new Error(found.missing)
    const check = await verifyDraw(found.input)
    expect(check.ok).toBe(true)
    expect(check.changed).toEqual([])
    expect(drawCheckInput({ ...fixture.pool, drawInput: null, drawInputSha256: null }, [])).toHaveProperty('missing')
    expect(drawCheckInput({ ...fixture.pool, drawSeed: null }, fixture.squares)).toHaveProperty('missing')
  })
})

// Number sets per period on a 25-square board drawn unfilled (its last square empty, "-"): the digits the Go
// domain derives (squares.DrawFromOwnership with squares.GridOwnershipText), printed by a throwaway go run.
describe('number sets per period (issue 22)', () => {
  const boardInput = '1,2,3,4,5,6,1,2,3,4,5,6,1,2,3,4,5,6,1,2,3,4,5,6,-'
  const boardInputSha = '279b62aca51e4917c9d7dfa30e821a4f7048de740e3d105ee6812bc7b455481d'
  const seed2 = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff'
  const q1 = { period: 'Q1', seed, seedSha256: commitment, homeNumbers: [3, 7, 6, 4, 0, 1, 8, 9, 5, 2], awayNumbers: [9, 5, 6, 7, 2, 1, 4, 8, 0, 3] }
  const q2 = {
    period: 'Q2',
    seed: seed2,
    seedSha256: '2a8abfa8cb9906290437854193ca6bca41d4d4e26d1d454bd66a35158095e737',
    homeNumbers: [4, 9, 5, 7, 6, 8, 1, 0, 2, 3],
    awayNumbers: [1, 7, 2, 3, 8, 9, 6, 0, 4, 5],
  }
  const base = { poolId, seed, commitment, owners: null, drawInput: boardInput, drawInputSha256: boardInputSha, squares: 25 }

  it('checks every set: its seed against its SHA-256 and its digits from its own seed and the draw input', async () => {
    const ok = await verifyDraw({ ...base, homeNumbers: q2.homeNumbers, awayNumbers: q2.awayNumbers, sets: [q1, q2] })
    expect(ok.input?.ok).toBe(true)
    expect(ok.sets.map((s) => [s.label, s.ok])).toEqual([
      ['Q1', true],
      ['Q2', true],
    ])
    expect(ok.ok).toBe(true)
  })

  it('names the set that does not verify: a seed that is not its SHA-256, swapped digits, a seed used twice', async () => {
    const badSeed = await verifyDraw({ ...base, homeNumbers: q1.homeNumbers, awayNumbers: q1.awayNumbers, sets: [q1, { ...q2, seedSha256: commitment }] })
    expect(badSeed.ok).toBe(false)
    expect(badSeed.sets[1].commitment.ok).toBe(false)
    const swapped = await verifyDraw({ ...base, homeNumbers: q1.homeNumbers, awayNumbers: q1.awayNumbers, sets: [q1, { ...q2, homeNumbers: q2.awayNumbers }] })
    expect(swapped.sets.map((s) => s.home.ok)).toEqual([true, false])
    const twice = await verifyDraw({ ...base, homeNumbers: q1.homeNumbers, awayNumbers: q1.awayNumbers, sets: [q1, { ...q1, period: 'Q2' }] })
    expect(twice.sets[1].repeated).toBe(true)
    expect(twice.ok).toBe(false)
    // The board's numbers must be one of the sets.
    const stray = await verifyDraw({ ...base, homeNumbers: home, awayNumbers: away, sets: [q1, q2] })
    expect(stray.home.ok).toBe(false)
  })

  it('reads a drawn 25-square pool from its JSON', () => {
    const pool = {
      id: poolId, drawSeed: seed, drawCommitment: commitment, drawInput: boardInput, drawInputSha256: boardInputSha,
      homeNumbers: q2.homeNumbers, awayNumbers: q2.awayNumbers, rows: 5, columns: 5, numberSets: [q1, q2],
    } as unknown as Pool
    const found = drawCheckInput(pool, [])
    expect('input' in found && found.input).toMatchObject({ squares: 25, sets: [q1, q2] })
  })
})
