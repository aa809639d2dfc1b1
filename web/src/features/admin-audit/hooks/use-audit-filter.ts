import { useSearchParams } from 'react-router'
import type { AuditFilter } from '../api/audit-api'

export const AUDIT_PAGE_SIZE = 25

type Field = 'adminId' | 'action' | 'poolId' | 'userId'

/** The audit log's filters and page, kept in the address (so /admin/audit?userId=7 links to a user's log). */
export function useAuditFilter() {
  const [params, setParams] = useSearchParams()
  const page = Math.max(0, Number.parseInt(params.get('page') ?? '0', 10) || 0)
  const filter: AuditFilter = {
    adminId: params.get('adminId') ?? '',
    action: params.get('action') ?? '',
    poolId: params.get('poolId') ?? '',
    userId: params.get('userId') ?? '',
    limit: AUDIT_PAGE_SIZE,
    offset: page * AUDIT_PAGE_SIZE,
  }
  const update = (changes: Partial<Record<Field | 'page', string>>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev)
        // A changed filter starts again at the first page.
        if (!('page' in changes)) next.delete('page')
        for (const [k, v] of Object.entries(changes)) {
          if (v) next.set(k, v)
          else next.delete(k)
        }
        return next
      },
      { replace: true },
    )
  return {
    filter,
    page,
    set: (field: Field, value: string) => update({ [field]: value.trim() }),
    setPage: (p: number) => update({ page: p > 0 ? String(p) : '' }),
    clear: () => setParams(new URLSearchParams(), { replace: true }),
    active: !!(filter.adminId || filter.action || filter.poolId || filter.userId),
  }
}
