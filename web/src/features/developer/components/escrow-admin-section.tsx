import { useState } from 'react'
import { Link } from 'react-router'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { z } from 'zod'
import { toast } from '@/lib/toast'
import { CheckCircle2, RotateCcw, ShieldAlert, Unlock } from 'lucide-react'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { ApiError, errorMessage } from '@/lib/api'
import { useUser } from '@/lib/auth'
import { useRefundEscrow, useReleaseEscrow, type RecordCall, type RefundEscrowAnswer, type ReleaseEscrowAnswer } from '../api/payment-test-api'
import { CallErrorAlert, ResultList, TestSection } from './test-section'

const schema = z.object({ poolId: z.string() })
type Values = z.infer<typeof schema>

type Result = { kind: 'release'; answer: ReleaseEscrowAnswer } | { kind: 'refund'; answer: RefundEscrowAnswer } | { kind: 'error'; action: string; error: unknown }

/** A numeric pool id as a number, any other text as typed (the server judges it), blank left out. */
function poolBody(values: Values): { poolId?: unknown } {
  const id = values.poolId.trim()
  if (!id) return {}
  return { poolId: /^\d+$/.test(id) ? Number(id) : id }
}

function AdminTools({ record }: { record: RecordCall }) {
  const release = useReleaseEscrow(record)
  const refund = useRefundEscrow(record)
  const [result, setResult] = useState<Result | null>(null)
  const [confirmRefund, setConfirmRefund] = useState<{ poolId?: unknown } | null>(null)
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { poolId: '' } })
  const { errors } = form.formState
  const busy = release.isPending || refund.isPending

  const failed = (action: string, title: string) => (err: unknown) => {
    if (err instanceof ApiError && err.fields?.poolId) form.setError('poolId', { type: 'server', message: err.fields.poolId })
    setResult({ kind: 'error', action, error: err })
    toast.error(title, { description: errorMessage(err, `The ${action} failed.`) })
  }

  const onRelease = form.handleSubmit((values) => {
    setResult(null)
    release.mutate(poolBody(values), {
      onSuccess: (answer) => {
        setResult({ kind: 'release', answer })
        toast.success('Escrow released', { description: answer.message })
      },
      onError: failed('release', 'Release failed'),
    })
  })

  const askRefund = form.handleSubmit((values) => setConfirmRefund(poolBody(values)))

  const doRefund = () => {
    const body = confirmRefund ?? {}
    setConfirmRefund(null)
    setResult(null)
    refund.mutate(body, {
      onSuccess: (answer) => {
        setResult({ kind: 'refund', answer })
        toast.success('Pool refunded', { description: answer.message })
      },
      onError: failed('refund', 'Refund failed'),
    })
  }

  const refundId = confirmRefund?.poolId
  const shownId = typeof refundId === 'number' || typeof refundId === 'string' ? `pool ${refundId}` : 'this pool'

  return (
    <>
      <form noValidate onSubmit={onRelease} className="grid gap-4" aria-label="Release or refund escrow">
        <Field
          id="admin-pool-id"
          label="Pool ID"
          error={errors.poolId?.message}
          hint="Release cancels the pool's uncaptured card holds and checkouts; the pool stays as it is. Refund cancels the pool and returns every payment."
          className="sm:max-w-md"
        >
          <Input inputMode="numeric" autoComplete="off" placeholder="e.g. 31" {...form.register('poolId')} />
        </Field>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button type="submit" disabled={busy}>
            {release.isPending ? <Spinner label="Releasing escrow" /> : <Unlock aria-hidden="true" />}
            {release.isPending ? 'Releasing…' : 'Release escrow'}
          </Button>
          <Button type="button" variant="destructive" disabled={busy} onClick={() => void askRefund()}>
            {refund.isPending ? <Spinner label="Refunding escrow" /> : <RotateCcw aria-hidden="true" />}
            {refund.isPending ? 'Refunding…' : 'Refund escrow…'}
          </Button>
        </div>
      </form>

      {result?.kind === 'error' && <CallErrorAlert error={result.error} fallback={`The ${result.action} failed.`} shownFields={['poolId']} />}
      {result?.kind === 'release' && (
        <div className="grid gap-3">
          <Alert variant="success">
            <CheckCircle2 aria-hidden="true" />
            <AlertTitle>Escrow released</AlertTitle>
            <AlertDescription>
              <p data-testid="admin-result-message">{result.answer.message}</p>
            </AlertDescription>
          </Alert>
          <ResultList
            label="Release result"
            items={[
              { label: 'Pool', value: `#${result.answer.poolId}` },
              { label: 'Payments released', value: String(result.answer.released) },
            ]}
          />
        </div>
      )}
      {result?.kind === 'refund' && (
        <div className="grid gap-3">
          <Alert variant="success">
            <CheckCircle2 aria-hidden="true" />
            <AlertTitle>Pool refunded</AlertTitle>
            <AlertDescription>
              <p data-testid="admin-result-message">{result.answer.message}</p>
            </AlertDescription>
          </Alert>
          {result.answer.pool && (
            <ResultList
              label="Refund result"
              items={[
                { label: 'Pool', value: `#${result.answer.pool.id} ${result.answer.pool.name}` },
                { label: 'Status', value: result.answer.pool.status },
              ]}
            />
          )}
        </div>
      )}

      <Dialog open={confirmRefund !== null} onOpenChange={(open) => !open && setConfirmRefund(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Refund {shownId}?</DialogTitle>
            <DialogDescription>
              This cancels the pool and returns every payment in it: card holds are released and captured payments refunded. It cannot be undone.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Keep the pool</Button>
            </DialogClose>
            <Button variant="destructive" onClick={doRefund}>
              <RotateCcw aria-hidden="true" /> Cancel pool and refund
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  )
}

export function EscrowAdminSection({ record }: { record: RecordCall }) {
  const { isAdmin } = useUser()
  return (
    <TestSection
      id="escrow-admin"
      step={3}
      title="Admin: release / refund escrow"
      description="Admin calls on a pool's escrow. A pool id that is missing or not a number is refused (400); an unknown pool is not found (404)."
      endpoints={['POST /api/test/admin/release-escrow', 'POST /api/test/admin/refund-escrow']}
    >
      {isAdmin ? (
        <AdminTools record={record} />
      ) : (
        <Alert variant="warning">
          <ShieldAlert aria-hidden="true" />
          <AlertTitle>Needs an admin</AlertTitle>
          <AlertDescription>
            <p>Releasing and refunding escrow are admin calls. Sign in with an admin account to use them.</p>
            <Button asChild size="sm" variant="outline" className="mt-1">
              <Link to="/admin-login">Go to Admin Login</Link>
            </Button>
          </AlertDescription>
        </Alert>
      )}
    </TestSection>
  )
}
