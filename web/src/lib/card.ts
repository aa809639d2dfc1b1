// zod's mini build: checkout is the one paid page a phone opens right after choosing squares, and the
// classic API would bring all of zod (33 kB on the wire) for three fields.
import * as z from 'zod/mini'

const digits = (v: string) => v.replace(/[\s-]/g, '')

/** The sandbox card form (checkout and the payment test page). The server checks the card again (and the processor decides). */
export const cardSchema = z.object({
  cardNumber: z.string().check(
    z.trim(),
    z.minLength(1, { error: 'Card number is required', abort: true }),
    z.refine((v) => /^\d{12,19}$/.test(digits(v)), { error: 'Your card number is invalid.' }),
  ),
  expiry: z.string().check(
    z.trim(),
    z.minLength(1, { error: 'Expiry date is required', abort: true }),
    z.refine((v) => /^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/.test(v), { error: 'Use the format MM/YY.', abort: true }),
    z.refine(
      (v) => {
        const [mm, yy] = v.split('/').map((s) => Number(s.trim()))
        const now = new Date()
        const year = 2000 + yy
        return year > now.getFullYear() || (year === now.getFullYear() && mm >= now.getMonth() + 1)
      },
      { error: 'Your card has expired.' },
    ),
  ),
  cvc: z.string().check(
    z.trim(),
    z.minLength(1, { error: 'CVC is required', abort: true }),
    z.refine((v) => /^\d{3,4}$/.test(v), { error: "Your card's security code is invalid." }),
  ),
})
export type CardValues = z.infer<typeof cardSchema>

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
