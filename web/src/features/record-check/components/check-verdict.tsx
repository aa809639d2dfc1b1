import { AlertTriangle, CheckCircle2, Info, XCircle } from 'lucide-react'
import { Progress } from '@/components/ui/progress'
import type { CheckDone, CheckProgress } from '../hooks/use-record-check'
import { Hash } from './record-parts'

const STEPS: Record<CheckProgress['step'], (p: CheckProgress) => string> = {
  reading: (p) => (p.total ? `Reading the record: ${p.done} of ${p.total} entries` : 'Reading the record, the key and the pool…'),
  chain: (p) => `Recomputing every entry’s hash: ${p.done} of ${p.total}`,
  checkpoints: (p) => `Checking the ${p.total === 1 ? 'checkpoint' : `${p.total} checkpoints`} signed by the server`,
  replay: (p) => `Replaying every entry: ${p.done} of ${p.total}`,
  comparing: () => 'Comparing the record with the pool as shown',
}

// Each step's share of the bar: reading and hashing take the longest.
const SPAN: Record<CheckProgress['step'], [number, number]> = { reading: [0, 40], chain: [40, 70], checkpoints: [70, 75], replay: [75, 97], comparing: [97, 100] }

/** The check while it runs: what it does now, and how far it is. */
export function CheckRunning({ progress }: { progress: CheckProgress }) {
  const [from, to] = SPAN[progress.step]
  const value = from + (progress.total ? ((to - from) * progress.done) / progress.total : 0)
  const text = STEPS[progress.step](progress)
  return (
    <div className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm" role="status" aria-live="polite">
      <p className="text-sm font-semibold">{text}</p>
      <Progress value={value} aria-label="Checking the pool’s record" />
    </div>
  )
}

/** The outcome: "All N entries hold" with the head and the last checkpoint, or the first entry that does not. */
export function CheckVerdict({ result }: { result: CheckDone }) {
  const { entries, checkpoints, fault, replay } = result
  if (entries.length === 0) {
    return (
      <div className="flex gap-3 rounded-xl border bg-card p-4 text-sm shadow-sm" data-testid="record-verdict">
        <Info className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
        <div>
          <p className="font-bold">This pool has no record yet</p>
          <p className="text-muted-foreground">Pools made before records were kept have no entries to check; their draw can still be checked on the pool page.</p>
        </div>
      </div>
    )
  }
  if (fault) {
    return (
      <div role="alert" className="flex gap-3 rounded-xl border border-destructive/40 bg-destructive/10 p-4 text-sm" data-testid="record-verdict">
        <XCircle className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
        <div className="min-w-0">
          <p className="text-base font-bold text-destructive">
            {result.served ? `The pool as shown does not match its record at entry ${fault.seq}` : `Entry ${fault.seq} does not hold`}
          </p>
          <p className="mt-1 break-words text-foreground">{fault.reason.charAt(0).toUpperCase() + fault.reason.slice(1)}</p>
          {fault.seq >= 1 && fault.seq <= entries.length && (
            <a href={`#entry-${fault.seq}`} className="mt-2 inline-block font-semibold underline underline-offset-2">
              Show entry {fault.seq}
            </a>
          )}
        </div>
      </div>
    )
  }
  const last = checkpoints.at(-1)
  const n = entries.length
  return (
    <div className="grid gap-3 rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-sm text-emerald-950" data-testid="record-verdict" role="status">
      <p className="flex items-center gap-2 text-base font-bold text-emerald-800">
        <CheckCircle2 className="size-5 shrink-0" aria-hidden="true" />
        {n === 1 ? 'The 1 entry holds' : `All ${n} entries hold`}
      </p>
      <p>
        Every hash recomputes, {checkpoints.length === 1 ? 'the checkpoint is signed' : `all ${checkpoints.length} checkpoints are signed`} by the server’s key,
        {replay.drawn ? ' the numbers follow from the committed seed' : ' every square went to its owner by the rules'}
        {replay.beacon?.data.status === 'verified' ? ' and the beacon round' : ''}
        {replay.awardsSeq ? ', every prize is the one the rules pay' : ''}
        {replay.completed && replay.totals.moneyIn > 0 ? ', the money adds up' : ''}, and the pool shows what its record says.
      </p>
      <dl className="grid gap-2">
        <div>
          <dt className="text-xs font-semibold text-emerald-800">Head (entry {n})</dt>
          <dd>
            <Hash value={result.head} />
          </dd>
        </div>
        <div>
          <dt className="text-xs font-semibold text-emerald-800">Last checkpoint</dt>
          <dd>{last ? `“${last.reason}” at entry ${last.seq}, signed ${new Date(last.at).toLocaleString()}` : 'None signed yet'}</dd>
        </div>
      </dl>
    </div>
  )
}

/** What the check could not check, said plainly. */
export function CheckNotes({ notes }: { notes: readonly string[] }) {
  if (notes.length === 0) return null
  return (
    <ul className="grid gap-1 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" aria-label="Not checked">
      {notes.map((n) => (
        <li key={n} className="flex gap-2">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{n}</span>
        </li>
      ))}
    </ul>
  )
}
