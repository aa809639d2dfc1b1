import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { toast } from '@/lib/toast'
import { CreditCard, FlaskConical, Lock, XCircle } from 'lucide-react'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { ApiError, errorMessage } from '@/lib/api'
import { cardSchema, formatCardNumber, formatExpiry, normalizeCard, type CardValues } from '@/lib/card'
import { isPaidStatus, useConfirmSandboxPayment } from '../api/checkout-api'

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
  const form = useForm<CardValues>({ resolver: zodResolver(cardSchema), defaultValues: { cardNumber: '', expiry: '', cvc: '' } })
  const { errors } = form.formState
  const busy = confirm.isPending || finishing

  const onSubmit = form.handleSubmit((values) => {
    setDeclined(null)
    confirm.mutate(
      { paymentIntentId, ...normalizeCard(values) },
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
          if (err instanceof ApiError && err.fields) {
            for (const name of ['cardNumber', 'expiry', 'cvc'] as const) {
              if (err.fields[name]) form.setError(name, { type: 'server', message: err.fields[name] })
            }
            if (Object.keys(err.fields).some((f) => ['cardNumber', 'expiry', 'cvc'].includes(f))) return
          }
          toast.error('Payment Failed', { description: errorMessage(err, 'An error occurred during payment') })
        },
      },
    )
  })

  const cardField = form.register('cardNumber')
  const expiryField = form.register('expiry')

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
                  onClick={() => {
                    form.setValue('cardNumber', c.number, { shouldValidate: false })
                    form.clearErrors('cardNumber')
                  }}
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

      <Field id="card-number" label="Card number" error={errors.cardNumber?.message}>
        <Input
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          {...cardField}
          onChange={(e) => {
            e.target.value = formatCardNumber(e.target.value)
            void cardField.onChange(e)
          }}
        />
      </Field>
      <div className="grid grid-cols-2 gap-4">
        <Field id="card-expiry" label="Expiry (MM/YY)" error={errors.expiry?.message}>
          <Input
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            maxLength={5}
            {...expiryField}
            onChange={(e) => {
              e.target.value = formatExpiry(e.target.value)
              void expiryField.onChange(e)
            }}
          />
        </Field>
        <Field id="card-cvc" label="CVC" error={errors.cvc?.message}>
          <Input inputMode="numeric" autoComplete="cc-csc" placeholder="123" maxLength={4} {...form.register('cvc')} />
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
