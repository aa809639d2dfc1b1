// Plain checks, no form or schema library: checkout is the one paid page a phone opens right after choosing
// squares, and react-hook-form with zod was a quarter of its first load (25 kB on the wire) for three fields.

const digits = (v: string) => v.replace(/[\s-]/g, '')

/** The sandbox card form's fields (checkout and the payment test page), as typed. */
export interface CardValues {
  cardNumber: string
  expiry: string
  cvc: string
}

/** Each field's first error, by field. */
export type CardErrors = Partial<Record<keyof CardValues, string>>

/** The card form's fields in the order they are shown (and checked). */
export const CARD_FIELDS = ['cardNumber', 'expiry', 'cvc'] as const

function expired(expiry: string, now: Date): boolean {
  const [mm, yy] = expiry.split('/').map((s) => Number(s.trim()))
  const year = 2000 + yy
  return !(year > now.getFullYear() || (year === now.getFullYear() && mm >= now.getMonth() + 1))
}

/**
 * Checks the sandbox card form: the fields trimmed, or each field's first error. The server checks the
 * card again (and the processor decides).
 */
export function checkCard(v: CardValues, now = new Date()): { card: CardValues } | { errors: CardErrors } {
  const card = { cardNumber: v.cardNumber.trim(), expiry: v.expiry.trim(), cvc: v.cvc.trim() }
  const errors: CardErrors = {}
  if (!card.cardNumber) errors.cardNumber = 'Card number is required'
  else if (!/^\d{12,19}$/.test(digits(card.cardNumber))) errors.cardNumber = 'Your card number is invalid.'
  if (!card.expiry) errors.expiry = 'Expiry date is required'
  else if (!/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/.test(card.expiry)) errors.expiry = 'Use the format MM/YY.'
  else if (expired(card.expiry, now)) errors.expiry = 'Your card has expired.'
  if (!card.cvc) errors.cvc = 'CVC is required'
  else if (!/^\d{3,4}$/.test(card.cvc)) errors.cvc = "Your card's security code is invalid."
  return Object.keys(errors).length ? { errors } : { card }
}

/** "4242424242424242" -> "4242 4242 4242 4242" while typing. */
export function formatCardNumber(value: string): string {
  return digits(value)
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ')
}

/** "1230" -> "12/30" while typing. */
export function formatExpiry(value: string): string {
  const d = value.replace(/\D/g, '').slice(0, 4)
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d
}

export function normalizeCard(v: CardValues) {
  return { cardNumber: digits(v.cardNumber), expiry: v.expiry.replace(/\s/g, ''), cvc: v.cvc.trim() }
}
