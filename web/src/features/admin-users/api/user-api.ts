import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, ApiError } from '@/lib/api'
import { queryKeys } from '@/lib/query-keys'
import type { AdminUser, UserUpdated } from '@/lib/api.gen'

export type { AdminUser }

/** The fields an admin may change (POST /api/admin/users/{userId}/update). */
export interface UserUpdate {
  role?: 'user' | 'admin'
  isAgeVerified?: boolean
  isEligibleToBet?: boolean
  dateOfBirth?: string
  residenceState?: string
  isDisabled?: boolean
}

/** Every account; fresh for 30 s, retried 3 times (admin-side.md) unless the server refused outright (4xx). */
export function useAdminUsers() {
  return useQuery<AdminUser[] | null>({
    queryKey: queryKeys.admin.users,
    staleTime: 30_000,
    retry: (failures, err) => failures < 3 && !(err instanceof ApiError && err.status < 500),
  })
}

/** Changes an account; the users, the audit log and the stats are read again. */
export function useUpdateUser() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ id, update }: { id: string; update: UserUpdate }) =>
      api.post<UserUpdated>(`/api/admin/users/${id}/update`, update),
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: queryKeys.admin.users }),
        qc.invalidateQueries({ queryKey: queryKeys.admin.auditAll }),
        qc.invalidateQueries({ queryKey: queryKeys.admin.stats }),
      ]),
  })
}
