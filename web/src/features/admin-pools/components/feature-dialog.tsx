import { useState } from 'react'
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

function FeatureForm({ pool, onClose, onSubmit, busy }: { pool: Pool; onClose: () => void; onSubmit: (v: { featuredReason: string; featuredUntil: string }) => void; busy: boolean }) {
  const [reason, setReason] = useState('Pool of the Week')
  const [until, setUntil] = useState(() => toEasternInput(new Date(Date.now() + 7 * 24 * 3_600_000)))
  const iso = easternInputToISO(until)
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault()
        if (iso) onSubmit({ featuredReason: reason.trim(), featuredUntil: iso })
      }}
    >
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
          <Input id="featured-reason" maxLength={120} value={reason} onChange={(e) => setReason(e.target.value)} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="featured-until">Featured until (Eastern time)</Label>
          <Input id="featured-until" type="datetime-local" value={until} onChange={(e) => setUntil(e.target.value)} aria-invalid={!iso} />
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
