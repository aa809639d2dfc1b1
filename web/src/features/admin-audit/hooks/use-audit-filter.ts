import { useAddressFilter } from '@/lib/use-address-filter'
import type { AuditFilter } from '../api/audit-api'

export const AUDIT_PAGE_SIZE = 25

type Field = 'adminId' | 'action' | 'poolId' | 'userId'

/** The audit log's filters and page, kept in the address (so /admin/audit?userId=7 links to a user's log). */
export function useAuditFilter() {
  const { params, update, clear } = useAddressFilter<Field>()
  const page = Math.max(0, Number.parseInt(params.get('page') ?? '0', 10) || 0)
  const filter: AuditFilter = {
    adminId: params.get('adminId') ?? '',
    action: params.get('action') ?? '',
    poolId: params.get('poolId') ?? '',
    userId: params.get('userId') ?? '',
    limit: AUDIT_PAGE_SIZE,
    offset: page * AUDIT_PAGE_SIZE,
  }
  return {
    filter,
    page,
    set: (field: Field, value: string) => update({ [field]: value.trim() }),
    setPage: (p: number) => update({ page: p > 0 ? String(p) : '' }),
    clear,
    active: !!(filter.adminId || filter.action || filter.poolId || filter.userId),
  }
}
