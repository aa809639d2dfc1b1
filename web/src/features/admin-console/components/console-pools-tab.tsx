import { useState } from 'react'
import { toast } from '@/lib/toast'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { NativeSelect } from '@/components/ui/native-select'
import { Skeleton } from '@/components/ui/skeleton'
import { PoolStatusBadge } from '@/components/pools/pool-status-badge'
import { errorMessage } from '@/lib/api'
import { gameLabel } from '@/lib/game-label'
import { formatEntryFee } from '@/lib/money'
import type { Pool } from '@/lib/types'
import { useConsolePools, useRefundPool, useSetPoolStatus } from '../api/console-api'

// The statuses an admin may ask for; the server's state machine refuses what does not follow and says why.
const STATUSES = ['draft', 'active', 'inactive', 'full', 'started', 'completed', 'cancelled']
const FILTERS = ['all', ...STATUSES]

/** An open pool below its maximum may be refunded (cancelled, every payment returned). */
export const canRefund = (p: Pool) => p.status === 'active' && p.currentParticipants < (p.maxParticipants || 100)

/** Pools: each with its teams, fee, fill, status, a status selector and, while open and not full, Refund. */
export function ConsolePoolsTab() {
  const pools = useConsolePools()
  const [filter, setFilter] = useState('all')
  const [refunding, setRefunding] = useState<Pool | null>(null)
  const refund = useRefundPool()
  const list = (pools.data ?? []).filter((p) => filter === 'all' || p.status === filter)

  const onRefund = () => {
    if (!refunding) return
    const p = refunding
    refund.mutate(p.id, {
      onSuccess: () => toast.success('Pool refunded successfully', { description: `${p.name} is cancelled; every payment is returned.` }),
      onError: (err) => toast.error('Refund failed', { description: errorMessage(err, 'Please try again.') }),
      onSettled: () => setRefunding(null),
    })
  }

  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <CardTitle>Pools</CardTitle>
          <CardDescription>
            {list.length} {list.length === 1 ? 'pool' : 'pools'}. A refused status change says why.
          </CardDescription>
        </div>
        <label className="grid gap-1 text-sm font-medium sm:w-48">
          Show
          <NativeSelect value={filter} onChange={(e) => setFilter(e.target.value)}>
            {FILTERS.map((s) => (
              <option key={s} value={s}>
                {s === 'all' ? 'All statuses' : s[0].toUpperCase() + s.slice(1)}
              </option>
            ))}
          </NativeSelect>
        </label>
      </CardHeader>
      <CardContent>
        {pools.isLoading ? (
          <Skeleton className="h-32" aria-label="Loading pools" />
        ) : pools.isError && !pools.data ? (
          <p role="alert" className="text-sm text-destructive">
            Couldn't load the pools.
          </p>
        ) : list.length === 0 ? (
          <p className="text-sm text-muted-foreground">No pools here.</p>
        ) : (
          <ul className="max-h-[36rem] divide-y overflow-y-auto pr-1" tabIndex={0} aria-label="Pools">
            {list.map((p) => (
              <PoolRow key={p.id} pool={p} onRefund={() => setRefunding(p)} />
            ))}
          </ul>
        )}
      </CardContent>
      <Dialog open={refunding !== null} onOpenChange={(open) => !open && setRefunding(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Refund {refunding?.name}?</DialogTitle>
            <DialogDescription>
              The pool is cancelled and every payment in it released or refunded. This cannot be undone.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Keep the pool</Button>
            </DialogClose>
            <Button variant="destructive" onClick={onRefund} disabled={refund.isPending}>
              {refund.isPending ? 'Refunding...' : 'Refund pool'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  )
}

function PoolRow({ pool: p, onRefund }: { pool: Pool; onRefund: () => void }) {
  const setStatus = useSetPoolStatus()
  const onStatus = (status: string) =>
    setStatus.mutate(
      { id: p.id, status },
      {
        onSuccess: () => toast.success('Pool updated successfully', { description: `${p.name} is now ${status}.` }),
        onError: (err) => toast.error('Failed to Update Pool Status', { description: errorMessage(err, 'Please try again.') }),
      },
    )
  const teams = p.game ? gameLabel(p.game) : `Game ${p.gameId}`
  return (
    <li data-testid="pool" className="grid gap-2 py-3 sm:grid-cols-[1fr_auto] sm:items-center">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{p.name}</span>
          <PoolStatusBadge pool={p} />
        </div>
        <div className="text-xs text-muted-foreground">
          {teams}
          {p.game?.week ? ` · ${p.game.week}` : ''} · {formatEntryFee(p.entryFee)} · {p.currentParticipants} / {p.maxParticipants || 100}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <NativeSelect
          aria-label={`Status of ${p.name} (${teams})`}
          value={p.status}
          disabled={setStatus.isPending}
          onChange={(e) => onStatus(e.target.value)}
          className="h-9 w-36"
        >
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {s[0].toUpperCase() + s.slice(1)}
            </option>
          ))}
        </NativeSelect>
        {canRefund(p) && (
          <Button size="sm" variant="outline" onClick={onRefund} aria-label={`Refund ${p.name} (${teams})`}>
            Refund
          </Button>
        )}
      </div>
    </li>
  )
}
