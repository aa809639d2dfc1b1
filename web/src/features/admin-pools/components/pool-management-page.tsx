import { AlertTriangle } from 'lucide-react'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { PageContainer, PageHeader } from '@/components/layout/page'
import { errorMessage } from '@/lib/api'
import { usePoolManagement } from '../hooks/use-pool-management'
import { AdminOnly } from '@/components/layout/admin-only'
import { FeatureDialog } from './feature-dialog'
import { PoolDetailDialog } from './pool-detail-dialog'
import { CreatePoolForm } from './create-pool-form'
import { PoolFiltersPanel } from './pool-filters-panel'
import { PoolRow } from './pool-row'
import { PoolStatistics } from './pool-statistics'

/** Pool Management (/admin-simple): a league's pools filtered, created, opened, featured, deleted and inspected. */
export function PoolManagementPage() {
  return (
    <AdminOnly>
      <PageContainer>
        <PoolManagement />
      </PageContainer>
    </AdminOnly>
  )
}

function PoolManagement() {
  const m = usePoolManagement()
  const n = m.selected.size
  return (
    <>
      <PageHeader eyebrow="Admin" title="Pool Management" description="Every pool of a league: filter, create, open or hide, feature and delete. Times are Eastern." />
      <PoolFiltersPanel m={m} />
      <div className="mb-6 grid gap-6 lg:grid-cols-[1fr_2fr]">
        <CreatePoolForm games={m.games} onCreate={m.create} busy={m.creating} />
        <PoolStatistics pools={m.filtered} total={m.all.length} />
      </div>
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-center gap-2 space-y-0">
          <CardTitle className="mr-auto text-lg">Pools ({m.filtered.length})</CardTitle>
          <div className="flex flex-wrap gap-2" role="toolbar" aria-label="Selected pools">
            <Button size="sm" variant="ghost" onClick={m.selectAll} disabled={m.filtered.length === 0}>
              {m.allSelected ? 'Clear Selection' : 'Select All'}
            </Button>
            <Button size="sm" onClick={m.activateSelected} disabled={m.busy}>
              Activate ({n})
            </Button>
            <Button size="sm" variant="outline" onClick={m.deactivateSelected} disabled={m.busy}>
              Deactivate ({n})
            </Button>
          </div>
        </CardHeader>
        <CardContent>
          {m.pools.isLoading ? (
            <Skeleton className="h-40" aria-label="Loading pools" />
          ) : m.pools.isError ? (
            <Alert variant="destructive">
              <AlertTriangle aria-hidden="true" />
              <AlertTitle>Error loading pools</AlertTitle>
              <AlertDescription>
                <p>{errorMessage(m.pools.error, 'Authentication required or API error')}</p>
                <p>Make sure you're logged in as an admin</p>
                <Button size="sm" variant="outline" className="mt-2" onClick={() => void m.pools.refetch()}>
                  Try again
                </Button>
              </AlertDescription>
            </Alert>
          ) : m.filtered.length === 0 ? (
            <p className="py-6 text-center text-muted-foreground">{m.all.length === 0 ? 'No pools in this league yet.' : 'No pools match these filters.'}</p>
          ) : (
            <ul className="divide-y" aria-label="Pools">
              {m.filtered.map((p) => (
                <PoolRow
                  key={p.id}
                  pool={p}
                  selected={m.selected.has(p.id)}
                  onToggle={() => m.toggle(p.id)}
                  onView={() => m.setDetail(p)}
                  onStatus={() => m.toggleStatus(p)}
                  onFeature={() => m.setFeaturing(p)}
                  onUnfeature={() => m.unfeature(p)}
                  onDelete={() => m.remove(p)}
                />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <PoolDetailDialog pool={m.detail} onClose={() => m.setDetail(null)} />
      <FeatureDialog pool={m.featuring} onClose={() => m.setFeaturing(null)} onSubmit={m.feature} busy={m.featureBusy} />
    </>
  )
}
