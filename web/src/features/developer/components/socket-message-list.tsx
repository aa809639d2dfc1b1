import { Badge } from '@/components/ui/badge'
import { EASTERN } from '@/lib/dates'
import { summarize, type SocketEntry } from '../hooks/use-socket-log'
import { JsonBlock } from './test-section'

const timeFmt = new Intl.DateTimeFormat('en-US', {
  timeZone: EASTERN,
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
  fractionalSecondDigits: 3,
})

const TONE: Record<string, 'live' | 'completed' | 'muted' | 'destructive' | 'secondary'> = {
  gameUpdate: 'live',
  poolUpdate: 'completed',
  subscribed: 'muted',
  error: 'destructive',
}

/** The socket's messages, newest first, each with its arrival time, a summary and its JSON. */
export function SocketMessageList({ entries }: { entries: SocketEntry[] }) {
  if (entries.length === 0)
    return <p className="py-8 text-center text-sm text-muted-foreground">No messages yet. They appear here as the socket delivers them.</p>
  return (
    <ol className="grid gap-2" aria-label="Socket messages, newest first">
      {entries.map((e) => {
        const summary = summarize(e.msg)
        return (
          <li key={e.id} className="grid gap-1.5 rounded-lg border p-3" data-testid="socket-message">
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <Badge variant={TONE[e.msg.type] ?? 'secondary'} className="font-mono normal-case">
                {e.msg.type}
              </Badge>
              <time dateTime={e.at} className="font-mono text-xs text-muted-foreground">
                {timeFmt.format(new Date(e.at))} ET
              </time>
            </div>
            {summary && <p className="text-sm break-words">{summary}</p>}
            <details className="text-xs">
              <summary className="cursor-pointer font-medium text-muted-foreground select-none hover:text-foreground">JSON</summary>
              <JsonBlock value={e.msg} label={`${e.msg.type} message`} className="mt-1.5" />
            </details>
          </li>
        )
      })}
    </ol>
  )
}
