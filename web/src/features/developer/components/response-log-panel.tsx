import { toast } from '@/lib/toast'
import { Copy, ScrollText, Trash2 } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card'
import { EASTERN } from '@/lib/dates'
import type { CallRecord } from '../api/payment-test-api'
import { JsonBlock, StatusBadge, statusLabel } from './test-section'

const timeFmt = new Intl.DateTimeFormat('en-US', { timeZone: EASTERN, hour: 'numeric', minute: '2-digit', second: '2-digit' })

/** "2:46:51 PM ET" */
function callTime(iso: string): string {
  return `${timeFmt.format(new Date(iso))} ET`
}

async function copyLog(entries: CallRecord[]) {
  const text = JSON.stringify(
    entries.map(({ id: _id, ...e }) => e),
    null,
    2,
  )
  try {
    if (!navigator.clipboard?.writeText) throw new Error('no clipboard')
    await navigator.clipboard.writeText(text)
    toast.success('Response log copied', { description: `${entries.length} call${entries.length === 1 ? '' : 's'} as JSON.` })
  } catch {
    toast.error('Could not copy', { description: 'The browser did not allow access to the clipboard.' })
  }
}

export function ResponseLogPanel({ entries, onClear }: { entries: CallRecord[]; onClear: () => void }) {
  const latest = entries[0]
  return (
    <section aria-labelledby="response-log-title" id="response-log" className="scroll-mt-20">
      <Card className="flex flex-col lg:max-h-[calc(100dvh-6.5rem)]">
        <CardHeader className="gap-3 border-b pb-4 sm:pb-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="response-log-title" className="flex items-center gap-2 text-lg leading-tight font-bold tracking-tight">
              <ScrollText className="size-5 text-muted-foreground" aria-hidden="true" /> Response log
              <Badge variant="muted" aria-label={`${entries.length} calls`}>
                {entries.length}
              </Badge>
            </h2>
            <div className="flex gap-1.5">
              <Button type="button" variant="outline" size="sm" disabled={entries.length === 0} onClick={() => void copyLog(entries)}>
                <Copy aria-hidden="true" /> Copy
              </Button>
              <Button type="button" variant="outline" size="sm" disabled={entries.length === 0} onClick={onClear}>
                <Trash2 aria-hidden="true" /> Clear
              </Button>
            </div>
          </div>
          <CardDescription>Every call this page makes, newest first.</CardDescription>
        </CardHeader>
        <p className="sr-only" aria-live="polite">
          {latest ? `${latest.method} ${latest.path}: ${statusLabel(latest.status)}` : ''}
        </p>
        <CardContent className="min-h-0 flex-1 overflow-y-auto pt-4 sm:pt-4">
          {entries.length === 0 ? (
            <p className="py-6 text-center text-sm text-muted-foreground">No calls yet. Each answer appears here as you use the sections.</p>
          ) : (
            <ol className="grid gap-3" aria-label="Calls, newest first">
              {entries.map((e) => (
                <li key={e.id} className="grid gap-2 rounded-lg border p-3" data-testid="log-entry">
                  <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <span className="rounded bg-navy px-1.5 py-0.5 font-mono text-[11px] font-bold text-white">{e.method}</span>
                    <code className="min-w-0 text-xs font-semibold break-all">{e.path}</code>
                  </div>
                  <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
                    <StatusBadge status={e.status} />
                    <time dateTime={e.at}>{callTime(e.at)}</time>
                    <span aria-label={`took ${e.ms} milliseconds`}>· {e.ms} ms</span>
                  </div>
                  <JsonBlock value={e.body} label={`Answer to ${e.method} ${e.path}`} />
                  {e.request !== undefined && (
                    <details className="text-xs">
                      <summary className="cursor-pointer font-medium text-muted-foreground select-none hover:text-foreground">Request body</summary>
                      <JsonBlock value={e.request} label={`Request body of ${e.method} ${e.path}`} className="mt-1.5" />
                    </details>
                  )}
                </li>
              ))}
            </ol>
          )}
        </CardContent>
      </Card>
    </section>
  )
}
