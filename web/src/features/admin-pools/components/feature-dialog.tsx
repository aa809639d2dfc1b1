import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { z } from 'zod'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { gameLabel } from '@/lib/game-label'
import type { Pool } from '@/lib/types'
import { easternInputToISO, toEasternInput } from '../hooks/weeks'

/** The set-featured dialog: a reason (Pool of the Week) and an end, 7 days from now by default, in Eastern time. */
export function FeatureDialog({
  pool,
  onClose,
  onSubmit,
  busy,
}: {
  pool: Pool | null
  onClose: () => void
  onSubmit: (v: { featuredReason: string; featuredUntil: string }) => void
  busy: boolean
}) {
  return (
    <Dialog open={pool !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        {pool && <FeatureForm key={pool.id} pool={pool} onClose={onClose} onSubmit={onSubmit} busy={busy} />}
      </DialogContent>
    </Dialog>
  )
}

const schema = z.object({
  reason: z.string().trim(),
  until: z.string().refine((v) => easternInputToISO(v) !== null),
})
type Values = z.input<typeof schema>

function FeatureForm({ pool, onClose, onSubmit, busy }: { pool: Pool; onClose: () => void; onSubmit: (v: { featuredReason: string; featuredUntil: string }) => void; busy: boolean }) {
  // Seven days from when the dialog opens.
  const [defaultValues] = useState<Values>(() => ({ reason: 'Pool of the Week', until: toEasternInput(new Date(Date.now() + 7 * 24 * 3_600_000)) }))
  const form = useForm<Values, unknown, z.output<typeof schema>>({ resolver: zodResolver(schema), defaultValues })
  // The end is checked as it is typed: Set featured waits for a time that can be read.
  const iso = easternInputToISO(useWatch({ control: form.control, name: 'until' }))
  return (
    <form onSubmit={form.handleSubmit((v) => onSubmit({ featuredReason: v.reason, featuredUntil: easternInputToISO(v.until)! }))}>
      <DialogHeader>
        <DialogTitle>Set featured pool</DialogTitle>
        <DialogDescription>
          {pool.name}
          {pool.game ? ` · ${gameLabel(pool.game)}` : ''}. Players see it as the Pool of the Week; the pool featured before stops being featured.
        </DialogDescription>
      </DialogHeader>
      <div className="my-4 grid gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor="featured-reason">Reason</Label>
          <Input id="featured-reason" maxLength={120} {...form.register('reason')} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="featured-until">Featured until (Eastern time)</Label>
          <Input id="featured-until" type="datetime-local" {...form.register('until')} aria-invalid={!iso} />
        </div>
      </div>
      <DialogFooter>
        <Button type="button" variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy || !iso}>
          Set featured
        </Button>
      </DialogFooter>
    </form>
  )
}
