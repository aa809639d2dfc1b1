import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { GameNameParts } from '@/lib/game-label'
import { queryKeys } from '@/lib/query-keys'
import type { User } from '@/lib/types'

/** One field a change changed; a side absent did not exist there (a creation, a deletion). */
export interface AuditChange {
  field: string
  before?: unknown
  after?: unknown
}

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
  /** Only the fields the change changed, worked out by the server from before and after. */
  changes?: AuditChange[]
  reason?: string
  createdAt: string
  /** Names beside the ids: the user it concerns, the pool it concerns with its game (or the game acted on). */
  userName?: string
  userEmail?: string
  poolName?: string
  game?: (GameNameParts & { id: number; week?: string }) | null
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

/** The accounts, for the Admin filter's list of admins (the same read as User Management's). */
export function useAuditAdmins() {
  return useQuery<User[] | null>({ queryKey: queryKeys.admin.users, staleTime: 30_000 })
}
