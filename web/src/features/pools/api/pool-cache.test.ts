import { describe, expect, it } from 'vitest'
import type { Square } from '@/lib/types'
import { mergeSquares } from './pool-cache'

const square = (over: Partial<Square>): Square => ({
  id: 1, poolId: 31, userId: '40', row: 0, column: 1, purchasePrice: '2.00', purchasedAt: null, user: { firstName: 'Bo', lastName: 'Diaz' }, status: 'owned', ...over,
})

describe('mergeSquares', () => {
  it('keeps what the viewer read of a square (paid, in a host pool) when the socket pushes the same square without it', () => {
    const read = [square({ id: 1, paid: false }), square({ id: 2, column: 2, paid: true })]
    const merged = mergeSquares(read, [square({ id: 1 }), square({ id: 2, column: 2 })], [])
    expect(merged.map((s) => s.paid)).toEqual([false, true])
  })

  it('takes the socket square as it is when another square now stands on the cell, or the socket says paid', () => {
    const read = [square({ id: 1, paid: false }), square({ id: 2, column: 2, paid: false })]
    const merged = mergeSquares(read, [square({ id: 7, userId: '41' }), square({ id: 2, column: 2, paid: true })], [])
    expect(merged.map((s) => [s.id, s.paid])).toEqual([
      [7, undefined],
      [2, true],
    ])
  })

  it('frees released cells and adds new ones in board order', () => {
    const merged = mergeSquares([square({ id: 1 })], [square({ id: 3, row: 0, column: 0 })], [{ row: 0, column: 1 }])
    expect(merged.map((s) => s.id)).toEqual([3])
  })
})
