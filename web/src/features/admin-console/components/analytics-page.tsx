import { Activity, BarChart3, DollarSign, Landmark, Users } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { PageContainer, PageHeader } from '@/components/layout/page'
import { StatCard } from '@/components/pools/stat-card'
import { formatMoney } from '@/lib/money'
import { useDocumentMeta } from '@/lib/use-document-meta'
import { useAdminStats, type AdminStats } from '../api/stats-api'
import { AdminOnly } from '@/components/layout/admin-only'
import { Bars } from './analytics-bars'

const percent = (part: number, whole: number) => (whole > 0 ? `${Math.round((1000 * part) / whole) / 10}%` : '0%')

const STATUS_BARS: { key: keyof AdminStats['poolsByStatus']; label: string; className: string }[] = [
  { key: 'draft', label: 'Draft', className: 'bg-slate-400' },
  { key: 'active', label: 'Active', className: 'bg-emerald-500' },
  { key: 'inactive', label: 'Inactive (hidden)', className: 'bg-slate-300' },
  { key: 'full', label: 'Full', className: 'bg-sky-500' },
  { key: 'started', label: 'Started', className: 'bg-red-500' },
  { key: 'completed', label: 'Completed', className: 'bg-emerald-700' },
  { key: 'cancelled', label: 'Cancelled', className: 'bg-amber-500' },
]

/** /analytics and /admin/analytics: users, pools, revenue and conversion from GET /api/admin/stats. */
export function AnalyticsPage() {
  useDocumentMeta({ title: 'Analytics' })
  return (
    <AdminOnly message="Analytics are for admins. Admin authentication is required to open this page.">
      <PageContainer className="max-w-7xl">
        <PageHeader eyebrow="Admin" title="Analytics" description="Users, pools, money taken in and kept, and conversion, counted by the server." />
        <Analytics />
      </PageContainer>
    </AdminOnly>
  )
}

function Analytics() {
  const stats = useAdminStats()
  const st = stats.data
  if (stats.isError && !st) {
    return (
      <Card role="alert">
        <CardHeader>
          <CardTitle>Couldn't load the analytics</CardTitle>
        </CardHeader>
        <CardContent>
          <Button variant="outline" onClick={() => void stats.refetch()}>
            Try again
          </Button>
        </CardContent>
      </Card>
    )
  }
  const loading = stats.isLoading || !st
  return (
    <>
      <div className="grid grid-cols-2 gap-2 sm:gap-4 lg:grid-cols-3 xl:grid-cols-5">
        <StatCard
          label="Total users"
          value={st?.totalUsers ?? 0}
          hint={st ? `${percent(st.ageVerifiedUsers, st.totalUsers)} verified` : undefined}
          icon={Users}
          tone="violet"
          loading={loading}
        />
        <StatCard
          label="Active pools"
          value={st?.activePools ?? 0}
          hint={st ? `${st.draftPools} draft · ${st.completedPools} completed` : undefined}
          icon={Activity}
          tone="emerald"
          loading={loading}
        />
        <StatCard
          label="Gross entries"
          value={st ? formatMoney(st.grossEntries) : '$0.00'}
          hint={st ? `${formatMoney(st.grossEntriesToday)} today · money taken in` : undefined}
          icon={DollarSign}
          tone="lime"
          loading={loading}
        />
        <StatCard
          label="House revenue"
          value={st ? formatMoney(st.houseRevenue) : '$0.00'}
          hint={st ? `${formatMoney(st.houseRevenueToday)} today · fees kept` : undefined}
          icon={Landmark}
          tone="amber"
          loading={loading}
        />
        <StatCard
          label="Conversion rate"
          value={`${st?.conversionRate ?? 0}%`}
          hint={st ? `${st.playersWithSquares} of ${st.totalUsers} players own a square` : undefined}
          icon={BarChart3}
          tone="sky"
          loading={loading}
        />
      </div>
      {loading ? (
        <Skeleton className="mt-6 h-64" aria-label="Loading analytics" />
      ) : (
        <div className="mt-6 grid gap-6 lg:grid-cols-2">
          <Card>
            <CardHeader>
              <CardTitle>User breakdown</CardTitle>
              <CardDescription>
                Of {st.totalUsers} registered players; {st.adminUsers} {st.adminUsers === 1 ? 'admin' : 'admins'} apart.
              </CardDescription>
            </CardHeader>
            <CardContent>
              {st.totalUsers === 0 ? (
                <p className="text-sm text-muted-foreground">No players have registered yet.</p>
              ) : (
                <Bars
                  label="User breakdown"
                  total={st.totalUsers}
                  bars={[
                    { label: 'Age verified', value: st.ageVerifiedUsers, display: `${st.ageVerifiedUsers} · ${percent(st.ageVerifiedUsers, st.totalUsers)}` },
                    { label: 'Eligible for paid pools', value: st.eligibleUsers, display: `${st.eligibleUsers} · ${percent(st.eligibleUsers, st.totalUsers)}`, className: 'bg-sky-500' },
                    { label: 'Own at least one square', value: st.playersWithSquares, display: `${st.playersWithSquares} · ${st.conversionRate}%`, className: 'bg-violet-500' },
                  ]}
                />
              )}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Pool statistics</CardTitle>
              <CardDescription>{st.totalPools} pools by status.</CardDescription>
            </CardHeader>
            <CardContent>
              {st.totalPools === 0 ? (
                <p className="text-sm text-muted-foreground">No pools yet.</p>
              ) : (
                <Bars label="Pools by status" bars={STATUS_BARS.map((b) => ({ label: b.label, value: st.poolsByStatus[b.key] ?? 0, className: b.className }))} />
              )}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Money</CardTitle>
              <CardDescription>
                Gross entries are the entry fees taken in (captured, net of refunds); most goes back to players as prizes. House
                revenue is what the house kept: its fees on settled pots. Today: since midnight Eastern.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <dl className="grid grid-cols-2 gap-3 text-sm">
                <Figure label="Gross entries" value={formatMoney(st.grossEntries)} />
                <Figure label="Gross entries today" value={formatMoney(st.grossEntriesToday)} />
                <Figure label="House revenue (fees kept)" value={formatMoney(st.houseRevenue)} />
                <Figure label="House revenue today" value={formatMoney(st.houseRevenueToday)} />
              </dl>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Platform status</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid grid-cols-3 gap-3 text-sm">
                <Figure label="Games ready" value={String(st.gamesReady)} />
                <Figure label="Live pools" value={String(st.poolsByStatus.started ?? 0)} />
                <Figure label="Admins" value={String(st.adminUsers)} />
              </dl>
            </CardContent>
          </Card>
        </div>
      )}
    </>
  )
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="truncate text-lg font-extrabold tabular-nums">{value}</dd>
    </div>
  )
}
