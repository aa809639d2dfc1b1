import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { z } from 'zod'
import { toast } from '@/lib/toast'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { ApiError, errorMessage } from '@/lib/api'
import { useSetLimit } from '../hooks/use-host-pool'

const schema = z.object({
  limit: z
    .string()
    .trim()
    .refine((s) => /^\d+$/.test(s) && Number(s) >= 1 && Number(s) <= 25, 'Must be a number from 1 to 25.'),
})

/** The per-player limit, which the host may change until the first square is taken (guests count too). */
export function HostLimitForm({ poolId, limit }: { poolId: number; limit: number }) {
  const set = useSetLimit(poolId)
  const form = useForm<z.infer<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { limit: String(limit) } })
  const submit = form.handleSubmit((v) =>
    set.mutate(Number(v.limit), {
      onSuccess: (p) => toast.success('Limit changed', { description: `Up to ${p.maxSquaresPerPlayer} squares per player.` }),
      onError: (err) => {
        const field = err instanceof ApiError ? err.fields?.maxSquaresPerPlayer : undefined
        if (field) form.setError('limit', { message: field })
        else toast.error('Limit not changed', { description: errorMessage(err, 'Please try again.') })
      },
    }),
  )
  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-2" aria-label="Per-player limit">
      <Field id="host-limit" label="Squares per player" error={form.formState.errors.limit?.message} hint="Until the first square is taken; guests count too.">
        <Input type="number" inputMode="numeric" min={1} max={25} className="w-24" {...form.register('limit')} />
      </Field>
      <Button type="submit" size="sm" variant="outline" className="mb-6" disabled={set.isPending}>
        {set.isPending && <Spinner label="Saving" />}
        Save
      </Button>
    </form>
  )
}
