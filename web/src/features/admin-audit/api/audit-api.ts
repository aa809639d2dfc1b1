import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { queryKeys } from '@/lib/query-keys'
import type { User } from '@/lib/types'
import type { AuditChange, AuditEntry, AuditPage } from '@/lib/api.gen'

export type { AuditChange, AuditEntry, AuditPage }

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

/** The accounts, for the Admin filter's list of admins (the same read as User Management's). */
export function useAuditAdmins() {
  return useQuery<User[] | null>({ queryKey: queryKeys.admin.users, staleTime: 30_000 })
}
