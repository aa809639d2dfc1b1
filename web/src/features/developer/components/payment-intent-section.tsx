import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { z } from 'zod'
import { toast } from '@/lib/toast'
import { CheckCircle2, Eye, EyeOff, Info, Plus, XCircle } from 'lucide-react'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { ApiError, errorMessage } from '@/lib/api'
import { formatMoney } from '@/lib/money'
import {
  isAuthorisedStatus,
  maskSecret,
  useConfirmTestPayment,
  useCreateTestPaymentIntent,
  type RecordCall,
  type SandboxConfirmAnswer,
  type TestPaymentIntent,
} from '../api/payment-test-api'
import { TestCardForm } from './test-card-form'
import { CallErrorAlert, PaymentStatusBadge, ResultList, TestSection } from './test-section'

// Values go to the server as typed: the page exists to check the server's own validation.
const schema = z.object({ amount: z.string() })
type Values = z.infer<typeof schema>

function SecretValue({ secret }: { secret: string }) {
  const [shown, setShown] = useState(false)
  return (
    <span className="flex items-center gap-1">
      <span className="min-w-0 font-mono text-[13px] break-all" data-testid="client-secret">
        {shown ? secret : maskSecret(secret)}
      </span>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="size-8 shrink-0"
        aria-pressed={shown}
        aria-label={shown ? 'Hide client secret' : 'Show client secret'}
        onClick={() => setShown((v) => !v)}
      >
        {shown ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
      </Button>
    </span>
  )
}

type Outcome = { kind: 'authorised'; answer: SandboxConfirmAnswer } | { kind: 'declined'; answer: SandboxConfirmAnswer } | { kind: 'error'; error: unknown }

export function PaymentIntentSection({ record, provider }: { record: RecordCall; provider: string }) {
  const create = useCreateTestPaymentIntent(record)
  const confirm = useConfirmTestPayment(record)
  const [intent, setIntent] = useState<TestPaymentIntent | null>(null)
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const [formKey, setFormKey] = useState(0)
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { amount: '5.00' } })
  const { errors } = form.formState

  const onCreate = form.handleSubmit((values) => {
    const amount = values.amount.trim()
    create.mutate(amount === '' ? {} : { amount }, {
      onSuccess: (answer) => {
        setIntent(answer)
        setOutcome(null)
        setFormKey((k) => k + 1)
        toast.success('Payment intent created', { description: `${answer.paymentIntentId} for ${formatMoney(answer.amount)}` })
      },
      onError: (err) => {
        if (err instanceof ApiError && err.fields?.amount) form.setError('amount', { type: 'server', message: err.fields.amount })
        toast.error('Payment intent failed', { description: errorMessage(err, 'The payment intent could not be created.') })
      },
    })
  })

  const onConfirm = async (card: { cardNumber: string; expiry: string; cvc: string }) => {
    if (!intent) return
    setOutcome(null)
    try {
      const answer = await confirm.mutateAsync({ paymentIntentId: intent.paymentIntentId, ...card })
      setIntent((i) => (i && i.paymentIntentId === answer.id ? { ...i, status: answer.status } : i))
      if (isAuthorisedStatus(answer.status)) {
        setOutcome({ kind: 'authorised', answer })
        toast.success('Card authorised', { description: `Status: ${answer.status}` })
      } else {
        const message = answer.error?.message || 'Your card was declined.'
        setOutcome({ kind: 'declined', answer })
        toast.error('Card declined', { description: message })
      }
    } catch (err) {
      const cardFields = err instanceof ApiError && err.fields && ['cardNumber', 'expiry', 'cvc'].some((f) => err.fields?.[f])
      if (!cardFields) setOutcome({ kind: 'error', error: err })
      toast.error('Confirmation failed', { description: errorMessage(err, 'The card could not be confirmed.') })
      throw err
    }
  }

  const sandbox = provider === 'sandbox'

  return (
    <TestSection
      id="payment-intent"
      step={1}
      title="Payment intent"
      description="Create a provider payment tied to no squares (nothing reaches the ledger), then confirm it with a sandbox test card."
      endpoints={['POST /api/test/create-payment-intent', 'POST /api/sandbox/payments/{id}/confirm']}
    >
      <form onSubmit={onCreate} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start" aria-label="Create payment intent">
        <Field
          id="intent-amount"
          label="Amount (dollars)"
          error={errors.amount?.message}
          hint="Sent as typed, e.g. 5 or 5.00. Try 0, -5 or an empty box to see the server refuse it."
          className="sm:max-w-xs sm:flex-1"
        >
          <Input inputMode="decimal" autoComplete="off" placeholder="5.00" {...form.register('amount')} />
        </Field>
        <Button type="submit" disabled={create.isPending} className="sm:mt-[1.375rem]">
          {create.isPending ? <Spinner label="Creating payment intent" /> : <Plus aria-hidden="true" />}
          {create.isPending ? 'Creating…' : 'Create payment intent'}
        </Button>
      </form>

      {create.isError && <CallErrorAlert error={create.error} fallback="The payment intent could not be created." shownFields={['amount']} />}

      {intent && (
        <div className="grid gap-5 border-t pt-5 lg:grid-cols-2">
          <div className="grid content-start gap-3">
            <h3 className="text-sm font-bold">Payment intent</h3>
            <ResultList
              label="Payment intent"
              items={[
                { label: 'Payment intent', value: intent.paymentIntentId, mono: true, testId: 'intent-id' },
                { label: 'Status', value: <PaymentStatusBadge status={intent.status} data-testid="intent-status" /> },
                { label: 'Amount', value: `${formatMoney(intent.amount)} ${intent.currency?.toUpperCase() ?? ''}`.trim(), testId: 'intent-amount' },
                { label: 'Provider', value: intent.provider },
                { label: 'Client secret', value: <SecretValue secret={intent.clientSecret} /> },
              ]}
            />
          </div>

          <div className="grid content-start gap-3">
            <h3 className="text-sm font-bold">Confirm with a card</h3>
            {outcome?.kind === 'authorised' && (
              <Alert variant="success">
                <CheckCircle2 aria-hidden="true" />
                <AlertTitle>Card authorised</AlertTitle>
                <AlertDescription>
                  <p>
                    Status <span className="font-mono font-semibold" data-testid="confirm-status">{outcome.answer.status}</span>: the funds are held, not
                    charged.
                  </p>
                </AlertDescription>
              </Alert>
            )}
            {outcome?.kind === 'declined' && (
              <Alert variant="destructive">
                <XCircle aria-hidden="true" />
                <AlertTitle>Card declined</AlertTitle>
                <AlertDescription>
                  <p data-testid="decline-message">{outcome.answer.error?.message || 'Your card was declined.'}</p>
                  <p>
                    Status <span className="font-mono font-semibold" data-testid="confirm-status">{outcome.answer.status}</span>: try another card.
                  </p>
                </AlertDescription>
              </Alert>
            )}
            {outcome?.kind === 'error' && <CallErrorAlert error={outcome.error} fallback="The card could not be confirmed." />}
            {sandbox ? (
              <TestCardForm key={formKey} idPrefix="intent-card" busy={confirm.isPending} onConfirm={onConfirm} />
            ) : (
              <Alert variant="info">
                <Info aria-hidden="true" />
                <AlertTitle>This server confirms cards with {provider === 'stripe' ? 'Stripe' : `"${provider}"`}</AlertTitle>
                <AlertDescription>
                  <p>The sandbox card form works only with the built-in sandbox processor (paymentsProvider "sandbox").</p>
                </AlertDescription>
              </Alert>
            )}
          </div>
        </div>
      )}
    </TestSection>
  )
}
