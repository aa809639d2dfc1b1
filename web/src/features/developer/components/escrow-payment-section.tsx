import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { z } from 'zod'
import { toast } from '@/lib/toast'
import { CheckCircle2, Lock } from 'lucide-react'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { Textarea } from '@/components/ui/textarea'
import { ApiError, errorMessage } from '@/lib/api'
import { formatDateTimeET } from '@/lib/dates'
import { formatMoney, toCents } from '@/lib/money'
import type { Pool } from '@/lib/types'
import { useCreateTestEscrowPayment, type RecordCall, type TestEscrowPayment } from '../api/payment-test-api'
import { PaidPoolPicker } from './paid-pool-picker'
import { CallErrorAlert, ResultList, TestSection } from './test-section'

export const DEFAULT_SQUARES = '[{"row":0,"column":0}]'
const FIELDS = ['poolId', 'squares', 'amount'] as const

// Values go to the server as typed (the page checks the server's validation): only blank boxes are left out.
const schema = z.object({ poolId: z.string(), squares: z.string(), amount: z.string() })
type Values = z.infer<typeof schema>

/** The squares box as JSON when it parses; otherwise its text, which the server also accepts (and judges). */
export function parseSquares(text: string): { value: unknown; json: boolean } {
  try {
    return { value: JSON.parse(text), json: true }
  } catch {
    return { value: text, json: false }
  }
}

/** The request body: a numeric pool id as a number, any other text as typed; blank fields are left out. */
export function escrowBody(values: Values): { poolId?: unknown; squares?: unknown; amount?: string } {
  const body: { poolId?: unknown; squares?: unknown; amount?: string } = {}
  const poolId = values.poolId.trim()
  if (poolId) body.poolId = /^\d+$/.test(poolId) ? Number(poolId) : poolId
  const squares = values.squares.trim()
  if (squares) body.squares = parseSquares(squares).value
  const amount = values.amount.trim()
  if (amount) body.amount = amount
  return body
}

function squaresCount(text: string): number {
  const { value } = parseSquares(text.trim())
  return Array.isArray(value) && value.length > 0 ? value.length : 1
}

export function EscrowPaymentSection({ record }: { record: RecordCall }) {
  const create = useCreateTestEscrowPayment(record)
  const [payment, setPayment] = useState<TestEscrowPayment | null>(null)
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { poolId: '', squares: DEFAULT_SQUARES, amount: '' } })
  const { errors } = form.formState
  const poolId = useWatch({ control: form.control, name: 'poolId' })
  const squaresText = useWatch({ control: form.control, name: 'squares' })
  const squaresValid = squaresText.trim() === '' || parseSquares(squaresText.trim()).json

  const pick = (pool: Pool) => {
    form.setValue('poolId', String(pool.id))
    form.setValue('amount', ((toCents(pool.entryFee) * squaresCount(form.getValues('squares'))) / 100).toFixed(2))
    form.clearErrors(['poolId', 'amount'])
  }

  const onSubmit = form.handleSubmit((values) => {
    setPayment(null)
    create.mutate(escrowBody(values), {
      onSuccess: (answer) => {
        setPayment(answer)
        toast.success('Escrow payment created', { description: `${formatMoney(answer.amount)} held for ${answer.squares?.length ?? 0} square(s).` })
      },
      onError: (err) => {
        if (err instanceof ApiError && err.fields) {
          for (const name of FIELDS) {
            if (err.fields[name]) form.setError(name, { type: 'server', message: err.fields[name] })
          }
        }
        toast.error('Escrow payment failed', { description: errorMessage(err, 'The escrow payment could not be created.') })
      },
    })
  })

  return (
    <TestSection
      id="escrow-payment"
      step={2}
      title="Escrow payment"
      description="The checkout call: holds the squares for you for 10 minutes and starts a card payment. Values go to the server as typed, so you can check how it refuses a bad pool id, amount or square."
      endpoints={['GET /api/pools', 'POST /api/test/create-escrow-payment']}
    >
      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <form onSubmit={onSubmit} noValidate className="grid content-start gap-4" aria-label="Create escrow payment">
          <div className="grid grid-cols-2 gap-4">
            <Field id="escrow-pool-id" label="Pool ID" error={errors.poolId?.message}>
              <Input inputMode="numeric" autoComplete="off" placeholder="e.g. 31" {...form.register('poolId')} />
            </Field>
            <Field id="escrow-amount" label="Amount (dollars)" error={errors.amount?.message}>
              <Input inputMode="decimal" autoComplete="off" placeholder="e.g. 5.00" {...form.register('amount')} />
            </Field>
          </div>
          <Field
            id="escrow-squares"
            label="Squares (JSON list)"
            error={errors.squares?.message}
            hint={
              squaresValid
                ? 'Rows and columns 0-9, e.g. [{"row":0,"column":0},{"row":0,"column":1}].'
                : 'Not valid JSON: it is sent as text, and the server will refuse it.'
            }
          >
            <Textarea rows={3} spellCheck={false} autoComplete="off" className="font-mono text-[13px] md:text-[13px]" {...form.register('squares')} />
          </Field>
          <Button type="submit" disabled={create.isPending} className="sm:justify-self-start">
            {create.isPending ? <Spinner label="Creating escrow payment" /> : <Lock aria-hidden="true" />}
            {create.isPending ? 'Creating…' : 'Create escrow payment'}
          </Button>
        </form>
        <PaidPoolPicker selectedId={poolId} onPick={pick} />
      </div>

      {create.isError && <CallErrorAlert error={create.error} fallback="The escrow payment could not be created." shownFields={[...FIELDS]} />}

      {payment && (
        <div className="grid gap-3 border-t pt-5">
          <Alert variant="success">
            <CheckCircle2 aria-hidden="true" />
            <AlertTitle>Escrow payment created</AlertTitle>
            <AlertDescription>
              <p>The squares are held for you until {formatDateTimeET(payment.expiresAt)}; the hold lapses unless the payment is confirmed.</p>
            </AlertDescription>
          </Alert>
          <ResultList
            label="Escrow payment"
            items={[
              { label: 'Payment intent', value: payment.paymentIntentId, mono: true, testId: 'escrow-intent-id' },
              { label: 'Payment id', value: payment.paymentId, mono: true },
              { label: 'Amount', value: `${formatMoney(payment.amount)} ${payment.currency?.toUpperCase() ?? ''}`.trim() },
              { label: 'Squares', value: (payment.squares ?? []).map((s) => `(${s.row}, ${s.column})`).join(' ') || 'none', mono: true },
              { label: 'Hold expires', value: formatDateTimeET(payment.expiresAt) },
              { label: 'Provider', value: payment.provider },
            ]}
          />
        </div>
      )}
    </TestSection>
  )
}
