// Weeks and Eastern times for the pool admin pages.
import { EASTERN } from '@/lib/dates'

/** The NFL week list of the Pool Activation Center (admin-side.md): its server code and its label. */
export const NFL_WEEKS: { value: string; label: string }[] = [
  ...[1, 2, 3, 4].map((n) => ({ value: `PS${n}`, label: `PS${n}` })),
  ...Array.from({ length: 18 }, (_, i) => ({ value: `W${i + 1}`, label: `W${i + 1}` })),
  { value: 'WC', label: 'Wild Card' },
  { value: 'DIV', label: 'Divisional Round' },
  { value: 'CONF', label: 'Conference Championship' },
  { value: 'SB', label: 'Super Bowl' },
]

const POSTSEASON = ['WC', 'DIV', 'CONF', 'SB']

/** The label of a week code: "Wild Card" for WC, the code itself otherwise. */
export function weekLabel(week: string): string {
  return NFL_WEEKS.find((w) => w.value === week)?.label ?? week
}

function rank(week: string): [number, number, string] {
  const w = week.toUpperCase()
  if (w === 'HOF') return [0, 0, w]
  let m = /^PS(\d+)$/.exec(w)
  if (m) return [1, Number(m[1]), w]
  m = /^(?:W|WEEK\s*)(\d+)$/.exec(w)
  if (m) return [2, Number(m[1]), w]
  const post = POSTSEASON.indexOf(w)
  if (post >= 0) return [3, post, w]
  return [4, 0, w]
}

/** Orders weeks: preseason (PS prefix) first, then Week N numerically, then the postseason, then the rest. */
export function sortWeeks(weeks: Iterable<string>): string[] {
  return [...new Set(weeks)].filter((w) => w.trim() !== '').sort((a, b) => {
    const [ga, na, sa] = rank(a)
    const [gb, nb, sb] = rank(b)
    return ga - gb || na - nb || sa.localeCompare(sb)
  })
}

const partsFmt = new Intl.DateTimeFormat('en-US', {
  timeZone: EASTERN,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
})

/** The Eastern wall time of an instant as a datetime-local value, "2026-11-29T13:00". */
export function toEasternInput(d: Date): string {
  const p = Object.fromEntries(partsFmt.formatToParts(d).map((x) => [x.type, x.value]))
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`
}

/** The instant (ISO, UTC) of an Eastern wall time given as a datetime-local value; null when unreadable. */
export function easternInputToISO(value: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value)
  if (!m) return null
  const wall = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5])
  // Eastern is 4 or 5 hours behind UTC: try both and keep the one whose Eastern wall time matches.
  for (const hours of [5, 4]) {
    const d = new Date(wall + hours * 3_600_000)
    if (toEasternInput(d) === value) return d.toISOString()
  }
  return new Date(wall + 5 * 3_600_000).toISOString()
}
