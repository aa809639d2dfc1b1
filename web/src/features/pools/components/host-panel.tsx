import { useState } from 'react'
import { toast } from '@/lib/toast'
import { BellRing, Download, Users } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { Spinner } from '@/components/ui/spinner'
import { ApiError, errorMessage } from '@/lib/api'
import { toCents } from '@/lib/money'
import type { Pool, Winner } from '@/lib/types'
import type { HostBoard } from '../hooks/use-host-board'
import { useHostPayments, useSendReminder } from '../hooks/use-host-pool'
import { HostAssign } from './host-assign'
import { HostGuestForm } from './host-guest-form'
import { HostHistory } from './host-history'
import { HostLimitForm } from './host-limit-form'
import { HostPlayers } from './host-players'
import { HostPrizes } from './host-prizes'
import { HostTakeBackDialog } from './host-take-back-dialog'

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="grid gap-3 border-t pt-4" aria-label={title}>
      <h3 className="font-bold">{title}</h3>
      {children}
    </section>
  )
}

/** Sends a reminder now to every member who owes; a 429 says when the next one may go, and stays shown. */
function ReminderButton({ poolId }: { poolId: number }) {
  const send = useSendReminder(poolId)
  const [note, setNote] = useState('')
  const onSend = () =>
    send.mutate(undefined, {
      onSuccess: ({ sent }) => {
        const text = sent === 0 ? 'Nobody owes you: no reminder was needed.' : `Reminder sent to ${sent} ${sent === 1 ? 'player' : 'players'}.`
        setNote(text)
        toast.success('Reminders', { description: text })
      },
      onError: (err) => {
        const text = errorMessage(err, 'The reminder was not sent. Please try again.')
        if (err instanceof ApiError && err.status === 429) setNote(text)
        toast.error('Reminder not sent', { description: text })
      },
    })
  return (
    <div className="grid gap-1">
      <Button size="sm" variant="outline" onClick={onSend} disabled={send.isPending}>
        {send.isPending ? <Spinner label="Sending" /> : <BellRing aria-hidden="true" />} Send reminder
      </Button>
      {note && (
        <p className="max-w-xs text-xs text-muted-foreground" data-testid="reminder-note">
          {note}
        </p>
      )}
    </div>
  )
}

/**
 * The host's panel of a host-collected pool: reminders and the CSV, squares given (at random or picked on
 * the board), guests added, every player's account with payments recorded in two taps, and the prizes the
 * host pays. Tapping a taken square on the board opens the take-back dialog.
 */
export function HostPanel({ pool, board, winners, hostId }: { pool: Pool; board: HostBoard; winners: Winner[] | null | undefined; hostId: number | null }) {
  const payments = useHostPayments(pool.id, true)
  const players = payments.data?.players ?? []
  const drawn = pool.numbersGenerated
  const over = pool.status === 'cancelled' || pool.status === 'completed'
  const free = Math.max(0, (pool.maxParticipants || 100) - pool.currentParticipants)
  // What the players owe the host (the host's own squares are theirs to settle with themselves).
  const owed = players.filter((p) => p.userId === null || p.userId !== hostId).reduce((s, p) => s + Math.max(0, toCents(p.balance)), 0)
  const decided = (winners ?? []).filter((w) => w.status === 'host_pays' || w.status === 'host_paid')
  return (
    <Card role="region" aria-labelledby="host-panel-title">
      <CardHeader className="gap-3 pb-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1">
          <CardTitle id="host-panel-title" className="flex items-center gap-2">
            <Users className="size-5 text-sky-700" aria-hidden="true" /> Players and payments
          </CardTitle>
          <CardDescription>
            {payments.data ? `${players.length} ${players.length === 1 ? 'player' : 'players'}; still owed to you: $${(owed / 100).toFixed(2)}.` : 'Who has squares, and who paid you.'}
          </CardDescription>
        </div>
        <div className="flex flex-wrap items-start gap-2">
          {!over && !drawn && <ReminderButton poolId={pool.id} />}
          <Button size="sm" variant="outline" asChild>
            <a href={`/api/pools/${pool.id}/payments.csv`} download>
              <Download aria-hidden="true" /> Download CSV
            </a>
          </Button>
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        {payments.isLoading ? (
          <Skeleton className="h-40 w-full" />
        ) : payments.isError ? (
          <div className="grid justify-items-start gap-2 text-sm" role="alert">
            <p>{errorMessage(payments.error, 'The players could not be loaded.')}</p>
            <Button size="sm" variant="outline" onClick={() => void payments.refetch()}>
              Try again
            </Button>
          </div>
        ) : players.length === 0 ? (
          <p className="text-sm text-muted-foreground">No players yet: share the invite link, or add guests below.</p>
        ) : (
          <HostPlayers poolId={pool.id} players={players} maxCents={toCents(pool.entryFee) * 100} hostId={hostId} drawn={drawn} />
        )}
        {!over && !drawn && players.length > 0 && (
          <Section title="Give squares">
            <HostAssign poolId={pool.id} players={players} board={board} free={free} />
            <p className="text-xs text-muted-foreground">Tap a taken square on the board to take it back (until the numbers are drawn).</p>
          </Section>
        )}
        {!over && pool.currentParticipants === 0 && (
          <Section title="Limit">
            <HostLimitForm poolId={pool.id} limit={pool.maxSquaresPerPlayer} />
          </Section>
        )}
        {!over && (
          <Section title="Add a guest">
            <HostGuestForm poolId={pool.id} />
          </Section>
        )}
        {decided.length > 0 && (
          <div className="border-t pt-4">
            <HostPrizes poolId={pool.id} winners={decided} ownerOf={(w) => w.firstName?.trim() || 'a player'} />
          </div>
        )}
        <div className="border-t pt-3">
          <HostHistory poolId={pool.id} />
        </div>
      </CardContent>
      <HostTakeBackDialog poolId={pool.id} square={board.takeBack} onClose={board.closeTakeBack} />
    </Card>
  )
}
