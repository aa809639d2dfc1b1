import type { CheckoutRequest, CheckoutSquare } from '../api/checkout-api'

/** Reads ?poolId=..&squares=<JSON [{row,column,price}]>&amount=..; null when anything is missing or malformed. */
export function parseCheckoutParams(params: URLSearchParams): CheckoutRequest | null {
  const poolId = params.get('poolId') ?? ''
  const rawSquares = params.get('squares')
  const amount = params.get('amount') ?? ''
  if (!/^\d+$/.test(poolId) || !rawSquares || !amount || !Number.isFinite(Number(amount)) || Number(amount) <= 0) return null
  let list: unknown
  try {
    list = JSON.parse(rawSquares)
  } catch {
    return null
  }
  if (!Array.isArray(list) || list.length === 0) return null
  const squares: CheckoutSquare[] = []
  for (const item of list) {
    const s = item as { row?: unknown; column?: unknown; price?: unknown }
    if (!Number.isInteger(s?.row) || !Number.isInteger(s?.column)) return null
    const row = s.row as number
    const column = s.column as number
    if (row < 0 || row > 9 || column < 0 || column > 9) return null
    squares.push({ row, column, price: typeof s.price === 'string' || typeof s.price === 'number' ? String(s.price) : '' })
  }
  return { poolId: Number(poolId), squares, amount }
}
