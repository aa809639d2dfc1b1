import { Link } from 'react-router'
import {
  Activity,
  BarChart3,
  CreditCard,
  ExternalLink,
  LayoutDashboard,
  Radio,
  Settings2,
  Trophy,
  Users,
  Grid3x3,
} from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { PageContainer, PageHeader } from '@/components/layout/page'
import { StatCard } from '@/components/pools/stat-card'
import { PoolStatusBadge } from '@/components/pools/pool-status-badge'
import { formatDateTimeET } from '@/lib/dates'
import { formatEntryFee, formatMoney } from '@/lib/money'
import { useDocumentMeta } from '@/lib/use-document-meta'
import { useAdminPools, useNflGames, usePublicStats } from '../api/admin-api'
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
  const stats = usePublicStats()
  const games = useNflGames()
  const list = pools.data ?? []
  const count = (s: string) => list.filter((p) => p.status === s).length
  const live = count('started')
  const drafts = count('draft')
  const active = count('active')
  const recent = [...list].sort((a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? '')).slice(0, 8)

  return (
    <PageContainer className="max-w-7xl">
      <PageHeader
        eyebrow="Operations"
        title="Admin Command Center"
        description="Pools, players and money at a glance."
        actions={
          <Badge variant={live > 0 ? 'live' : 'muted'} className="px-3 py-1 text-sm">
            <Activity aria-hidden="true" /> {live} live {live === 1 ? 'pool' : 'pools'}
          </Badge>
        }
      />
      <div className="grid grid-cols-2 gap-2 sm:gap-4 xl:grid-cols-4">
        <StatCard label="NFL games ready" value={games.data?.length ?? 0} icon={Trophy} tone="lime" loading={games.isLoading} />
        <StatCard label="Total pools" value={list.length} icon={Grid3x3} tone="sky" loading={pools.isLoading} />
        <StatCard
          label="Active pools"
          value={active}
          hint={`${drafts} draft${drafts === 1 ? '' : 's'}`}
          icon={Activity}
          tone="emerald"
          loading={pools.isLoading}
        />
        <StatCard
          label="Users ready"
          value={stats.data?.totalUsers ?? 0}
          hint={stats.data ? `Revenue today ${formatMoney(stats.data.revenueToday)}` : undefined}
          icon={Users}
          tone="violet"
          loading={stats.isLoading}
        />
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-[2fr_1fr]">
        <Card>
          <CardHeader>
            <CardTitle>Latest pools</CardTitle>
            <CardDescription>Every pool, whatever its status. Full management arrives with the admin screens.</CardDescription>
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
                        {p.game ? `${p.game.awayTeam} @ ${p.game.homeTeam}` : p.name}
                      </Link>
                      <div className="text-xs text-muted-foreground">
                        {p.name} · {formatEntryFee(p.entryFee)} · {formatDateTimeET(p.game?.gameDate)}
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
    </PageContainer>
  )
}
