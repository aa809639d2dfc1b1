import { AlertTriangle, BadgeCheck, Loader2, ShieldCheck, Users, Wallet } from 'lucide-react'
import type { ComponentType } from 'react'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { PageContainer, PageHeader } from '@/components/layout/page'
import { useAdminUsers } from '../api/user-api'
import { useUserFilters } from '../hooks/use-user-filters'
import { AdminOnly } from '@/components/layout/admin-only'
import { UserFilters } from './user-filters'
import { UserRow } from './user-row'

/** User Management (admin-side.md): counters, search and filters, and each user's role and flags. */
export function UserManagementPage() {
  return (
    <AdminOnly>
      <PageContainer className="max-w-7xl">
        <PageHeader eyebrow="Admin" title="User Management" description="Search users, change roles, verification and eligibility, and disable accounts." />
        <UserManagement />
      </PageContainer>
    </AdminOnly>
  )
}

function Counter({ label, value, icon: Icon }: { label: string; value: number; icon: ComponentType<{ className?: string }> }) {
  return (
    <Card>
      <CardContent className="flex items-center justify-between gap-2 p-4 sm:p-5">
        <div>
          <div className="text-sm text-muted-foreground">{label}</div>
          <div className="text-2xl font-black tabular-nums" data-testid={`count-${label}`}>
            {value}
          </div>
        </div>
        <Icon className="size-7 text-emerald-700" aria-hidden="true" />
      </CardContent>
    </Card>
  )
}

const COLUMNS = ['User', 'Email', 'Role', 'Age Verified', 'Eligible', 'Compliance', 'Actions']

function UserManagement() {
  const q = useAdminUsers()
  const f = useUserFilters(q.data ?? [])
  if (q.isLoading) {
    return (
      <div className="flex items-center gap-2 py-10 text-muted-foreground" role="status">
        <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Loading users...
      </div>
    )
  }
  if (q.isError) {
    return (
      <Alert variant="destructive">
        <AlertTriangle aria-hidden="true" />
        <AlertTitle>User Management Error</AlertTitle>
        <AlertDescription>
          <p>Failed to load users. Please check the server connection.</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => q.refetch()}>
            Retry
          </Button>
        </AlertDescription>
      </Alert>
    )
  }
  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Counter label="Total Users" value={f.counts.total} icon={Users} />
        <Counter label="Age Verified" value={f.counts.verified} icon={BadgeCheck} />
        <Counter label="Eligible to Bet" value={f.counts.eligible} icon={Wallet} />
        <Counter label="Admin Users" value={f.counts.admins} icon={ShieldCheck} />
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Users</CardTitle>
          <UserFilters f={f} />
        </CardHeader>
        <CardContent className="px-3 sm:px-3 md:px-0 md:pb-2">
          {f.filtered.length === 0 ? (
            <p className="px-3 py-8 text-center text-muted-foreground">No users found matching your criteria</p>
          ) : (
            <table className="block w-full text-left md:table">
              <caption className="sr-only">
                Users: {f.filtered.length} of {f.counts.total}
              </caption>
              <thead className="hidden border-b text-xs tracking-wide text-muted-foreground uppercase md:table-header-group">
                <tr>
                  {COLUMNS.map((c) => (
                    <th key={c} scope="col" className="px-3 py-2 font-semibold">
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="block md:table-row-group">
                {f.filtered.map((u) => (
                  <UserRow key={u.id} user={u} />
                ))}
              </tbody>
            </table>
          )}
        </CardContent>
      </Card>
    </div>
  )
}
