import { useState } from 'react'
import { toast } from '@/lib/toast'
import { CreditCard, FlaskConical, Lock, XCircle } from 'lucide-react'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { ApiError, errorMessage } from '@/lib/api'
import { CARD_FIELDS, checkCard, formatCardNumber, formatExpiry, normalizeCard, type CardErrors, type CardValues } from '@/lib/card'
import { isPaidStatus, useConfirmSandboxPayment } from '../api/checkout-api'

/** Each field's input, by the id its Field gives it. */
const FIELD_IDS: Record<keyof CardValues, string> = { cardNumber: 'card-number', expiry: 'card-expiry', cvc: 'card-cvc' }

const TEST_CARDS = [
  { number: '4242 4242 4242 4242', label: 'approved' },
  { number: '4000 0000 0000 0002', label: 'declined' },
]

/**
 * The built-in sandbox processor's card form (no real card, no network): confirms the payment, then hands
 * over to `onPaid`. A decline shows 'Payment Failed' with the processor's message and the form stays open
 * for another card.
 */
export function SandboxCardForm({
  paymentIntentId,
  amountLabel,
  disabled,
  onPaid,
}: {
  paymentIntentId: string
  amountLabel: string
  disabled: boolean
  /** Called once the card is authorised; resolves when the squares are given (or rejects, handled there). */
  onPaid: () => Promise<void>
}) {
  const confirm = useConfirmSandboxPayment()
  const [declined, setDeclined] = useState<string | null>(null)
  const [finishing, setFinishing] = useState(false)
  const [values, setValues] = useState<CardValues>({ cardNumber: '', expiry: '', cvc: '' })
  const [errors, setErrors] = useState<CardErrors>({})
  const busy = confirm.isPending || finishing

  const [submitted, setSubmitted] = useState(false)
  // Once the form was sent, a field is checked again as it changes (react-hook-form's way, as the other
  // forms do): its error goes as soon as it is right.
  const set = (name: keyof CardValues, value: string) => {
    const next = { ...values, [name]: value }
    setValues(next)
    if (submitted) {
      const checked = checkCard(next)
      setErrors((e) => ({ ...e, [name]: 'errors' in checked ? checked.errors[name] : undefined }))
    }
  }
  // An input's name, value and change (through format).
  const bind = (name: keyof CardValues, format: (v: string) => string = (v) => v) => ({
    name,
    value: values[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => set(name, format(e.target.value)),
  })
  const showErrors = (found: CardErrors) => {
    setErrors(found)
    const first = CARD_FIELDS.find((f) => found[f])
    if (first) document.getElementById(FIELD_IDS[first])?.focus()
  }

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault()
    setSubmitted(true)
    const checked = checkCard(values)
    if ('errors' in checked) return showErrors(checked.errors)
    setErrors({})
    setDeclined(null)
    confirm.mutate(
      { paymentIntentId, ...normalizeCard(checked.card) },
      {
        onSuccess: (answer) => {
          if (isPaidStatus(answer.status)) {
            setFinishing(true)
            void onPaid().finally(() => setFinishing(false))
            return
          }
          const message = answer.error?.message || 'Your card was declined.'
          setDeclined(message)
          toast.error('Payment Failed', { description: message })
        },
        onError: (err) => {
          const fields = err instanceof ApiError ? err.fields : undefined
          const found: CardErrors = {}
          for (const name of CARD_FIELDS) if (fields?.[name]) found[name] = fields[name]
          if (Object.keys(found).length) return showErrors(found)
          toast.error('Payment Failed', { description: errorMessage(err, 'An error occurred during payment') })
        },
      },
    )
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Card payment">
      <Alert variant="info">
        <FlaskConical aria-hidden="true" />
        <AlertTitle>Sandbox payments: no real card is charged</AlertTitle>
        <AlertDescription>
          <p>Use a test card (tap it to fill it in) with any future expiry date and any 3-digit CVC:</p>
          <ul className="grid gap-1">
            {TEST_CARDS.map((c) => (
              <li key={c.number} className="flex flex-wrap items-center gap-2">
                <button
                  type="button"
                  className="rounded bg-white/80 px-1.5 py-0.5 font-mono text-xs ring-1 ring-sky-200 hover:bg-white focus-visible:ring-2 focus-visible:ring-sky-500 focus-visible:outline-none"
                  aria-label={`Use test card ${c.number} (${c.label})`}
                  onClick={() => set('cardNumber', c.number)}
                  disabled={busy || disabled}
                >
                  {c.number}
                </button>
                <span className="text-xs">{c.label}</span>
              </li>
            ))}
          </ul>
        </AlertDescription>
      </Alert>

      {declined && (
        <Alert variant="destructive">
          <XCircle aria-hidden="true" />
          <AlertTitle>Payment Failed</AlertTitle>
          <AlertDescription>
            <p>{declined}</p>
            <p>Your squares stay held while the timer runs: try another card.</p>
          </AlertDescription>
        </Alert>
      )}

      <Field id={FIELD_IDS.cardNumber} label="Card number" error={errors.cardNumber}>
        <Input
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          {...bind('cardNumber', formatCardNumber)}
        />
      </Field>
      <div className="grid grid-cols-2 gap-4">
        <Field id={FIELD_IDS.expiry} label="Expiry (MM/YY)" error={errors.expiry}>
          <Input
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            maxLength={5}
            {...bind('expiry', formatExpiry)}
          />
        </Field>
        <Field id={FIELD_IDS.cvc} label="CVC" error={errors.cvc}>
          <Input inputMode="numeric" autoComplete="cc-csc" placeholder="123" maxLength={4} {...bind('cvc')} />
        </Field>
      </div>
      <Button type="submit" size="lg" variant="brand" className="w-full" disabled={busy || disabled}>
        {busy ? <Spinner label="Processing payment" /> : <Lock aria-hidden="true" />}
        {busy ? 'Processing…' : `Pay ${amountLabel}`}
      </Button>
      <p className="flex items-center justify-center gap-1.5 text-xs text-muted-foreground">
        <CreditCard className="size-3.5" aria-hidden="true" /> Your card is authorised now and charged only when the pool completes.
      </p>
    </form>
  )
}
