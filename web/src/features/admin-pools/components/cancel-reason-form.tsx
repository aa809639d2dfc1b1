import { useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { z } from 'zod'
import { Button } from '@/components/ui/button'
import { Label } from '@/components/ui/label'
import { Textarea } from '@/components/ui/textarea'

// The server asks for a reason (at most 500 characters) and keeps it, trimmed, in the decision log.
const schema = z.object({ reason: z.string().trim().min(1).max(500) })

/** Cancelling a pool due for a decision: a reason, then Cancel and refund (or Keep the pool). */
export function CancelReasonForm({
  id,
  busy,
  onCancel,
  onKeep,
}: {
  id: string
  busy: boolean
  onCancel: (reason: string) => void
  onKeep: () => void
}) {
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { reason: '' } })
  const reason = useWatch({ control: form.control, name: 'reason' })
  return (
    <form className="mt-3 grid gap-2" onSubmit={form.handleSubmit((v) => onCancel(v.reason))}>
      <Label htmlFor={id}>Reason for cancelling</Label>
      <Textarea id={id} rows={2} maxLength={500} {...form.register('reason')} />
      <div className="flex gap-2">
        <Button type="submit" size="sm" variant="destructive" disabled={busy || reason.trim() === ''}>
          Cancel and refund
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onKeep}>
          Keep the pool
        </Button>
      </div>
    </form>
  )
}
