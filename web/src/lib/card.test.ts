import { describe, expect, it } from 'vitest'
import { checkCard } from './card'

/** The message of each field the check refuses, as the form shows them. */
function errors(values: { cardNumber: string; expiry: string; cvc: string }) {
  const r = checkCard(values)
  return 'errors' in r ? r.errors : {}
}

describe('the sandbox card form', () => {
  const next = new Date().getFullYear() + 1
  const good = { cardNumber: '4242 4242 4242 4242', expiry: `12/${String(next).slice(2)}`, cvc: '123' }

  it('takes a card with spaces, dashes and surrounding blanks, trimmed', () => {
    const r = checkCard({ ...good, cardNumber: ' 4242-4242-4242-4242 ', cvc: ' 123 ' })
    expect(r).toEqual({ card: { ...good, cardNumber: '4242-4242-4242-4242', cvc: '123' } })
  })

  it('says what is missing, and only that, for an empty field', () => {
    expect(errors({ cardNumber: ' ', expiry: '', cvc: '' })).toEqual({
      cardNumber: 'Card number is required',
      expiry: 'Expiry date is required',
      cvc: 'CVC is required',
    })
  })

  it('refuses a bad number, date format, past date or security code with its own message', () => {
    expect(errors({ ...good, cardNumber: '4242' })).toEqual({ cardNumber: 'Your card number is invalid.' })
    expect(errors({ ...good, expiry: '13/30' })).toEqual({ expiry: 'Use the format MM/YY.' })
    expect(errors({ ...good, expiry: '01/20' })).toEqual({ expiry: 'Your card has expired.' })
    expect(errors({ ...good, cvc: '12' })).toEqual({ cvc: "Your card's security code is invalid." })
  })

  it('takes this month, and refuses last month, by the clock it is given', () => {
    const now = new Date(2030, 4, 15)
    expect(checkCard({ ...good, expiry: '05/30' }, now)).toHaveProperty('card')
    expect(checkCard({ ...good, expiry: '04/30' }, now)).toEqual({ errors: { expiry: 'Your card has expired.' } })
  })
})
