import { useEffect, useState, type FormEvent } from 'react'
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js'
import type { Stripe } from '@stripe/stripe-js'
import { loadStripe } from '@stripe/stripe-js/pure'
import { toast } from '@/lib/toast'
import { AlertTriangle, Lock, XCircle } from 'lucide-react'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Label } from '@/components/ui/label'
import { Spinner } from '@/components/ui/spinner'
import { isPaidStatus } from '../api/checkout-api'

// Stripe.js comes from js.stripe.com at run time (the pure entry point loads it only when called). When it
// cannot load (offline, blocked), the page says so instead of breaking.

const STRIPE_LOAD_TIMEOUT_MS = 15_000
const loaded = new Map<string, Promise<Stripe | null>>()

function loadStripeOnce(key: string): Promise<Stripe | null> {
  let p = loaded.get(key)
  if (!p) {
    p = Promise.race([
      loadStripe(key),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('Stripe.js took too long to load.')), STRIPE_LOAD_TIMEOUT_MS)),
    ])
    // A failed load may succeed later (the network came back): do not cache failures.
    p.catch(() => loaded.delete(key))
    loaded.set(key, p)
  }
  return p
}

type LoadState = { status: 'loading' } | { status: 'ready'; stripe: Stripe } | { status: 'error'; message: string }

export default function StripeCardForm({
  publishableKey,
  clientSecret,
  amountLabel,
  disabled,
  onPaid,
}: {
  publishableKey: string | null
  clientSecret: string
  amountLabel: string
  disabled: boolean
  onPaid: () => Promise<void>
}) {
  const [state, setState] = useState<LoadState>(() =>
    publishableKey ? { status: 'loading' } : { status: 'error', message: 'Card payments are not configured on this server (no publishable key).' },
  )

  useEffect(() => {
    if (!publishableKey) return
    let active = true
    loadStripeOnce(publishableKey).then(
      (stripe) => {
        if (!active) return
        setState(stripe ? { status: 'ready', stripe } : { status: 'error', message: 'Stripe.js is not available in this browser.' })
      },
      (err: unknown) => {
        if (active) setState({ status: 'error', message: err instanceof Error ? err.message : 'Stripe.js could not load.' })
      },
    )
    return () => {
      active = false
    }
  }, [publishableKey])

  if (state.status === 'loading')
    return (
      <p className="flex items-center gap-2 py-6 text-sm text-muted-foreground">
        <Spinner label="Loading the secure card form" /> Loading the secure card form…
      </p>
    )
  if (state.status === 'error')
    return (
      <Alert variant="destructive">
        <AlertTriangle aria-hidden="true" />
        <AlertTitle>The card form could not load</AlertTitle>
        <AlertDescription>
          <p>{state.message}</p>
          <p>Card payments need Stripe.js from js.stripe.com. Check your connection or content blocker, then reload this page. Your squares stay held until the timer ends.</p>
        </AlertDescription>
      </Alert>
    )
  return (
    <Elements stripe={state.stripe}>
      <StripeForm clientSecret={clientSecret} amountLabel={amountLabel} disabled={disabled} onPaid={onPaid} />
    </Elements>
  )
}

function StripeForm({ clientSecret, amountLabel, disabled, onPaid }: { clientSecret: string; amountLabel: string; disabled: boolean; onPaid: () => Promise<void> }) {
  const stripe = useStripe()
  const elements = useElements()
  const [busy, setBusy] = useState(false)
  const [declined, setDeclined] = useState<string | null>(null)

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault()
    if (!stripe || !elements) return
    const card = elements.getElement(CardElement)
    if (!card) return
    setBusy(true)
    setDeclined(null)
    try {
      const result = await stripe.confirmCardPayment(clientSecret, { payment_method: { card } })
      if (result.error) {
        const message = result.error.message || 'Your card was declined.'
        setDeclined(message)
        toast.error('Payment Failed', { description: message })
        return
      }
      if (isPaidStatus(result.paymentIntent?.status)) {
        await onPaid()
        return
      }
      toast.error('Payment Failed', { description: `The payment is not complete (${result.paymentIntent?.status ?? 'unknown'}).` })
    } catch {
      toast.error('Error', { description: 'An error occurred during payment' })
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} className="grid gap-4" aria-label="Card payment">
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
      <div className="grid gap-1.5">
        <Label>Card details</Label>
        <div className="rounded-md border border-input bg-card px-3 py-3 shadow-xs">
          <CardElement options={{ hidePostalCode: false, style: { base: { fontSize: '16px' } } }} />
        </div>
      </div>
      <Button type="submit" size="lg" variant="brand" className="w-full" disabled={busy || disabled || !stripe}>
        {busy ? <Spinner label="Processing payment" /> : <Lock aria-hidden="true" />}
        {busy ? 'Processing…' : `Pay ${amountLabel}`}
      </Button>
    </form>
  )
}
