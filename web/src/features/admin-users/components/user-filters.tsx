import { Search, X } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { ROLE_FILTERS, STATUS_FILTERS, type RoleFilter, type StatusFilter, type useUserFilters } from '../hooks/use-user-filters'

/** Search by name or e-mail, role and status filters, and Clear Filters. */
export function UserFilters({ f }: { f: ReturnType<typeof useUserFilters> }) {
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] lg:items-end">
      <div className="grid gap-1.5 sm:col-span-2 lg:col-span-1">
        <Label htmlFor="user-search">Search</Label>
        <div className="relative">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 opacity-60" aria-hidden="true" />
          <Input
            id="user-search"
            type="search"
            placeholder="Search by name or email..."
            className="pl-9"
            value={f.search}
            onChange={(e) => f.setSearch(e.target.value)}
          />
        </div>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="user-role-filter">Role</Label>
        <NativeSelect id="user-role-filter" value={f.role} onChange={(e) => f.setRole(e.target.value as RoleFilter)}>
          {ROLE_FILTERS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="user-status-filter">Status</Label>
        <NativeSelect id="user-status-filter" value={f.status} onChange={(e) => f.setStatus(e.target.value as StatusFilter)}>
          {STATUS_FILTERS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button variant="outline" onClick={f.clear} disabled={!f.active} className="sm:col-span-2 lg:col-span-1">
        <X aria-hidden="true" /> Clear Filters
      </Button>
    </div>
  )
}
