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

const dateTimeFmt = easternFormat({ weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })
const dateFmt = easternFormat({ weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' })
const longDateFmt = easternFormat({ weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' })
const timeFmt = easternFormat({ hour: 'numeric', minute: '2-digit' })

/** "Sun, Nov 29, 1:00 PM ET" */
export function formatDateTimeET(value: string | Date | null | undefined): string {
  const d = toDate(value)
  return d ? `${dateTimeFmt().format(d)} ET` : 'TBD'
}

/** "Sun, Nov 29, 2026" (Eastern calendar day) */
export function formatDateET(value: string | Date | null | undefined): string {
  const d = toDate(value)
  return d ? dateFmt().format(d) : 'TBD'
}

/** "Sunday, November 29, 2026" */
export function formatLongDateET(value: string | Date | null | undefined): string {
  const d = toDate(value)
  return d ? longDateFmt().format(d) : 'TBD'
}

/** "1:00 PM ET" */
export function formatTimeET(value: string | Date | null | undefined): string {
  const d = toDate(value)
  return d ? `${timeFmt().format(d)} ET` : 'TBD'
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
