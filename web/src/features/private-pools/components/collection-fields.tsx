import type { UseFormRegisterReturn } from 'react-hook-form'
import { CreditCard, HandCoins } from 'lucide-react'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Textarea } from '@/components/ui/textarea'
import { formatDateTimeET } from '@/lib/dates'
import { cn } from '@/lib/utils'
import { fromLocalInput, MAX_INSTRUCTIONS, type FieldErrors } from './private-pool-form-rules'

const OPTIONS = [
  {
    value: 'card',
    icon: CreditCard,
    label: 'Card, through Squares',
    text: 'Players pay with a card when they take squares; Squares holds the money until the pool completes and pays the winners.',
  },
  {
    value: 'host',
    icon: HandCoins,
    label: 'I collect the money myself',
    text: 'Cash or a payment app, outside Squares: no fee, and Squares never holds this pool’s money. You add guests, give squares and record who paid.',
  },
] as const

/**
 * Who collects a private pool's money, and for a pool whose host collects it, the payment instructions
 * (multi-line, with a counter) and the pay-by time (a datetime-local in the browser's zone; the hint says it
 * in ET, as the rest of the site does).
 */
export function CollectionFields({
  collection,
  instructions,
  payBy,
  defaultPayBy,
  errors,
  register,
}: {
  collection: 'card' | 'host'
  instructions: string
  payBy: string
  /** The server's default deadline for the chosen game, as a datetime-local value ("" without a game). */
  defaultPayBy: string
  errors: FieldErrors
  register: (name: 'collection' | 'paymentInstructions' | 'payBy') => UseFormRegisterReturn
}) {
  const count = [...instructions].length
  const due = fromLocalInput(payBy || defaultPayBy)
  return (
    <>
      <fieldset className="grid gap-2" aria-describedby={errors.collection ? 'pp-collection-error' : undefined}>
        <legend className="mb-1.5 text-sm font-medium">Who collects the money</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {OPTIONS.map((o) => (
            <label
              key={o.value}
              className={cn(
                'flex cursor-pointer gap-3 rounded-lg border p-3 text-sm has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50',
                collection === o.value ? 'border-emerald-600 bg-emerald-50/60' : 'hover:bg-muted/50',
              )}
            >
              <input
                type="radio"
                value={o.value}
                className="mt-1 size-4 shrink-0 accent-emerald-700"
                aria-labelledby={`pp-collection-${o.value}`}
                aria-describedby={`pp-collection-${o.value}-text`}
                {...register('collection')}
              />
              <span className="grid gap-1">
                <span id={`pp-collection-${o.value}`} className="flex items-center gap-1.5 font-semibold">
                  <o.icon className="size-4" aria-hidden="true" /> {o.label}
                </span>
                <span id={`pp-collection-${o.value}-text`} className="text-muted-foreground">
                  {o.text}
                </span>
              </span>
            </label>
          ))}
        </div>
        {errors.collection && (
          <p id="pp-collection-error" className="text-sm font-medium text-destructive">
            {errors.collection}
          </p>
        )}
      </fieldset>
      {collection === 'host' && (
        <div className="grid gap-5 rounded-lg border border-dashed p-3 sm:p-4">
          <Field
            id="pp-instructions"
            label="Payment instructions"
            optional
            error={errors.paymentInstructions}
            hint={
              <span className="flex justify-between gap-3">
                <span>How players pay you, e.g. “Venmo @dana or cash at the party”.</span>
                <span className={cn('shrink-0 tabular-nums', count > MAX_INSTRUCTIONS && 'font-bold text-destructive')}>
                  {count}/{MAX_INSTRUCTIONS}
                </span>
              </span>
            }
          >
            <Textarea rows={3} placeholder="Venmo @dana or cash at the party" {...register('paymentInstructions')} />
          </Field>
          <Field
            id="pp-payby"
            label="Pay by"
            error={errors.payBy}
            hint={
              due
                ? `Due ${formatDateTimeET(due.toISOString())}. Squares not paid for by then are released, unless the numbers are drawn.`
                : 'Pick a game first: payment is due 24 hours before kickoff unless you say otherwise.'
            }
          >
            <Input type="datetime-local" {...register('payBy')} placeholder={defaultPayBy} />
          </Field>
        </div>
      )}
    </>
  )
}
