import { useState } from 'react'
import { toast } from 'sonner'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { errorMessage } from '@/lib/api'
import { gameLabel } from '@/lib/game-label'
import type { Pool } from '@/lib/types'
import type { BulkAnswer } from '../api/pool-admin-api'
import { easternInputToISO, toEasternInput } from '../lib/weeks'

const statusVariant: Record<string, 'completed' | 'available' | 'muted' | 'warning' | 'destructive' | 'live' | 'secondary'> = {
  active: 'available',
  draft: 'muted',
  inactive: 'warning',
  full: 'secondary',
  started: 'live',
  completed: 'completed',
  cancelled: 'destructive',
}

export function PoolStatusBadge({ status }: { status: string }) {
  return <Badge variant={statusVariant[status] ?? 'muted'}>{status || 'draft'}</Badge>
}

/** "Free Pool (#12)": how a pool is named in refusals. */
function poolName(pools: Pool[], id: number) {
  const p = pools.find((x) => x.id === id)
  return p ? `${p.name} #${id}` : `Pool #${id}`
}

/** A toast for a bulk answer: the spec's success line, and each pool the server refused with its reason. */
export function toastBulk(title: string, done: number, total: number, verb: string, answer: BulkAnswer, pools: Pool[]) {
  const refused = answer.refused ?? []
  const line = `${done} of ${total} pools ${verb} successfully`
  if (refused.length === 0) {
    toast.success(title, { description: line })
    return
  }
  toast.warning(title, {
    description: (
      <div>
        <p>{line}. Refused:</p>
        <ul className="mt-1 list-disc pl-4">
          {refused.slice(0, 6).map((r) => (
            <li key={r.poolId}>
              {poolName(pools, r.poolId)}: {r.message}
            </li>
          ))}
          {refused.length > 6 && <li>and {refused.length - 6} more</li>}
        </ul>
      </div>
    ),
    duration: 10_000,
  })
}

export const failToast = (title: string) => (err: unknown) => toast.error(title, { description: errorMessage(err, 'Please try again.') })

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
