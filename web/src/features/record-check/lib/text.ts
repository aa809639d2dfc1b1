// How a check names money, squares and owners in the reasons it gives.

import type { Cell } from '@/lib/api.gen'
import { formatCents } from '@/lib/money'

/** Money as the record writes it ("12.50", "-0.05": Cents.String) in cents; null when it is not that. */
export function parseMoney(text: unknown): number | null {
  if (typeof text !== 'string' || !/^-?\d{1,13}\.\d{2}$/.test(text)) return null
  const neg = text.startsWith('-')
  const [whole, frac] = (neg ? text.slice(1) : text).split('.')
  const cents = Number(whole) * 100 + Number(frac)
  return neg ? -cents : cents
}

/** "$1,225.00". */
export const money = (cents: number) => formatCents(cents)

/** A square as people count it: "row 4, column 5" (rows and columns from 1). */
export const squareText = (c: Cell) => `row ${c.row + 1}, column ${c.column + 1}`

/** An owner as the draw names it, in words: "player 12", "the house", "guest 3", "nobody". */
export function ownerText(owner: string): string {
  if (!owner) return 'nobody'
  if (owner === 'admin') return 'the house'
  if (owner.startsWith('guest-')) return `guest ${owner.slice(6)}`
  return `player ${owner}`
}
