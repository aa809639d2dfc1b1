import { useState } from 'react'
import { Star } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { gameLabel } from '@/lib/game-label'
import { TIER_FEES } from '@/lib/tiers'
import type { Game, Pool } from '@/lib/types'
import { STATUS_FILTERS, type PoolFilters, type usePoolManagement } from '../hooks/use-pool-management'
import { weekLabel } from '../lib/weeks'
import { PoolStatusBadge } from './pool-admin-shared'

const tierName = (fee: string) => (fee === '0.00' ? 'Free Pool' : `$${Number(fee)} Pool`)

function Select({ id, label, value, onChange, children }: { id: string; label: string; value: string | number; onChange: (v: string) => void; children: React.ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {children}
      </NativeSelect>
    </div>
  )
}

/** League, Week, Team, Price Tier and Status. */
export function PoolFiltersPanel({ m }: { m: ReturnType<typeof usePoolManagement> }) {
  const f = (k: keyof PoolFilters) => (v: string) => m.setFilter(k, v)
  return (
    <Card className="mb-6">
      <CardContent className="grid gap-3 pt-5 sm:grid-cols-2 sm:pt-6 lg:grid-cols-[repeat(5,1fr)_auto] lg:items-end">
        <Select id="filter-league" label="League" value={m.leagueId} onChange={(v) => m.chooseLeague(Number(v))}>
          {(m.leagues.length ? m.leagues : [{ id: m.leagueId, name: 'NFL', displayName: 'NFL' }]).map((l) => (
            <option key={l.id} value={l.id}>
              {l.displayName || l.name}
            </option>
          ))}
        </Select>
        <Select id="filter-week" label="Week" value={m.filters.week} onChange={f('week')}>
          <option value="all">All weeks</option>
          {m.weeks.map((w) => (
            <option key={w} value={w}>
              {weekLabel(w)}
            </option>
          ))}
        </Select>
        <Select id="filter-team" label="Team" value={m.filters.team} onChange={f('team')}>
          <option value="all">All teams</option>
          {m.teams.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </Select>
        <Select id="filter-tier" label="Price Tier" value={m.filters.tier} onChange={f('tier')}>
          <option value="all">All tiers</option>
          {TIER_FEES.map((fee) => (
            <option key={fee} value={fee}>
              {fee === '0.00' ? 'FREE' : `$${fee}`}
            </option>
          ))}
        </Select>
        <Select id="filter-status" label="Status" value={m.filters.status} onChange={f('status')}>
          {STATUS_FILTERS.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </Select>
        <Button variant="ghost" onClick={m.clearFilters}>
          Clear Filters
        </Button>
      </CardContent>
    </Card>
  )
}

/** The create-pool form: a pool name (its price tier) and a game. */
export function CreatePoolForm({ games, onCreate, busy }: { games: Game[]; onCreate: (v: { name: string; entryFee: string; gameId: number }, done: () => void) => void; busy: boolean }) {
  const [fee, setFee] = useState('')
  const [gameId, setGameId] = useState('')
  const [error, setError] = useState('')
  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    if (!fee || !gameId) return setError('Please fill in all fields')
    setError('')
    onCreate({ name: tierName(fee), entryFee: fee, gameId: Number(gameId) }, () => setFee(''))
  }
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="text-lg">Create pool</CardTitle>
      </CardHeader>
      <CardContent>
        <form className="grid gap-3" onSubmit={submit} noValidate>
          <Select id="create-name" label="Pool name" value={fee} onChange={setFee}>
            <option value="">Choose a tier</option>
            {TIER_FEES.map((f) => (
              <option key={f} value={f}>
                {tierName(f)}
              </option>
            ))}
          </Select>
          <Select id="create-game" label="Game" value={gameId} onChange={setGameId}>
            <option value="">Choose a game</option>
            {games.map((g) => (
              <option key={g.id} value={g.id}>
                {g.week ? `${weekLabel(g.week)} · ` : ''}
                {gameLabel(g)}
              </option>
            ))}
          </Select>
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <Button type="submit" disabled={busy}>
            Create Pool
          </Button>
        </form>
      </CardContent>
    </Card>
  )
}

/** Counts over the filtered pools. */
export function PoolStatistics({ pools, total }: { pools: Pool[]; total: number }) {
  const count = (...s: string[]) => pools.filter((p) => s.includes(p.status)).length
  const squares = pools.reduce((n, p) => n + p.currentParticipants, 0)
  const items: [string, number][] = [
    ['Shown', pools.length],
    ['Active', count('active')],
    ['Draft', count('draft')],
    ['Inactive', count('inactive')],
    ['Full or live', count('full', 'started')],
    ['Squares taken', squares],
  ]
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="text-lg">Statistics</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Statistics">
          {items.map(([label, value]) => (
            <div key={label} className="rounded-md bg-muted/60 p-2 text-center">
              <dt className="text-xs text-muted-foreground">{label}</dt>
              <dd className="text-xl font-bold">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-2 text-xs text-muted-foreground">{total} pools in the league in all.</p>
      </CardContent>
    </Card>
  )
}

interface RowProps {
  pool: Pool
  selected: boolean
  onToggle: () => void
  onView: () => void
  onStatus: () => void
  onFeature: () => void
  onUnfeature: () => void
  onDelete: () => void
}

/** One pool of the list: select, view, open or hide, feature, delete (after a confirmation). */
export function PoolRow({ pool: p, selected, onToggle, onView, onStatus, onFeature, onUnfeature, onDelete }: RowProps) {
  const [confirming, setConfirming] = useState(false)
  const id = `pool-${p.id}`
  const deletable = (p.status === 'draft' || p.status === 'inactive') && p.currentParticipants === 0
  return (
    <li aria-label={`${p.name} #${p.id}`} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
      <input id={id} type="checkbox" className="size-4 accent-emerald-700" checked={selected} onChange={onToggle} />
      <label htmlFor={id} className="min-w-0 flex-1 basis-56">
        <span className="flex flex-wrap items-center gap-2 font-medium">
          {p.name} <span className="text-xs text-muted-foreground">#{p.id}</span>
          <PoolStatusBadge status={p.status} />
          {p.isFeatured && (
            <Badge variant="admin">
              <Star className="size-3" aria-hidden="true" /> Featured
            </Badge>
          )}
        </span>
        <span className="block truncate text-sm">{p.game ? gameLabel(p.game) : `Game ${p.gameId}`}</span>
        <span className="block text-sm text-muted-foreground">
          {p.game?.week ? `${weekLabel(p.game.week)} · ` : ''}
          {p.currentParticipants} / {p.maxParticipants} squares
        </span>
      </label>
      {confirming ? (
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm">Delete this pool?</span>
          <Button size="sm" variant="destructive" onClick={onDelete}>
            Delete
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
            Keep
          </Button>
        </div>
      ) : (
        <div className="flex w-full flex-wrap gap-2 sm:w-auto [&>button]:px-3 sm:[&>button]:min-w-20">
          <Button size="sm" variant="outline" onClick={onView}>
            View
          </Button>
          {(p.status === 'active' || p.status === 'inactive' || p.status === 'draft') && (
            <Button size="sm" variant="ghost" onClick={onStatus}>
              {p.status === 'active' ? 'Deactivate' : 'Activate'}
            </Button>
          )}
          <Button size="sm" variant="ghost" onClick={p.isFeatured ? onUnfeature : onFeature}>
            {p.isFeatured ? 'Unfeature' : 'Feature'}
          </Button>
          <Button size="sm" variant="ghost" className="text-destructive" onClick={() => setConfirming(true)} disabled={!deletable}
            title={deletable ? undefined : 'Only a draft or inactive pool without squares can be deleted'}>
            Delete
          </Button>
        </div>
      )}
    </li>
  )
}
