// Every date and time is shown in America/New_York with an "ET" suffix.
export const EASTERN = 'America/New_York'

function toDate(value: string | Date | null | undefined): Date | null {
  if (!value) return null
  const d = value instanceof Date ? value : new Date(value)
  return Number.isNaN(d.getTime()) ? null : d
}

/**
 * An Eastern-time formatter made at its first use, not when this module loads: each costs milliseconds to
 * build (the first loads the time zone's data), and most screens use one or two of them, after their first
 * paint.
 */
export function easternFormat(options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>): () => Intl.DateTimeFormat {
  let fmt: Intl.DateTimeFormat | undefined
  return () => (fmt ??= new Intl.DateTimeFormat('en-US', { timeZone: EASTERN, ...options }))
}

// The four formats every screen uses are written out from the time zone's rule rather than made by Intl: a
// page's first Eastern-time formatter loads ICU's time zone data, 13 ms on a fast machine and four times that
// on a phone, inside the first render of the dashboard and the pool page. dates.test.ts holds them to Intl's
// output; times outside the rule's years still go through Intl.
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']
const HOUR_MS = 60 * 60 * 1000

/** The instant of the n-th Sunday of a month (0-11) at an hour in UTC. */
function nthSunday(year: number, month: number, n: number, hourUTC: number): number {
  const first = new Date(Date.UTC(year, month, 1)).getUTCDay()
  return Date.UTC(year, month, 1 + ((7 - first) % 7) + (n - 1) * 7, hourUTC)
}

/**
 * The wall clock of New York at d, as a Date whose UTC fields read it, or null outside the years of the
 * rule written here: Eastern Standard Time (UTC-5), and Daylight Time (UTC-4) from the second Sunday of
 * March at 2:00 EST (7:00 UTC) to the first Sunday of November at 2:00 EDT (6:00 UTC), as since 2007.
 */
function easternClock(d: Date): Date | null {
  const t = d.getTime()
  const year = d.getUTCFullYear()
  if (year < 2007 || year > 2199) return null
  const daylight = t >= nthSunday(year, 2, 2, 7) && t < nthSunday(year, 10, 1, 6)
  return new Date(t - (daylight ? 4 : 5) * HOUR_MS)
}

const clockTime = (e: Date) => `${e.getUTCHours() % 12 || 12}:${String(e.getUTCMinutes()).padStart(2, '0')} ${e.getUTCHours() < 12 ? 'AM' : 'PM'}`
const shortDay = (e: Date) => `${WEEKDAYS[e.getUTCDay()].slice(0, 3)}, ${MONTHS[e.getUTCMonth()].slice(0, 3)} ${e.getUTCDate()}`

const dateTimeFmt = easternFormat({ weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })
const dateFmt = easternFormat({ weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' })
const longDateFmt = easternFormat({ weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' })
const timeFmt = easternFormat({ hour: 'numeric', minute: '2-digit' })

/** "Sun, Nov 29, 1:00 PM ET" */
export function formatDateTimeET(value: string | Date | null | undefined): string {
  const d = toDate(value)
  if (!d) return 'TBD'
  const e = easternClock(d)
  return `${e ? `${shortDay(e)}, ${clockTime(e)}` : dateTimeFmt().format(d)} ET`
}

/** "Sun, Nov 29, 2026" (Eastern calendar day) */
export function formatDateET(value: string | Date | null | undefined): string {
  const d = toDate(value)
  if (!d) return 'TBD'
  const e = easternClock(d)
  return e ? `${shortDay(e)}, ${e.getUTCFullYear()}` : dateFmt().format(d)
}

/** "Sunday, November 29, 2026" */
export function formatLongDateET(value: string | Date | null | undefined): string {
  const d = toDate(value)
  if (!d) return 'TBD'
  const e = easternClock(d)
  return e ? `${WEEKDAYS[e.getUTCDay()]}, ${MONTHS[e.getUTCMonth()]} ${e.getUTCDate()}, ${e.getUTCFullYear()}` : longDateFmt().format(d)
}

/** "1:00 PM ET" */
export function formatTimeET(value: string | Date | null | undefined): string {
  const d = toDate(value)
  if (!d) return 'TBD'
  const e = easternClock(d)
  return `${e ? clockTime(e) : timeFmt().format(d)} ET`
}

const YEAR_MS = 365.25 * 24 * 60 * 60 * 1000

/** Age in whole years, computed with 365.25-day years (spec section 5). NaN for a bad date. */
export function ageFromDateOfBirth(dob: string, now: Date = new Date()): number {
  const d = parseDateOnly(dob)
  if (!d) return NaN
  return Math.floor((now.getTime() - d.getTime()) / YEAR_MS)
}

/** Parses "YYYY-MM-DD" (or anything Date understands) to a Date, or null. */
export function parseDateOnly(value: string): Date | null {
  if (!value) return null
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  const d = m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : new Date(value)
  if (Number.isNaN(d.getTime())) return null
  if (m && (d.getFullYear() !== Number(m[1]) || d.getMonth() !== Number(m[2]) - 1 || d.getDate() !== Number(m[3]))) return null
  return d
}

/** Today's date as YYYY-MM-DD in local time, for the max attribute of date inputs. */
export function todayISO(now: Date = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`
}
