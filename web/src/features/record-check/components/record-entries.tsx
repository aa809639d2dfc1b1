import { useState } from 'react'
import { CheckCircle2, Circle, XCircle } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import type { RecordEntry } from '@/lib/api.gen'
import { cn } from '@/lib/utils'
import { entrySummary, KIND_LABELS } from '../lib/entry-summary'
import { Hash } from './record-parts'

/** How many entries show before "Show all". */
const FIRST = 100

function timeOf(at: string): string {
  const d = new Date(at)
  return Number.isNaN(d.getTime()) ? at : d.toLocaleString(undefined, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', second: '2-digit' })
}

/** The data pretty-printed, arrays of numbers on one line (digits, rounds). */
function dataText(data: unknown): string {
  return JSON.stringify(data, null, 2).replace(/\[\s+(-?\d+(?:,\s+-?\d+)*)\s+\]/g, (_, inner: string) => `[${inner.replace(/,\s+/g, ', ')}]`)
}

function Entry({ e, state }: { e: RecordEntry; state: 'held' | 'fault' | 'unchecked' }) {
  const Icon = state === 'held' ? CheckCircle2 : state === 'fault' ? XCircle : Circle
  const status = state === 'held' ? 'holds' : state === 'fault' ? 'does not hold' : 'not checked'
  return (
    <li id={`entry-${e.seq}`} className={cn('scroll-mt-24 rounded-lg border bg-card', state === 'fault' && 'border-destructive/60 bg-destructive/5')}>
      <details open={state === 'fault'} className="group">
        <summary className="flex cursor-pointer list-none items-start gap-2 rounded-lg p-3 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none [&::-webkit-details-marker]:hidden">
          <Icon
            className={cn('mt-0.5 size-4 shrink-0', state === 'held' ? 'text-emerald-700' : state === 'fault' ? 'text-destructive' : 'text-muted-foreground')}
            aria-label={status}
          />
          <span className="grid min-w-0 flex-1 gap-0.5">
            <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span className="font-mono text-xs text-muted-foreground">#{e.seq}</span>
              <Badge variant={state === 'fault' ? 'destructive' : 'muted'}>{KIND_LABELS[e.kind] ?? e.kind}</Badge>
              <time dateTime={e.at} className="text-xs text-muted-foreground">
                {timeOf(e.at)}
              </time>
            </span>
            <span className="text-sm break-words">{entrySummary(e)}</span>
          </span>
        </summary>
        <div className="grid gap-2 border-t px-3 py-3 text-xs">
          <div>
            <div className="mb-1 font-semibold text-muted-foreground">Time (UTC, as hashed)</div>
            <Hash value={e.at} />
          </div>
          <div>
            <div className="mb-1 font-semibold text-muted-foreground">Data</div>
            <pre tabIndex={0} aria-label={`Data of entry ${e.seq}`} className="max-h-80 overflow-auto rounded-md bg-muted/70 p-2 font-mono text-xs break-all whitespace-pre-wrap">{dataText(e.data)}</pre>
          </div>
          <div>
            <div className="mb-1 font-semibold text-muted-foreground">Previous hash</div>
            <Hash value={e.prevHash} />
          </div>
          <div>
            <div className="mb-1 font-semibold text-muted-foreground">Hash</div>
            <Hash value={e.hash} />
          </div>
        </div>
      </details>
    </li>
  )
}

/**
 * Every entry of the record: its seq, kind, time and a short line, its data, times and hashes on demand;
 * each marked as holding, the first that does not, or not checked (after it).
 */
export function RecordEntries({ entries, faultSeq }: { entries: readonly RecordEntry[]; faultSeq: number | null }) {
  const [all, setAll] = useState(false)
  const limit = all || (faultSeq !== null && faultSeq > FIRST) ? entries.length : FIRST
  if (entries.length === 0) return null
  return (
    <section aria-labelledby="record-entries" className="grid gap-3">
      <h2 id="record-entries" className="text-lg font-bold">
        The record: {entries.length === 1 ? '1 entry' : `${entries.length} entries`}
      </h2>
      <p className="text-sm text-muted-foreground">Open an entry to see its data and hashes, exactly as the server serves them.</p>
      <ol className="grid gap-2" aria-label="Entries of the record">
        {entries.slice(0, limit).map((e) => (
          <Entry key={e.seq} e={e} state={faultSeq === null || e.seq < faultSeq ? 'held' : e.seq === faultSeq ? 'fault' : 'unchecked'} />
        ))}
      </ol>
      {limit < entries.length && (
        <Button variant="outline" className="justify-self-start" onClick={() => setAll(true)}>
          Show all {entries.length} entries
        </Button>
      )}
    </section>
  )
}
