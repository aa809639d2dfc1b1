import { AlertTriangle, ShieldAlert } from 'lucide-react'
import { Link } from 'react-router'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { Skeleton } from '@/components/ui/skeleton'
import { PageContainer, PageHeader } from '@/components/layout/page'
import { errorMessage } from '@/lib/api'
import { useUser } from '@/lib/auth'
import { usePoolActivation } from '../hooks/use-pool-activation'
import { weekLabel } from '../hooks/weeks'
import { FeatureDialog } from './feature-dialog'
import { ActivationPoolCard } from './activation-pool-card'
import { WeekSummary } from './week-summary'

/** The Pool Activation Center (/admin/pools): a league's week of pools, created, opened and featured. */
export function PoolActivationCenterPage() {
  const { isAdmin } = useUser()
  return <PageContainer>{isAdmin ? <PoolActivationCenter /> : <ActivationDenied />}</PageContainer>
}

function ActivationDenied() {
  return (
    <Card className="mx-auto max-w-xl">
      <CardHeader>
        <div className="mb-1 flex size-12 items-center justify-center rounded-full bg-red-100 text-red-700">
          <ShieldAlert className="size-6" aria-hidden="true" />
        </div>
        <CardTitle className="text-2xl">Access Denied</CardTitle>
        <CardDescription>Access Denied: Admin authentication required to access the Pool Activation Center.</CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild>
          <Link to="/admin-login">Go to Admin Login</Link>
        </Button>
      </CardContent>
    </Card>
  )
}

function PoolActivationCenter() {
  const a = usePoolActivation()
  const n = a.selected.size
  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Pool Activation Center"
        description="Choose a league and a week, create the pools its games lack, open them and pick the Pool of the Week. Times are Eastern."
      />
      <Card className="mb-6">
        <CardContent className="grid gap-4 pt-5 sm:grid-cols-[1fr_1fr_auto] sm:items-end sm:pt-6">
          <div className="grid gap-1.5">
            <Label htmlFor="activation-league">League</Label>
            <NativeSelect id="activation-league" value={a.leagueId} onChange={(e) => a.chooseLeague(Number(e.target.value))}>
              {(a.leagues.length ? a.leagues : [{ id: 1, displayName: 'NFL', name: 'NFL' }]).map((l) => (
                <option key={l.id} value={l.id}>
                  {l.displayName || l.name}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="activation-week">Week</Label>
            <NativeSelect id="activation-week" value={a.week} onChange={(e) => a.chooseWeek(e.target.value)}>
              <option value="">Select a week</option>
              {a.weeks.map((w) => (
                <option key={w.value} value={w.value}>
                  {w.label}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={a.createMissing} disabled={!a.week || a.creating}>
              Create Missing Pools
            </Button>
            <Button onClick={a.activateWeek} disabled={!a.week || a.busy}>
              Activate Week
            </Button>
          </div>
        </CardContent>
      </Card>
      {!a.week && a.weekLoading ? (
        <Skeleton className="h-48" aria-label="Loading the active week" />
      ) : !a.week ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">Select a week to see its pools.</p>
      ) : a.pools.isLoading ? (
        <Skeleton className="h-48" aria-label="Loading pools" />
      ) : a.pools.isError ? (
        <Alert variant="destructive">
          <AlertTriangle aria-hidden="true" />
          <AlertTitle>Error loading pools</AlertTitle>
          <AlertDescription>
            <p>{errorMessage(a.pools.error, 'Authentication required or API error')}</p>
            <p>Make sure you're logged in as an admin</p>
          </AlertDescription>
        </Alert>
      ) : (
        <>
          <WeekSummary week={weekLabel(a.week)} pools={a.list} />
          {a.list.length === 0 ? (
            <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">
              No pools for {weekLabel(a.week)}. Create Missing Pools gives each of the week's games its five tier pools.
            </p>
          ) : (
            <>
              <div className="mb-3 flex flex-wrap items-center gap-2 rounded-lg border bg-card p-3" role="toolbar" aria-label="Selected pools">
                <span className="text-sm font-medium">{n} selected</span>
                <Button size="sm" variant="ghost" className="mr-auto" onClick={n === a.list.length ? a.clear : a.selectAll}>
                  {n === a.list.length ? 'Clear Selection' : 'Select All'}
                </Button>
                <div className="grid w-full grid-cols-2 gap-2 sm:flex sm:w-auto">
                  <Button size="sm" onClick={a.activateSelected} disabled={a.busy} aria-label="Activate Selected">
                    Activate<span className="hidden sm:inline">&nbsp;Selected</span>
                  </Button>
                  <Button size="sm" variant="outline" onClick={a.deactivateSelected} disabled={a.busy} aria-label="Deactivate Selected">
                    Deactivate<span className="hidden sm:inline">&nbsp;Selected</span>
                  </Button>
                </div>
              </div>
              <ul className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3" aria-label="Pools of the week">
                {a.list.map((p) => (
                  <ActivationPoolCard
                    key={p.id}
                    pool={p}
                    selected={a.selected.has(p.id)}
                    onToggle={() => a.toggle(p.id)}
                    onStatus={() => a.toggleStatus(p)}
                    onFeature={() => a.setFeaturing(p)}
                    onUnfeature={() => a.unfeature(p)}
                  />
                ))}
              </ul>
            </>
          )}
        </>
      )}
      <FeatureDialog pool={a.featuring} onClose={() => a.setFeaturing(null)} onSubmit={a.feature} busy={a.featureBusy} />
    </>
  )
}
