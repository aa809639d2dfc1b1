import { useMemo, useState } from 'react'
import { displayName } from '@/lib/user-name'
import type { AdminUser } from '../api/user-api'

export type RoleFilter = 'all' | 'user' | 'admin'
export type StatusFilter = 'all' | 'verified' | 'unverified' | 'eligible' | 'ineligible'

export const ROLE_FILTERS: { value: RoleFilter; label: string }[] = [
  { value: 'all', label: 'All roles' },
  { value: 'user', label: 'User' },
  { value: 'admin', label: 'Admin' },
]

export const STATUS_FILTERS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All statuses' },
  { value: 'verified', label: 'Age verified' },
  { value: 'unverified', label: 'Not verified' },
  { value: 'eligible', label: 'Eligible' },
  { value: 'ineligible', label: 'Not eligible' },
]

function matchesStatus(u: AdminUser, status: StatusFilter): boolean {
  switch (status) {
    case 'verified':
      return u.isAgeVerified
    case 'unverified':
      return !u.isAgeVerified
    case 'eligible':
      return u.isEligibleToBet
    case 'ineligible':
      return !u.isEligibleToBet
    default:
      return true
  }
}

/** The User Management page's counters (over every user) and its search and filters (over the list). */
export function useUserFilters(users: AdminUser[]) {
  const [search, setSearch] = useState('')
  const [role, setRole] = useState<RoleFilter>('all')
  const [status, setStatus] = useState<StatusFilter>('all')
  const counts = useMemo(
    () => ({
      total: users.length,
      verified: users.filter((u) => u.isAgeVerified).length,
      eligible: users.filter((u) => u.isEligibleToBet).length,
      admins: users.filter((u) => u.role === 'admin').length,
    }),
    [users],
  )
  const filtered = useMemo(() => {
    const q = search.trim().toLowerCase()
    return users.filter(
      (u) =>
        (role === 'all' || u.role === role) &&
        matchesStatus(u, status) &&
        (!q || displayName(u).toLowerCase().includes(q) || (u.email ?? '').toLowerCase().includes(q) || (u.username ?? '').toLowerCase().includes(q)),
    )
  }, [users, search, role, status])
  const clear = () => {
    setSearch('')
    setRole('all')
    setStatus('all')
  }
  const active = search !== '' || role !== 'all' || status !== 'all'
  return { search, setSearch, role, setRole, status, setStatus, clear, active, counts, filtered }
}
