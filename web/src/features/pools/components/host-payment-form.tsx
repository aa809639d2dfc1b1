import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { z } from 'zod'
import { toast } from '@/lib/toast'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { ApiError, errorMessage } from '@/lib/api'
import { formatCents, formatMoney, toCents } from '@/lib/money'
import { useRecordPayment, playerKey, playerRef, type PlayerAccount } from '../hooks/use-host-pool'

/** The rules of an amount the host records, as the server's: more than $0.00, at most the pool's total, whole cents. */
export function paymentSchema(maxCents: number) {
  const tooMuch = `The amount must be more than $0.00 and at most the pool's total, ${formatCents(maxCents)}.`
  return z.object({
    amount: z
      .string()
      .trim()
      .refine((s) => /^\d+(\.\d{1,2})?$/.test(s), 'Enter an amount such as 20 or 12.50.')
      .refine((s) => toCents(s) > 0 && toCents(s) <= maxCents, tooMuch),
    note: z
      .string()
      .trim()
      .max(200, 'A note is at most 200 characters.')
      .refine((s) => !/[\p{Cc}\p{Zl}\p{Zp}]/u.test(s), 'A note is one line of printable text.'),
  })
}

type Values = z.infer<ReturnType<typeof paymentSchema>>

/** Records a payment of any amount from one player, with an optional note ("cash", "Venmo"). */
export function HostPaymentForm({ poolId, player, maxCents, onDone }: { poolId: number; player: PlayerAccount; maxCents: number; onDone: () => void }) {
  const record = useRecordPayment(poolId)
  const form = useForm<Values>({ resolver: zodResolver(paymentSchema(maxCents)), defaultValues: { amount: '', note: '' } })
  const { errors } = form.formState
  const id = `pay-${playerKey(player)}`
  const submit = form.handleSubmit((v) =>
    record.mutate(
      { ...playerRef(player), amount: (toCents(v.amount) / 100).toFixed(2), note: v.note },
      {
        onSuccess: (e) => {
          toast.success('Payment recorded', { description: `${formatMoney(e.amount)} from ${player.name}.` })
          onDone()
        },
        onError: (err) => {
          const fields = err instanceof ApiError ? err.fields : undefined
          if (fields?.amount) form.setError('amount', { message: fields.amount })
          if (fields?.note) form.setError('note', { message: fields.note })
          if (!fields?.amount && !fields?.note) toast.error('Payment not recorded', { description: errorMessage(err, 'Please try again.') })
        },
      },
    ),
  )
  return (
    <form onSubmit={submit} noValidate className="grid gap-3 rounded-lg bg-muted/50 p-3" aria-label={`Record a payment from ${player.name}`}>
      <div className="grid gap-3 sm:grid-cols-[8rem_1fr]">
        <Field id={`${id}-amount`} label="Amount ($)" error={errors.amount?.message}>
          <Input inputMode="decimal" autoComplete="off" placeholder="20.00" {...form.register('amount')} />
        </Field>
        <Field id={`${id}-note`} label="Note" optional error={errors.note?.message}>
          <Input maxLength={200} placeholder="Cash, Venmo…" autoComplete="off" {...form.register('note')} />
        </Field>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={record.isPending}>
          {record.isPending && <Spinner label="Recording" />}
          Record payment
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
