/** The form's values as typed. */
export interface PrivatePoolValues {
  gameId: string
  name: string
  entryFee: string
  maxSquaresPerPlayer: string
  inviteEmails: string[]
  payoutSchedule: string
  /** Who collects the money: "card" (through Squares) or "host" (the host, outside Squares). */
  collection: 'card' | 'host'
  /** A host pool's payment instructions (multi-line). */
  paymentInstructions: string
  /** A host pool's payment deadline as a datetime-local value ("" for the default). */
  payBy: string
}

export const DEFAULT_VALUES: PrivatePoolValues = {
  gameId: '',
  name: '',
  entryFee: '5',
  maxSquaresPerPlayer: '5',
  inviteEmails: [],
  payoutSchedule: '',
  collection: 'card',
  paymentInstructions: '',
  payBy: '',
}

export type FieldKey = 'gameId' | 'name' | 'entryFee' | 'maxSquaresPerPlayer' | 'inviteEmails' | 'payoutSchedule' | 'collection' | 'paymentInstructions' | 'payBy'

export type FieldErrors = Partial<Record<FieldKey, string>>

/** The most characters of a host's payment instructions (squares.MaxPaymentInstructions). */
export const MAX_INSTRUCTIONS = 500

const HOUR = 60 * 60 * 1000

/** The server's default deadline: 24 hours before kickoff, or 2 hours before (sales close) once that has passed. */
export function defaultPayBy(kickoff: string, now = Date.now()): Date {
  const k = Date.parse(kickoff)
  return k - 24 * HOUR > now ? new Date(k - 24 * HOUR) : new Date(k - 2 * HOUR)
}

/** A time as a datetime-local input's value, in the browser's zone: "2026-11-29T13:00". */
export function toLocalInput(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`
}

/** A datetime-local value as a time (the browser's zone), or null when it is not one. */
export function fromLocalInput(s: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(s)) return null
  const d = new Date(s)
  return Number.isNaN(d.getTime()) ? null : d
}

const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/

export function validEmail(s: string): boolean {
  return EMAIL.test(s.trim())
}

/** What the form's rules read besides the values: the server's fee cap and what the player may host. */
export interface HostLimits {
  /** The highest entry fee a square in cents (SQUARES_PRIVATE_MAX_FEE), null for only the $1000 ceiling. */
  maxFeeCents: number | null
  /** The player may host a paid pool (isEligibleToBet); otherwise only a free one. */
  paidAllowed: boolean
}

export const NO_LIMITS: HostLimits = { maxFeeCents: null, paidAllowed: true }

/** "$100", or "$25.50" when not whole. */
export function dollars(cents: number): string {
  return cents % 100 === 0 ? `$${cents / 100}` : `$${(cents / 100).toFixed(2)}`
}

// One line of printable text, as the server's squares.PrintableLine: no control, format (bidi overrides,
// zero-width space), separator, private-use or unassigned characters, but the joiners scripts and emoji need.
const NOT_PRINTABLE = /[\p{Cc}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}]|(?![\u200c\u200d])\p{Cf}/u

export function printableLine(s: string): boolean {
  return !NOT_PRINTABLE.test(s)
}

/** The browser's copy of the server's rules, with the specification's messages. */
export function validate(v: PrivatePoolValues, limits: HostLimits = NO_LIMITS, kickoff?: string, now = Date.now()): FieldErrors {
  const e: FieldErrors = {}
  if (!v.gameId) e.gameId = 'Please select a game'
  if (!printableLine(v.name)) e.name = 'Pool name must be one line of printable text.'
  else if (v.name.trim().length < 3) e.name = 'Pool name must be at least 3 characters'
  const fee = Number(v.entryFee)
  if (v.entryFee.trim() === '' || Number.isNaN(fee)) e.entryFee = 'Entry fee must be a number from 0 to 1000'
  else if (fee < 0) e.entryFee = 'Entry fee must be non-negative'
  else if (fee > 1000) e.entryFee = 'Entry fee cannot exceed $1000'
  else if (Math.round(fee * 100) !== fee * 100 && Math.abs(Math.round(fee * 100) - fee * 100) > 1e-6)
    e.entryFee = 'Entry fee must be in whole cents'
  else if (limits.maxFeeCents !== null && Math.round(fee * 100) > limits.maxFeeCents)
    e.entryFee = `Entry fee cannot exceed ${dollars(limits.maxFeeCents)} a square.`
  else if (!limits.paidAllowed && fee > 0) e.entryFee = 'Paid pools are not available where you live: set the entry fee to 0 for a free pool.'
  const max = Number(v.maxSquaresPerPlayer)
  if (v.maxSquaresPerPlayer.trim() === '' || !Number.isInteger(max) || max < 1) e.maxSquaresPerPlayer = 'Must allow at least 1 square'
  else if (max > 25) e.maxSquaresPerPlayer = 'Cannot exceed 25 squares per player'
  if (v.inviteEmails.some((m) => !validEmail(m))) e.inviteEmails = 'Invalid email address'
  if (v.collection === 'host') {
    if ([...v.paymentInstructions.trim()].length > MAX_INSTRUCTIONS)
      e.paymentInstructions = `Payment instructions must be at most ${MAX_INSTRUCTIONS} characters.`
    if (v.payBy) {
      const at = fromLocalInput(v.payBy)
      if (!at) e.payBy = 'Pay by must be a date and time.'
      else if (at.getTime() <= now) e.payBy = 'Pay by must be a time to come.'
      else if (kickoff && at.getTime() >= Date.parse(kickoff)) e.payBy = 'Pay by must be before kickoff.'
    }
  }
  return e
}
