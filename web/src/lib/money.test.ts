import { describe, expect, it } from 'vitest'
import { formatCents, formatMoney } from './money'

const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })
const intlWhole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 })

describe('money formatting, as Intl formats US dollars in en-US', () => {
  const cents = [0, 1, 9, 10, 99, 100, 101, 500, 999, 1000, 2250, 22500, 99999, 100000, 123456, 1000000, 99999999, 123456789012]
  it.each(cents.flatMap((c) => (c === 0 ? [0] : [c, -c])))('%i cents', (c) => {
    expect(formatCents(c)).toBe(intl.format(c / 100))
    if (c % 100 === 0) expect(formatCents(c, true)).toBe(intlWhole.format(c / 100))
    else expect(formatCents(c, true)).toBe(intl.format(c / 100))
  })

  it('reads the API decimal strings and numbers, and nothing as zero', () => {
    expect(formatMoney('2250.00')).toBe('$2,250.00')
    expect(formatMoney('0.1')).toBe('$0.10')
    expect(formatMoney(4.5)).toBe('$4.50')
    expect(formatMoney('-12.34')).toBe('-$12.34')
    expect(formatMoney(null)).toBe('$0.00')
    expect(formatMoney('abc')).toBe('$0.00')
  })

  it('never writes a negative zero (Intl writes -$0.00)', () => {
    expect(formatCents(-0)).toBe('$0.00')
    expect(formatMoney('-0.001')).toBe('$0.00')
  })
})
