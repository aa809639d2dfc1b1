import { Badge } from '@/components/ui/badge'
import { formatDateTimeET } from '@/lib/dates'
import { gameLabel } from '@/lib/game-label'
import type { AuditChange, AuditEntry } from '../api/audit-api'

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/

/** A value of a change, in words; times in Eastern time. */
function show(v: unknown): string {
  if (v === undefined) return '—'
  if (v === null || v === '') return 'none'
  if (typeof v === 'boolean') return v ? 'yes' : 'no'
  if (typeof v === 'string') return ISO_TIME.test(v) ? formatDateTimeET(v) : v
  if (typeof v === 'number') return String(v)
  return JSON.stringify(v)
}

/** The fields a change changed, each as it was and as it became. */
export function ChangeList({ changes }: { changes: AuditChange[] }) {
  if (changes.length === 0) return null
  return (
    <dl className="grid gap-1 text-sm" aria-label="Changes">
      {changes.map((c) => (
        <div key={c.field} className="flex flex-wrap items-baseline gap-x-2">
          <dt className="font-mono text-xs font-medium">{c.field || 'value'}:</dt>
          <dd className="min-w-0 break-words">
            {c.before !== undefined && <span className="text-muted-foreground line-through decoration-red-400">{show(c.before)}</span>}
            {c.before !== undefined && c.after !== undefined && <span aria-label="changed to"> → </span>}
            {c.before === undefined && <span className="text-muted-foreground">set to </span>}
            {c.after !== undefined ? <span className="font-semibold text-emerald-800">{show(c.after)}</span> : <span className="text-muted-foreground"> (removed)</span>}
          </dd>
        </div>
      ))}
    </dl>
  )
}

/** "$5 Pool #12 · Chiefs @ Bills, Sun 4:25 PM ET", or "pool #12" when the pool is gone. */
function poolText(e: AuditEntry): string {
  const pool = e.poolName ? `${e.poolName} #${e.poolId}` : `pool #${e.poolId}`
  return e.game ? `${pool} · ${gameLabel(e.game)}` : pool
}

/** "Ann Lee (ann@example.com) #7". */
function userText(e: AuditEntry): string {
  const who = e.userName || e.userEmail
  if (!who) return `user #${e.userId}`
  return `${who}${e.userEmail && e.userName ? ` (${e.userEmail})` : ''} #${e.userId}`
}

/** What an entry acted on, by name beside its id, and the pool or user it concerns besides. */
function targetText(e: AuditEntry): string {
  const parts: string[] = []
  if (e.targetType === 'pool' && e.poolId) parts.push(poolText(e))
  else if (e.targetType === 'user' && e.userId) parts.push(userText(e))
  else if (e.targetType === 'game' && e.game) parts.push(`game #${e.targetId} · ${gameLabel(e.game)}`)
  else parts.push(`${e.targetType} #${e.targetId}`)
  if (e.poolId && e.targetType !== 'pool') parts.push(poolText(e))
  if (e.userId && e.targetType !== 'user') parts.push(userText(e))
  return parts.join(' · ')
}

/** One entry of the audit log: who did what to which target (named), when (Eastern time), and what changed. */
export function AuditEntryItem({ entry: e }: { entry: AuditEntry }) {
  return (
    <li className="grid gap-2 px-4 py-3 sm:px-5" data-testid="audit-entry">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Badge variant="secondary" className="font-mono">
          {e.action}
        </Badge>
        <span className="min-w-0 text-sm font-medium break-words">{targetText(e)}</span>
        <span className="text-sm text-muted-foreground">
          by <span className="font-semibold text-foreground">{e.adminName}</span> · <time dateTime={e.createdAt}>{formatDateTimeET(e.createdAt)}</time>
        </span>
      </div>
      <ChangeList changes={e.changes ?? []} />
      {e.reason && <p className="text-sm text-muted-foreground">Reason: {e.reason}</p>}
    </li>
  )
}
