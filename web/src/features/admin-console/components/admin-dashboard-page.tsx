import { Link } from 'react-router'
import { toast } from '@/lib/toast'
import {
  Activity,
  ArrowDown,
  Rocket,
  BarChart3,
  CreditCard,
  ExternalLink,
  LayoutDashboard,
  Radio,
  Settings2,
  Trophy,
  Users,
  Grid3x3,
  KeyRound,
} from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { PageContainer, PageHeader } from '@/components/layout/page'
import { StatCard } from '@/components/pools/stat-card'
import { PoolStatusBadge } from '@/components/pools/pool-status-badge'
import { errorMessage } from '@/lib/api'
import { gameLabel } from '@/lib/game-label'
import { formatEntryFee, formatMoney } from '@/lib/money'
import { useDocumentMeta } from '@/lib/use-document-meta'
import { useAdminPools } from '../api/dashboard-api'
import { useActivateSeason, useAdminStats } from '../api/stats-api'
import { ManagementConsole } from './management-console'
import { ReadinessChecklist } from './readiness-checklist'

const QUICK_ACTIONS = [
  { to: '/admin-simple', label: 'Pool Activation', icon: Settings2 },
  { to: '/dashboard', label: 'Player Dashboard', icon: LayoutDashboard },
  { to: '/analytics', label: 'Analytics', icon: BarChart3 },
  { to: '/payment-test', label: 'Payment Test', icon: CreditCard },
  { to: '/score-feed-test', label: 'Score Feed Test', icon: Radio },
]

export function AdminDashboardPage() {
  useDocumentMeta({ title: 'Admin Command Center' })
  const pools = useAdminPools()
  const stats = useAdminStats()
  const launch = useActivateSeason()
  const st = stats.data
  const list = pools.data ?? []
  const live = st?.poolsByStatus.started ?? 0
  const drafts = st?.draftPools ?? 0
  const recent = [...list].sort((a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? '')).slice(0, 8)
  const onLaunch = () =>
    launch.mutate(undefined, {
      onSuccess: (res) =>
        toast.success('2025 Season Activated!', {
          description: `${res.activatedCount} ${res.activatedCount === 1 ? 'pool is' : 'pools are'} now live.`,
        }),
      onError: (err) => toast.error('Season Activation Failed', { description: errorMessage(err, 'Please try again.') }),
    })
  const toConsole = () => document.getElementById('management-console')?.scrollIntoView({ behavior: 'smooth', block: 'start' })

  return (
    <PageContainer className="max-w-7xl">
      <PageHeader
        eyebrow="Operations"
        title="Admin Command Center"
        description="Pools, players and money at a glance."
        actions={
          <>
            <Badge variant={live > 0 ? 'live' : 'muted'} className="px-3 py-1 text-sm">
              <Activity aria-hidden="true" /> {live} live {live === 1 ? 'pool' : 'pools'}
            </Badge>
            {drafts > 0 && (
              <Button onClick={onLaunch} disabled={launch.isPending} className="bg-emerald-700 font-bold hover:bg-emerald-800">
                <Rocket aria-hidden="true" /> {launch.isPending ? 'Launching...' : 'LAUNCH 2025 SEASON'}
              </Button>
            )}
            <Button variant="outline" onClick={toConsole}>
              <ArrowDown aria-hidden="true" /> Management Console
            </Button>
            <Button variant="outline" asChild>
              <Link to="/admin/security">
                <KeyRound aria-hidden="true" /> Security
              </Link>
            </Button>
          </>
        }
      />
      {stats.isError && !st && (
        <p role="alert" className="mb-4 text-sm text-destructive">
          Couldn't load the figures.{' '}
          <button type="button" className="underline" onClick={() => void stats.refetch()}>
            Try again
          </button>
        </p>
      )}
      <div className="grid grid-cols-2 gap-2 sm:gap-4 xl:grid-cols-4">
        <StatCard label="NFL games ready" value={st?.gamesReady ?? 0} hint="Upcoming, with pools (all leagues)" icon={Trophy} tone="lime" loading={stats.isLoading} />
        <StatCard label="Total pools" value={st?.totalPools ?? 0} icon={Grid3x3} tone="sky" loading={stats.isLoading} />
        <StatCard
          label="Active pools"
          value={st?.activePools ?? 0}
          hint={`${drafts} draft${drafts === 1 ? '' : 's'}`}
          icon={Activity}
          tone="emerald"
          loading={stats.isLoading}
        />
        <StatCard
          label="Users ready"
          value={st?.totalUsers ?? 0}
          hint={st ? `Entries today ${formatMoney(st.grossEntriesToday)}` : undefined}
          icon={Users}
          tone="violet"
          loading={stats.isLoading}
        />
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-[2fr_1fr]">
        <Card>
          <CardHeader>
            <CardTitle>Latest pools</CardTitle>
            <CardDescription>Every pool, whatever its status.</CardDescription>
          </CardHeader>
          <CardContent>
            {pools.isLoading ? (
              <div className="grid gap-2">
                {Array.from({ length: 4 }, (_, i) => (
                  <Skeleton key={i} className="h-12" />
                ))}
              </div>
            ) : recent.length === 0 ? (
              <p className="text-sm text-muted-foreground">No pools yet.</p>
            ) : (
              <ul className="divide-y">
                {recent.map((p) => (
                  <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                    <div className="min-w-0">
                      <Link to={`/pool/${p.id}`} className="font-semibold hover:underline">
                        {p.game ? gameLabel(p.game) : p.name}
                      </Link>
                      <div className="text-xs text-muted-foreground">
                        {p.name} · {formatEntryFee(p.entryFee)}{p.game?.week ? ` · ${p.game.week}` : ''}
                      </div>
                    </div>
                    <div className="flex items-center gap-3 text-sm">
                      <span className="text-muted-foreground">{p.currentParticipants}/{p.maxParticipants || 100}</span>
                      <PoolStatusBadge pool={p} />
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
        <div className="grid content-start gap-6">
          <Card>
            <CardHeader>
              <CardTitle>Quick actions</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-2">
              {QUICK_ACTIONS.map((a) => (
                <Button key={a.to} asChild variant="outline" className="justify-between">
                  <a href={a.to} target="_blank" rel="noopener noreferrer">
                    <span className="flex items-center gap-2">
                      <a.icon aria-hidden="true" /> {a.label}
                    </span>
                    <ExternalLink aria-hidden="true" className="opacity-60" />
                    <span className="sr-only">(opens in a new tab)</span>
                  </a>
                </Button>
              ))}
            </CardContent>
          </Card>
          <ReadinessChecklist />
        </div>
      </div>
      <section id="management-console" aria-labelledby="management-console-title" className="mt-10 scroll-mt-20 xl:scroll-mt-32">
        <h2 id="management-console-title" className="mb-4 text-xl font-extrabold tracking-tight">
          Management Console
        </h2>
        <ManagementConsole />
      </section>
    </PageContainer>
  )
}
