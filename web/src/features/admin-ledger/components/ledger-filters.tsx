import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { z } from 'zod'
import { X } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import type { useLedgerFilter } from '../hooks/use-ledger-filter'
import { LEDGER_KINDS } from './ledger-labels'

const schema = z.object({
  poolId: z.string().trim().regex(/^\d*$/, { error: 'A pool ID is a whole number, such as 12.' }).max(12, { error: 'That pool ID is too long.' }),
  kind: z.string(),
})
type Values = z.infer<typeof schema>

/** Filters the transactions by pool and kind; the address keeps them. */
export function LedgerFilters({ f }: { f: ReturnType<typeof useLedgerFilter> }) {
  // The form follows the address: a pool chosen from the accounts list shows here.
  const form = useForm<Values>({ resolver: zodResolver(schema), values: { poolId: f.filter.poolId, kind: f.filter.kind } })
  const { errors } = form.formState
  const onSubmit = form.handleSubmit((v) => f.apply({ poolId: v.poolId.replace(/^0+(?=\d)/, ''), kind: v.kind }))
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Filter transactions" className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto_auto] sm:items-start">
      <Field id="ledger-pool" label="Pool ID" error={errors.poolId?.message}>
        <Input inputMode="numeric" placeholder="Any pool" autoComplete="off" {...form.register('poolId')} />
      </Field>
      <Field id="ledger-kind" label="Kind">
        <NativeSelect {...form.register('kind')}>
          <option value="">All kinds</option>
          {LEDGER_KINDS.map((k) => (
            <option key={k.value} value={k.value}>
              {k.label}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Button type="submit" className="sm:mt-[1.375rem]">
        Apply
      </Button>
      <Button type="button" variant="outline" className="sm:mt-[1.375rem]" onClick={f.clear} disabled={!f.active}>
        <X aria-hidden="true" /> Clear
      </Button>
    </form>
  )
}
