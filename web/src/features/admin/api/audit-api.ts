import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { queryKeys } from '@/lib/query-keys'

/** One admin action as the audit log keeps it (docs/api.md, GET /api/admin/audit). */
export interface AuditEntry {
  id: number
  adminId?: number
  adminName: string
  action: string
  targetType: string
  targetId: string
  poolId?: number
  userId?: number
  before?: unknown
  after?: unknown
  reason?: string
  createdAt: string
}

export interface AuditPage {
  entries: AuditEntry[]
  total: number
  limit: number
  offset: number
}

/** The filters of the audit log; empty strings are left out of the query. */
export interface AuditFilter {
  adminId: string
  action: string
  poolId: string
  userId: string
  offset: number
  limit: number
}

/** A page of the audit log, newest first; the previous page stays on screen while the next loads. */
export function useAuditLog(filter: AuditFilter) {
  return useQuery<AuditPage | null>({
    queryKey: queryKeys.admin.audit({ ...filter }),
    staleTime: 10_000,
    placeholderData: keepPreviousData,
  })
}
