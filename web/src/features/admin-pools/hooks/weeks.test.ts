import { describe, expect, it } from 'vitest'
import { easternInputToISO, sortWeeks, toEasternInput } from './weeks'

describe('weeks', () => {
  it('orders preseason first, then Week N numerically, then the postseason', () => {
    expect(sortWeeks(['W10', 'SB', 'W2', 'PS3', 'WC', 'W1', 'PS1', '', 'W2', 'HOF'])).toEqual(['HOF', 'PS1', 'PS3', 'W1', 'W2', 'W10', 'WC', 'SB'])
  })

  it('reads and writes Eastern wall times across daylight saving', () => {
    expect(easternInputToISO('2026-09-27T20:00')).toBe('2026-09-28T00:00:00.000Z') // EDT, UTC-4
    expect(easternInputToISO('2026-12-06T13:00')).toBe('2026-12-06T18:00:00.000Z') // EST, UTC-5
    expect(easternInputToISO('tomorrow')).toBeNull()
    expect(toEasternInput(new Date('2026-12-06T18:00:00Z'))).toBe('2026-12-06T13:00')
  })
})
