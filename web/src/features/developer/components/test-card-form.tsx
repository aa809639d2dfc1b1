import { useForm, type Resolver } from 'react-hook-form'
import { CreditCard } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { ApiError } from '@/lib/api'
import { CARD_FIELDS, checkCard, formatCardNumber, formatExpiry, normalizeCard, type CardValues } from '@/lib/card'

export const TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'approves' },
  { number: '4000 0000 0000 0002', outcome: 'declines' },
  { number: '4000 0000 0000 9995', outcome: 'insufficient funds' },
] as const

/** The card check (lib/card.ts) as the form's resolver: each field's error on its field. */
const cardResolver: Resolver<CardValues> = (values) => {
  const r = checkCard(values)
  if ('card' in r) return { values: r.card, errors: {} }
  const errors = Object.fromEntries(Object.entries(r.errors).map(([name, message]) => [name, { type: 'validate', message }]))
  return { values: {}, errors }
}

/** December of next year, "12/27": always a valid expiry for the test cards. */
function testExpiry(now = new Date()): string {
  return `12/${String((now.getFullYear() + 1) % 100).padStart(2, '0')}`
}

/**
 * The sandbox processor's card form for the test page. A tap on a test card fills the whole form; the
 * confirmation itself (and showing its outcome) belongs to the caller. Returns the server's field
 * errors onto the inputs and reports whether it did.
 */
export function TestCardForm({
  idPrefix,
  busy,
  disabled,
  onConfirm,
}: {
  idPrefix: string
  busy: boolean
  disabled?: boolean
  /** Resolves when done; rejects with the call's error (field errors are shown here). */
  onConfirm: (card: { cardNumber: string; expiry: string; cvc: string }) => Promise<unknown>
}) {
  const form = useForm<CardValues>({ resolver: cardResolver, defaultValues: { cardNumber: '', expiry: '', cvc: '' } })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await onConfirm(normalizeCard(values))
    } catch (err) {
      if (err instanceof ApiError && err.fields) {
        for (const name of CARD_FIELDS) {
          if (err.fields[name]) form.setError(name, { type: 'server', message: err.fields[name] })
        }
      }
    }
  })

  const fill = (number: string) => {
    form.setValue('cardNumber', number)
    form.setValue('expiry', testExpiry())
    form.setValue('cvc', '123')
    form.clearErrors()
  }

  const cardField = form.register('cardNumber')
  const expiryField = form.register('expiry')
  const off = busy || disabled

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Sandbox card">
      <fieldset className="grid gap-2" disabled={off}>
        <legend className="mb-2 text-sm font-medium">Test cards (tap to fill the form)</legend>
        <div className="grid gap-1.5">
          {TEST_CARDS.map((c) => (
            <button
              key={c.number}
              type="button"
              onClick={() => fill(c.number)}
              aria-label={`Use test card ${c.number} (${c.outcome})`}
              className="flex flex-wrap items-center justify-between gap-x-3 gap-y-0.5 rounded-md border bg-muted/50 px-3 py-2 text-left transition-colors outline-none hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-60"
            >
              <span className="font-mono text-xs font-semibold whitespace-nowrap">{c.number}</span>
              <span className="text-xs text-muted-foreground">{c.outcome}</span>
            </button>
          ))}
        </div>
      </fieldset>

      <Field id={`${idPrefix}-number`} label="Card number" error={errors.cardNumber?.message}>
        <Input
          inputMode="numeric"
          autoComplete="off"
          placeholder="4242 4242 4242 4242"
          disabled={off}
          {...cardField}
          onChange={(e) => {
            e.target.value = formatCardNumber(e.target.value)
            void cardField.onChange(e)
          }}
        />
      </Field>
      <div className="grid grid-cols-2 gap-4">
        <Field id={`${idPrefix}-expiry`} label="Expiry (MM/YY)" error={errors.expiry?.message}>
          <Input
            inputMode="numeric"
            autoComplete="off"
            placeholder="MM/YY"
            maxLength={5}
            disabled={off}
            {...expiryField}
            onChange={(e) => {
              e.target.value = formatExpiry(e.target.value)
              void expiryField.onChange(e)
            }}
          />
        </Field>
        <Field id={`${idPrefix}-cvc`} label="CVC" error={errors.cvc?.message}>
          <Input inputMode="numeric" autoComplete="off" placeholder="123" maxLength={4} disabled={off} {...form.register('cvc')} />
        </Field>
      </div>
      <Button type="submit" disabled={off} className="w-full sm:w-auto sm:justify-self-start">
        {busy ? <Spinner label="Confirming payment" /> : <CreditCard aria-hidden="true" />}
        {busy ? 'Confirming…' : 'Confirm payment'}
      </Button>
    </form>
  )
}
