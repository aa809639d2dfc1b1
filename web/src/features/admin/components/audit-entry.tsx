import { Badge } from '@/components/ui/badge'
import { formatDateTimeET } from '@/lib/dates'
import type { AuditEntry } from '../api/audit-api'

/** A value of a before/after snapshot, in words. */
function show(v: unknown): string {
  if (v === undefined) return '—'
  if (v === null || v === '') return 'none'
  if (typeof v === 'boolean') return v ? 'yes' : 'no'
  if (typeof v === 'string' || typeof v === 'number') return String(v)
  return JSON.stringify(v)
}

function asRecord(v: unknown): Record<string, unknown> | null {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null
}

/** The fields of a change, each as it was and as it became. */
export function ChangeList({ before, after }: { before: unknown; after: unknown }) {
  const b = asRecord(before)
  const a = asRecord(after)
  if (!b && !a) {
    if (before === undefined && after === undefined) return null
    return (
      <p className="text-sm">
        {show(before)} → {show(after)}
      </p>
    )
  }
  const keys = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])]
  return (
    <dl className="grid gap-1 text-sm">
      {keys.map((k) => (
        <div key={k} className="flex flex-wrap items-baseline gap-x-2">
          <dt className="font-medium">{k}:</dt>
          <dd className="min-w-0 break-words">
            {b && <span className="text-muted-foreground line-through decoration-red-400">{show(b[k])}</span>}
            {b && a && <span aria-label="changed to"> → </span>}
            {a && <span className="font-semibold text-emerald-800">{show(a[k])}</span>}
          </dd>
        </div>
      ))}
    </dl>
  )
}

/** One entry of the audit log: who did what to which target, when, and what changed. */
export function AuditEntryItem({ entry: e }: { entry: AuditEntry }) {
  return (
    <li className="grid gap-2 px-4 py-3 sm:px-5" data-testid="audit-entry">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Badge variant="secondary" className="font-mono">
          {e.action}
        </Badge>
        <span className="text-sm">
          {e.targetType} {e.targetId}
          {e.poolId && e.targetType !== 'pool' ? ` · pool ${e.poolId}` : ''}
          {e.userId && e.targetType !== 'user' ? ` · user ${e.userId}` : ''}
        </span>
        <span className="text-sm text-muted-foreground">
          by <span className="font-semibold text-foreground">{e.adminName}</span> · {formatDateTimeET(e.createdAt)}
        </span>
      </div>
      <ChangeList before={e.before} after={e.after} />
      {e.reason && <p className="text-sm text-muted-foreground">Reason: {e.reason}</p>}
    </li>
  )
}
