import { Link, useParams } from 'react-router'
import { ArrowLeft, RefreshCw, ShieldCheck } from 'lucide-react'
import { PageContainer, PageHeader } from '@/components/layout/page'
import { Button } from '@/components/ui/button'
import { useDocumentMeta } from '@/lib/use-document-meta'
import { useRecordCheck } from '../hooks/use-record-check'
import { CheckNotes, CheckRunning, CheckVerdict } from './check-verdict'
import { RecordEntries } from './record-entries'
import { RecordFactsCard, RecordKeyCard } from './record-facts'

function Message({ title, text }: { title: string; text: string }) {
  return (
    <div role="alert" className="rounded-xl border bg-card p-6 text-center shadow-sm">
      <h2 className="text-lg font-bold">{title}</h2>
      <p className="mt-1 text-sm text-muted-foreground">{text}</p>
    </div>
  )
}

function Check({ poolId }: { poolId: number }) {
  const { check, again } = useRecordCheck(poolId)
  const done = check.state === 'done' ? check.result : null
  return (
    <>
      <PageHeader
        eyebrow="Provably fair"
        title="Check this pool"
        description={done ? done.pool.name : undefined}
        actions={
          <Button variant="outline" onClick={again} disabled={check.state === 'running'}>
            <RefreshCw aria-hidden="true" /> Check again
          </Button>
        }
      />
      <p className="mb-4 flex gap-2 text-sm text-muted-foreground">
        <ShieldCheck className="mt-0.5 size-4 shrink-0 text-emerald-700" aria-hidden="true" />
        <span>
          Your browser reads every entry of this pool’s record, recomputes each hash, checks the checkpoints the server signed, replays
          the sales, the draw, every prize and the money from the pool’s rules, and compares the outcome with the pool as shown. It takes
          nothing on the server’s word but the data itself.
        </span>
      </p>
      <div className="grid gap-4">
        {check.state === 'running' && <CheckRunning progress={check.progress} />}
        {check.state === 'not-found' && <Message title="Pool Not Found" text="This pool does not exist or is not yours to see." />}
        {check.state === 'error' && <Message title="The check could not run" text={check.message} />}
        {done && (
          <>
            <CheckVerdict result={done} />
            <CheckNotes notes={done.replay.notes} />
            <div className="grid gap-4 md:grid-cols-2">
              <RecordKeyCard recordKey={done.key} />
              <RecordFactsCard result={done} />
            </div>
            <RecordEntries entries={done.entries} faultSeq={done.fault?.seq ?? null} />
          </>
        )}
        <p className="text-xs text-muted-foreground">
          To check it away from this site, run <code className="font-mono">squares verify-record --url {window.location.origin} {poolId}</code>; docs/fairness.md
          says how the record is chained and signed.
        </p>
      </div>
    </>
  )
}

/** "Check this pool": /pools/{id}/check. */
export function RecordCheckPage() {
  const { id = '' } = useParams()
  const valid = /^\d+$/.test(id) && Number(id) > 0
  const poolId = valid ? Number(id) : 0
  useDocumentMeta({ title: valid ? 'Check this pool' : 'Invalid Pool' })
  return (
    <PageContainer className="max-w-4xl">
      <Link to={valid ? `/pool/${poolId}` : '/dashboard'} className="mb-4 inline-flex items-center gap-1 text-sm font-semibold text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden="true" /> {valid ? 'Back to the pool' : 'Back to Dashboard'}
      </Link>
      {valid ? <Check key={poolId} poolId={poolId} /> : <Message title="Invalid Pool" text="That pool link is not valid." />}
    </PageContainer>
  )
}
