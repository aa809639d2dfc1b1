import { Link } from 'react-router'
import { toast } from '@/lib/toast'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { errorMessage } from '@/lib/api'
import { formatDateTimeET } from '@/lib/dates'
import { gameLabel } from '@/lib/game-label'
import { useEscrowFailures, useRetryEscrow, type EscrowFailure } from '../api/escrow-api'

const ACTIONS: Record<string, string> = {
  expire: 'End an expired checkout',
  capture: 'Capture a payment',
  unwind: "Return a cancelled pool's money",
  settle: 'Cancel a payment left live',
}

/** The escrow's steps that keep failing, each with a Retry now. */
export function EscrowFailuresCard() {
  const q = useEscrowFailures()
  const fails = q.data ?? []
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>Failing escrow steps</CardTitle>
        <CardDescription>Money movements the payment provider refused. Each is retried on its own, ever less often; retry one now after fixing its cause.</CardDescription>
      </CardHeader>
      <CardContent className="p-0">
        {q.isLoading ? (
          <Skeleton className="mx-5 mb-5 h-16" />
        ) : q.isLoadingError ? (
          <p className="px-5 pb-5 text-sm text-destructive">The failing steps could not be loaded.</p>
        ) : fails.length === 0 ? (
          <p className="px-5 pb-5 text-sm text-muted-foreground">Nothing is failing.</p>
        ) : (
          <ul className="divide-y border-t">
            {fails.map((f) => (
              <FailureRow key={f.paymentId} failure={f} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}

function FailureRow({ failure: f }: { failure: EscrowFailure }) {
  const retry = useRetryEscrow()
  const onRetry = () =>
    retry.mutate(f.paymentId, {
      onSuccess: (res) =>
        'resolved' in res
          ? toast.success('Escrow step done', { description: `Payment ${f.paymentId} went through.` })
          : toast.error('Still failing', { description: res.lastError }),
      onError: (err) => toast.error('Retry failed', { description: errorMessage(err, 'Please try again.') }),
    })
  return (
    <li data-testid="escrow-failure" className="grid gap-2 px-5 py-3 sm:grid-cols-[1fr_auto] sm:items-center">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{ACTIONS[f.action] ?? f.action}</span>
          <Badge variant="warning">{f.attempts} {f.attempts === 1 ? 'attempt' : 'attempts'}</Badge>
        </div>
        <div className="text-xs break-all text-muted-foreground">
          {f.paymentId} ·{' '}
          <Link to={`/pool/${f.poolId}`} className="underline">
            {f.poolName ? `${f.poolName} #${f.poolId}` : `pool ${f.poolId}`}
            {f.game ? `, ${gameLabel(f.game)}` : ''}
          </Link>{' '}
          · user {f.userId} · payment {f.status} · next try {formatDateTimeET(f.nextAttemptAt)}
        </div>
        <div className="mt-1 text-sm break-words text-destructive">{f.lastError}</div>
      </div>
      <Button size="sm" variant="outline" onClick={onRetry} disabled={retry.isPending} aria-label={`Retry ${f.paymentId} now`}>
        {retry.isPending ? 'Retrying...' : 'Retry now'}
      </Button>
    </li>
  )
}
