import { useState } from 'react'
import { AlertTriangle } from 'lucide-react'
import { toast } from '@/lib/toast'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { PageContainer, PageHeader } from '@/components/layout/page'
import { errorMessage } from '@/lib/api'
import { formatDateTimeET } from '@/lib/dates'
import { gameLabel } from '@/lib/game-label'
import {
  useCancelPool,
  useCancellationAnalysis,
  useDecisionLog,
  useHouseFill,
  useRunAutomation,
  type PoolDecision,
} from '../api/decision-api'
import { CancelReasonForm } from './cancel-reason-form'
import { AdminOnly } from '@/components/layout/admin-only'

const actionLabel: Record<PoolDecision['action'], string> = { cancel: 'Cancel', house_fill: 'House fill', continue: 'Continue', play: 'Plays as it stands' }
const actionVariant = { cancel: 'destructive', house_fill: 'warning', continue: 'completed', play: 'completed' } as const

/** "$5 Pool #12": a decision's pool by name and id. */
const poolOf = (d: PoolDecision) => `${d.poolName || 'Pool'} #${d.poolId}`
/** "$5 Pool #12, Chiefs @ Bills, Sun 4:25 PM ET": the pool and its game. */
const namedPool = (d: PoolDecision) => (d.game ? `${poolOf(d)}, ${gameLabel(d.game)}` : poolOf(d))

/** Pool cancellation management: the 2-hour decisions coming up, done by hand if need be, and the log. */
export function PoolCancellationPage() {
  return (
    <AdminOnly>
      <PageContainer>
        <PoolCancellation />
      </PageContainer>
    </AdminOnly>
  )
}

function PoolCancellation() {
  const analysis = useCancellationAnalysis()
  const run = useRunAutomation()
  const items = analysis.data ?? []
  const onRun = () =>
    run.mutate(undefined, {
      onSuccess: (res) =>
        res.error
          ? toast.error('Automation pass finished with errors', { description: res.error })
          : toast.success(`Automation pass: ${res.decisions.length} ${res.decisions.length === 1 ? 'decision' : 'decisions'}`),
      onError: (err) => toast.error('Automation pass failed', { description: errorMessage(err, 'Please try again.') }),
    })
  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Pool Cancellation"
        description="Each pool not full gets its final decision 2 hours before kickoff: cancel and refund, or fill with house squares and draw."
        actions={
          <Button onClick={onRun} disabled={run.isPending}>
            Run automation now
          </Button>
        }
      />
      <Card className="mb-6">
        <CardHeader>
          <CardTitle>Decisions due within 24 hours</CardTitle>
          <CardDescription>What the automation would decide now. Refreshed every 30 seconds.</CardDescription>
        </CardHeader>
        <CardContent>
          {analysis.isLoading ? (
            <Skeleton className="h-24" aria-label="Loading the analysis" />
          ) : analysis.isError && !analysis.data ? (
            <Alert variant="destructive">
              <AlertTriangle aria-hidden="true" />
              <AlertTitle>Couldn't load the analysis</AlertTitle>
              <AlertDescription>
                <Button size="sm" variant="outline" className="mt-1" onClick={() => void analysis.refetch()}>
                  Try again
                </Button>
              </AlertDescription>
            </Alert>
          ) : items.length === 0 ? (
            <p className="text-sm text-muted-foreground">No pool is due for a decision in the next 24 hours.</p>
          ) : (
            <ul className="grid gap-4" aria-label="Pools due for a decision">
              {items.map((d) => (
                <AnalysisItem key={d.poolId} decision={d} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <DecisionLog />
    </>
  )
}

function AnalysisItem({ decision: d }: { decision: PoolDecision }) {
  const [cancelling, setCancelling] = useState(false)
  const cancel = useCancelPool()
  const fill = useHouseFill()
  const fail = (title: string) => (err: unknown) => toast.error(title, { description: errorMessage(err, 'Please try again.') })
  const onCancel = (reason: string) =>
    cancel.mutate(
      { poolId: d.poolId, reason },
      { onSuccess: () => toast.success('Pool Cancelled', { description: `${namedPool(d)}: refunds processed.` }), onError: fail('Failed to Cancel Pool') },
    )
  const onFill = () =>
    fill.mutate(
      { poolId: d.poolId, squaresNeeded: d.houseSquaresNeeded },
      {
        onSuccess: () => toast.success('House Fill Complete', { description: `${namedPool(d)}: ${d.houseSquaresNeeded} house squares, numbers drawn.` }),
        onError: fail('Failed to House Fill'),
      },
    )
  return (
    <li className="rounded-lg border p-4" aria-label={namedPool(d)}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">{d.game ? gameLabel(d.game) : poolOf(d)}</span>
        {d.game && <span className="text-sm text-muted-foreground">{poolOf(d)}</span>}
        <Badge variant={actionVariant[d.action]}>{actionLabel[d.action]}</Badge>
        <span className="text-sm text-muted-foreground">decided {formatDateTimeET(d.dueAt)}</span>
      </div>
      <p className="mt-1 text-sm">{d.reason}</p>
      <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm text-muted-foreground">
        <div>
          <dt className="inline">Players: </dt>
          <dd className="inline">{d.participantsAffected}</dd>
        </div>
        <div>
          <dt className="inline">House squares needed: </dt>
          <dd className="inline">{d.houseSquaresNeeded}</dd>
        </div>
        <div>
          <dt className="inline">Refund: </dt>
          <dd className="inline">${d.refundAmount}</dd>
        </div>
      </dl>
      {d.action !== 'continue' && (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={onFill} disabled={fill.isPending || d.houseSquaresNeeded === 0}>
            House fill {d.houseSquaresNeeded} squares
          </Button>
          <Button size="sm" variant="destructive" onClick={() => setCancelling(true)} disabled={cancelling}>
            Cancel pool
          </Button>
        </div>
      )}
      {cancelling && <CancelReasonForm id={`cancel-reason-${d.poolId}`} busy={cancel.isPending} onCancel={onCancel} onKeep={() => setCancelling(false)} />}
    </li>
  )
}

function DecisionLog() {
  const log = useDecisionLog()
  const rows = log.data ?? []
  return (
    <Card>
      <CardHeader>
        <CardTitle>Decisions made</CardTitle>
        <CardDescription>Every final decision, by the automation or an admin, with its reason.</CardDescription>
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">{log.isLoading ? 'Loading…' : 'No decisions yet.'}</p>
        ) : (
          <ul className="grid gap-2 text-sm" aria-label="Decisions made">
            {rows.map((d) => (
              <li key={d.poolId} className="flex flex-wrap gap-x-2">
                <span className="font-medium">{namedPool(d)}</span>
                <Badge variant={actionVariant[d.action]}>{actionLabel[d.action]}</Badge>
                <span>{d.reason}</span>
                <span className="text-muted-foreground">
                  {d.decidedBy === 'admin' ? 'by an admin' : 'by the automation'}, {formatDateTimeET(d.decidedAt)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
