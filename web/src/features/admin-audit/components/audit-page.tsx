import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { PageContainer, PageHeader } from '@/components/layout/page'
import { useAuditLog } from '../api/audit-api'
import { AUDIT_PAGE_SIZE, useAuditFilter } from '../hooks/use-audit-filter'
import { AdminOnly } from '@/components/layout/admin-only'
import { AuditEntryItem } from './audit-entry'
import { AuditFilters } from './audit-filters'

/** The audit log: every admin action, newest first, with what it changed. Read-only. */
export function AuditPage() {
  return (
    <AdminOnly>
      <PageContainer>
        <PageHeader eyebrow="Admin" title="Audit Log" description="Every admin action: who did what, when, to which pool or user, and what it changed." />
        <AuditLog />
      </PageContainer>
    </AdminOnly>
  )
}

function AuditLog() {
  const f = useAuditFilter()
  const q = useAuditLog(f.filter)
  const entries = q.data?.entries ?? []
  const total = q.data?.total ?? 0
  const first = total === 0 ? 0 : f.filter.offset + 1
  const last = Math.min(f.filter.offset + entries.length, total)
  return (
    <Card>
      <CardHeader>
        <CardTitle>Entries</CardTitle>
        <CardDescription aria-live="polite">{q.data ? `Showing ${first}–${last} of ${total}` : '\u00a0'}</CardDescription>
        <AuditFilters f={f} />
      </CardHeader>
      <CardContent className="p-0 sm:p-0">
        {q.isLoading ? (
          <Skeleton className="mx-5 mb-5 h-24" />
        ) : q.isError ? (
          <p className="px-5 pb-5 text-sm text-destructive">The audit log could not be loaded.</p>
        ) : entries.length === 0 ? (
          <p className="px-5 pb-5 text-sm text-muted-foreground">No audit entries match these filters.</p>
        ) : (
          <ol className="divide-y border-t">
            {entries.map((e) => (
              <AuditEntryItem key={e.id} entry={e} />
            ))}
          </ol>
        )}
        {total > AUDIT_PAGE_SIZE && (
          <nav aria-label="Audit pages" className="flex items-center justify-between gap-2 border-t px-4 py-3 sm:px-5">
            <Button variant="outline" size="sm" disabled={f.page === 0} onClick={() => f.setPage(f.page - 1)}>
              <ChevronLeft aria-hidden="true" /> Newer
            </Button>
            <span className="text-sm text-muted-foreground">
              Page {f.page + 1} of {Math.ceil(total / AUDIT_PAGE_SIZE)}
            </span>
            <Button variant="outline" size="sm" disabled={last >= total} onClick={() => f.setPage(f.page + 1)}>
              Older <ChevronRight aria-hidden="true" />
            </Button>
          </nav>
        )}
      </CardContent>
    </Card>
  )
}
