import { useMemo, useState } from 'react'
import { useSearchParams } from 'react-router'
import { toast } from '@/lib/toast'
import { useLeagues, useSelectedLeague } from '@/lib/leagues'
import type { Pool } from '@/lib/types'
import { useLeagueGames, useLeaguePools } from '../api/pool-admin-api'
import { failToast } from './pool-toasts'
import { usePoolActions } from './use-pool-actions'
import { sortWeeks } from './weeks'

/** The 5-way status filter of Pool Management. */
export const STATUS_FILTERS = [
  { value: 'all', label: 'All statuses' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
  { value: 'draft', label: 'Draft' },
  { value: 'closed', label: 'Closed (full, started, completed, cancelled)' },
] as const

export interface PoolFilters {
  week: string
  team: string
  tier: string
  status: string
}

const noFilters: PoolFilters = { week: 'all', team: 'all', tier: 'all', status: 'all' }

export function matches(p: Pool, f: PoolFilters): boolean {
  if (f.week !== 'all' && (p.game?.week ?? '') !== f.week) return false
  if (f.team !== 'all' && p.game?.homeTeam !== f.team && p.game?.awayTeam !== f.team) return false
  if (f.tier !== 'all' && p.entryFee !== f.tier) return false
  if (f.status === 'closed') return ['full', 'started', 'completed', 'cancelled'].includes(p.status)
  if (f.status !== 'all' && p.status !== f.status) return false
  return true
}

/** Pool Management's state: the league (?league=), the filters, the filtered pools, the selection and the actions. */
export function usePoolManagement() {
  const [params, setParams] = useSearchParams()
  const { selectedLeague } = useSelectedLeague()
  const leagueId = Number(params.get('league')) || Number(selectedLeague) || 1
  const [filters, setFilters] = useState<PoolFilters>(noFilters)
  const [detail, setDetail] = useState<Pool | null>(null)
  const leagues = useLeagues()
  const pools = useLeaguePools(leagueId)
  const games = useLeagueGames(leagueId)
  const all = useMemo(() => pools.data ?? [], [pools.data])
  const filtered = useMemo(() => all.filter((p) => matches(p, filters)), [all, filters])
  const weeks = useMemo(() => sortWeeks(all.map((p) => p.game?.week ?? '')), [all])
  const teams = useMemo(() => [...new Set(all.flatMap((p) => (p.game ? [p.game.homeTeam, p.game.awayTeam] : [])))].sort(), [all])
  const actions = usePoolActions(all, {
    activateFailed: 'Failed to Activate Pools',
    statusFailed: 'Failed to Update Pool Status',
    featureFailed: 'Failed to Feature Pool',
    describeStatus: false,
  })
  const { act, selected, clear } = actions

  const chooseLeague = (id: number) => {
    setParams({ league: String(id) })
    setFilters(noFilters)
    clear()
  }
  const setFilter = (k: keyof PoolFilters, v: string) => {
    setFilters((f) => ({ ...f, [k]: v }))
    clear()
  }
  const allSelected = filtered.length > 0 && filtered.every((p) => selected.has(p.id))
  const selectAll = () => (allSelected ? clear() : actions.select(filtered.map((p) => p.id)))

  const create = (v: { name: string; entryFee: string; gameId: number }, done: () => void) => {
    const g = (games.data ?? []).find((x) => x.id === v.gameId)
    const gameInfo = g ? { homeTeam: g.homeTeam, awayTeam: g.awayTeam, gameDate: g.gameDate, week: g.week } : null
    act.create.mutate(
      { ...v, gameInfo },
      {
        onSuccess: (p) => {
          toast.success('Pool Created Successfully', { description: `${p.name} was created as a draft.` })
          done()
        },
        onError: failToast('Failed to Create Pool'),
      },
    )
  }
  const remove = (p: Pool) =>
    act.remove.mutate(p.id, {
      onSuccess: () => {
        toast.success('Pool Deleted Successfully', { description: `${p.name} #${p.id} was deleted.` })
        actions.unselect(p.id)
      },
      onError: failToast('Failed to Delete Pool'),
    })

  return {
    ...actions,
    leagues: leagues.data ?? [],
    leagueId,
    chooseLeague,
    games: games.data ?? [],
    pools,
    all,
    filtered,
    weeks,
    teams,
    filters,
    setFilter,
    clearFilters: () => setFilters(noFilters),
    allSelected,
    selectAll,
    create,
    creating: act.create.isPending,
    remove,
    detail,
    setDetail,
    busy: act.activate.isPending || act.deactivate.isPending,
  }
}
