import { describe, expect, it } from 'vitest'
import { formatDateET, formatDateTimeET, formatLongDateET, formatTimeET } from './dates'

// What the app showed before these were written out: Intl's en-US formatters in New York's time zone.
const intl = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', ...options })
const dateTime = intl({ weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })
const date = intl({ weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' })
const longDate = intl({ weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' })
const time = intl({ hour: 'numeric', minute: '2-digit' })

function expectIntl(d: Date) {
  expect(formatDateTimeET(d), d.toISOString()).toBe(`${dateTime.format(d)} ET`)
  expect(formatDateET(d), d.toISOString()).toBe(date.format(d))
  expect(formatLongDateET(d), d.toISOString()).toBe(longDate.format(d))
  expect(formatTimeET(d), d.toISOString()).toBe(`${time.format(d)} ET`)
}

const HOUR = 60 * 60 * 1000

describe('Eastern times', () => {
  it('read as Intl writes them, every fifth hour of four seasons', () => {
    for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2029, 0, 1); t += 5 * HOUR) {
      // A different minute each time, so that every minute shows somewhere; every fifth hour meets every
      // hour of the day, and every day of the week, within a week.
      expectIntl(new Date(t + ((t / HOUR) % 60) * 60_000))
    }
  })

  it('change to and from daylight time on the minute Intl does', () => {
    for (const year of [2007, 2024, 2025, 2026, 2027, 2033, 2100, 2199]) {
      for (const [month, n] of [[2, 2], [10, 1]]) {
        // Around the second Sunday of March and the first of November: the days when the clocks change.
        const first = new Date(Date.UTC(year, month, 1)).getUTCDay()
        const day = 1 + ((7 - first) % 7) + (n - 1) * 7
        for (let t = Date.UTC(year, month, day, 3); t <= Date.UTC(year, month, day, 10); t += 60_000) expectIntl(new Date(t))
      }
    }
  })

  it('read as Intl writes them outside the years of the rule, at midnight, noon and New Year', () => {
    for (const iso of ['1999-07-04T16:00:00Z', '2006-04-02T06:59:00Z', '2006-04-02T07:00:00Z', '2200-06-01T12:00:00Z',
      '2026-01-01T04:59:00Z', '2026-01-01T05:00:00Z', '2026-06-01T04:00:00Z', '2026-06-01T16:00:00Z', '2026-12-31T23:59:59Z']) {
      expectIntl(new Date(iso))
    }
  })

  it('say TBD for no time or a time that is not one', () => {
    for (const f of [formatDateTimeET, formatDateET, formatLongDateET, formatTimeET]) {
      expect(f(null)).toBe('TBD')
      expect(f('')).toBe('TBD')
      expect(f('not a date')).toBe('TBD')
    }
    expect(formatDateTimeET('2026-11-29T18:00:00Z')).toBe('Sun, Nov 29, 1:00 PM ET')
  })
})
