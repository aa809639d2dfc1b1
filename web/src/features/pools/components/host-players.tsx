import { useState } from 'react'
import { toast } from '@/lib/toast'
import { Check, ChevronDown, Undo2 } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { errorMessage } from '@/lib/api'
import { formatDateTimeET } from '@/lib/dates'
import { formatCents, formatMoney, toCents } from '@/lib/money'
import { cn } from '@/lib/utils'
import { playerKey, playerRef, useCorrectPayment, useRecordPayment, type HostPayment, type PlayerAccount } from '../hooks/use-host-pool'
import { HostPaymentForm } from './host-payment-form'

/** One entry of a player's record: a payment, or a correction that cancels one. */
function EntryRow({ poolId, entry, name }: { poolId: number; entry: HostPayment; name: string }) {
  const correct = useCorrectPayment(poolId)
  const undo = () =>
    correct.mutate(entry.id, {
      onSuccess: () => toast.success('Payment corrected', { description: `${formatMoney(entry.amount)} from ${name} is cancelled.` }),
      onError: (err) => toast.error('Not corrected', { description: errorMessage(err, 'Please try again.') }),
    })
  const cancelled = entry.correctedBy !== null
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-1.5">
      <span className={cn('min-w-0 text-xs', cancelled && 'text-muted-foreground line-through')}>
        <span className="font-bold tabular-nums">{formatMoney(entry.amount)}</span> · {formatDateTimeET(entry.at)}
        {entry.corrects !== null && ' · correction'}
        {entry.note && <span className="block break-words text-muted-foreground">{entry.note}</span>}
      </span>
      {!cancelled && entry.corrects === null && (
        <Button size="sm" variant="ghost" onClick={undo} disabled={correct.isPending} aria-label={`Undo ${formatMoney(entry.amount)} from ${name}`}>
          {correct.isPending ? <Spinner label="Correcting" /> : <Undo2 aria-hidden="true" />} Undo
        </Button>
      )}
    </li>
  )
}

function Figure({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-[0.65rem] font-semibold tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className={cn('font-black tabular-nums', className)}>{value}</dd>
    </div>
  )
}

/**
 * One player's account for the host, with payment in two taps: "Paid" records their whole balance once
 * confirmed; "Other amount" any sum with a note; each entry may be undone (a correction, never a deletion).
 */
function PlayerRow({ poolId, player, maxCents, isHost, drawn }: { poolId: number; player: PlayerAccount; maxCents: number; isHost: boolean; drawn: boolean }) {
  const record = useRecordPayment(poolId)
  const [confirming, setConfirming] = useState(false)
  const [other, setOther] = useState(false)
  const [open, setOpen] = useState(false)
  const balance = toCents(player.balance)
  const payAll = () =>
    record.mutate(
      { ...playerRef(player), amount: player.balance, note: '' },
      {
        onSuccess: () => toast.success('Payment recorded', { description: `${formatMoney(player.balance)} from ${player.name}: paid in full.` }),
        onError: (err) => toast.error('Payment not recorded', { description: errorMessage(err, 'Please try again.') }),
        onSettled: () => setConfirming(false),
      },
    )
  return (
    <li className="grid gap-2 border-b py-3 last:border-0" data-testid="host-player" aria-label={player.name}>
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <span className="min-w-0 truncate font-bold">{player.name}</span>
        {player.guestId !== null && player.userId === null && <Badge variant="secondary">Guest</Badge>}
        {isHost && <Badge variant="outline">You</Badge>}
        {balance <= 0 && player.squares > 0 && (
          <Badge className="bg-emerald-700 text-white">
            <Check aria-hidden="true" /> Paid
          </Badge>
        )}
      </div>
      <dl className="grid grid-cols-2 gap-2 text-sm min-[400px]:grid-cols-4">
        <Figure label="Squares" value={String(player.squares)} />
        <Figure label="Owed" value={formatMoney(player.owed)} />
        <Figure label="Paid" value={formatMoney(player.paid)} className="text-emerald-700" />
        <Figure label={balance < 0 ? 'Over' : 'Balance'} value={formatCents(Math.abs(balance))} className={balance > 0 ? 'text-red-700' : undefined} />
      </dl>
      {balance > 0 && drawn && !isHost && (
        <p className="text-xs text-muted-foreground">The numbers are drawn, so nothing is released: {player.name} keeps these squares and settles the rest with you.</p>
      )}
      {confirming ? (
        <div className="flex flex-wrap items-center gap-2 rounded-lg bg-emerald-50 p-2 text-sm" role="group" aria-label={`Confirm the payment from ${player.name}`}>
          <span className="min-w-0 flex-1">
            Record {formatMoney(player.balance)} from {player.name}?
          </span>
          <Button size="sm" onClick={payAll} disabled={record.isPending} autoFocus>
            {record.isPending && <Spinner label="Recording" />}
            Record {formatMoney(player.balance)}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          {balance > 0 && !isHost && (
            <Button size="sm" onClick={() => setConfirming(true)} aria-label={`Paid: ${player.name} paid ${formatMoney(player.balance)}`}>
              <Check aria-hidden="true" /> Paid
            </Button>
          )}
          <Button size="sm" variant="outline" onClick={() => setOther((o) => !o)} aria-expanded={other}>
            Other amount
          </Button>
          {player.entries.length > 0 && (
            <Button size="sm" variant="ghost" onClick={() => setOpen((o) => !o)} aria-expanded={open} aria-controls={`entries-${playerKey(player)}`}>
              Entries ({player.entries.length}) <ChevronDown className={cn('transition-transform', open && 'rotate-180')} aria-hidden="true" />
            </Button>
          )}
        </div>
      )}
      {other && <HostPaymentForm poolId={poolId} player={player} maxCents={maxCents} onDone={() => setOther(false)} />}
      {open && (
        <ul id={`entries-${playerKey(player)}`} className="divide-y rounded-lg border px-3" aria-label={`Payments from ${player.name}`}>
          {player.entries.map((e) => (
            <EntryRow key={e.id} poolId={poolId} entry={e} name={player.name} />
          ))}
        </ul>
      )}
    </li>
  )
}

/** Every player of the pool (the host first, members by joining, then guests) with their account. */
export function HostPlayers({ poolId, players, maxCents, hostId, drawn }: { poolId: number; players: PlayerAccount[]; maxCents: number; hostId: number | null; drawn: boolean }) {
  return (
    <ul aria-label="Players and payments">
      {players.map((p) => (
        <PlayerRow key={playerKey(p)} poolId={poolId} player={p} maxCents={maxCents} isHost={p.userId !== null && p.userId === hostId} drawn={drawn} />
      ))}
    </ul>
  )
}
