import { Link } from 'react-router'
import { CalendarDays, Grid3x3, ShieldCheck, Trophy } from 'lucide-react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { StatCard } from '@/components/pools/stat-card'
import { useConsoleGames, useConsoleLeagues, useConsolePools } from '../api/console-api'

/** System: counts of leagues, games, active pools and available pools (active or full), and the auto-refund rule. */
export function ConsoleSystemTab() {
  const leagues = useConsoleLeagues()
  const games = useConsoleGames()
  const pools = useConsolePools()
  const list = pools.data ?? []
  const active = list.filter((p) => p.status === 'active').length
  const available = list.filter((p) => p.status === 'active' || p.status === 'full').length
  return (
    <div className="grid gap-6">
      <div className="grid grid-cols-2 gap-2 sm:gap-4 lg:grid-cols-4">
        <StatCard label="Leagues" value={leagues.data?.length ?? 0} icon={Trophy} tone="lime" loading={leagues.isLoading} />
        <StatCard label="Games" value={games.data?.length ?? 0} icon={CalendarDays} tone="sky" loading={games.isLoading} />
        <StatCard label="Active pools" value={active} icon={Grid3x3} tone="emerald" loading={pools.isLoading} />
        <StatCard label="Available pools" value={available} hint="Active or full" icon={ShieldCheck} tone="violet" loading={pools.isLoading} />
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Auto-refund</CardTitle>
          <CardDescription>Runs by itself; nothing to configure here.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-2 text-sm">
          <p>
            Participation is checked every 15 minutes. Two hours before kickoff each pool that is not full gets its final
            decision: below its tier's players (5 free, 8 at $1, 10 at $5, 15 at $10, 20 at $25) or above its house-fill limit
            it is cancelled and every payment refunded automatically; otherwise the house fills it and the numbers are drawn.
          </p>
          <p>
            <Link to="/admin/pool-cancellation" className="font-semibold text-emerald-700 underline">
              See the decisions coming up
            </Link>
          </p>
        </CardContent>
      </Card>
    </div>
  )
}
