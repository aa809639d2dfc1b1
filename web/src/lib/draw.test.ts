import { describe, expect, it } from 'vitest'
import { drawCommitment, drawDigits, ownersFromSquares, ownershipText, verifyDraw } from './draw'

// The TEST VECTOR of docs/fairness.md.
const seed = '6d1f0e8c2b3a49587766554433221100ffeeddccbbaa99887766554433221100'
const poolId = 42
const owners = Array.from({ length: 100 }, (_, i) => (i < 90 ? String((i % 7) + 1) : 'admin'))
const commitment = 'aa6358ae878654ad9544e5431fbe7cba2bc120072d6dd39949715c73958e8c87'
const home = [7, 1, 9, 2, 0, 3, 5, 8, 6, 4]
const away = [5, 0, 6, 9, 7, 3, 8, 1, 2, 4]

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
