import { useMemo, useState } from 'react'
import { useSearchParams } from 'react-router'
import { toast } from 'sonner'
import { useLeagues, useSelectedLeague } from '@/lib/leagues'
import type { Pool } from '@/lib/types'
import { useLeagueGames, useLeaguePools, usePoolAdmin } from '../api/pool-admin-api'
import { failToast, toastBulk } from './pool-toasts'
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
  const [selected, setSelected] = useState<Set<number>>(new Set())
  const [detail, setDetail] = useState<Pool | null>(null)
  const [featuring, setFeaturing] = useState<Pool | null>(null)
  const leagues = useLeagues()
  const pools = useLeaguePools(leagueId)
  const games = useLeagueGames(leagueId)
  const act = usePoolAdmin()
  const all = useMemo(() => pools.data ?? [], [pools.data])
  const filtered = useMemo(() => all.filter((p) => matches(p, filters)), [all, filters])
  const weeks = useMemo(() => sortWeeks(all.map((p) => p.game?.week ?? '')), [all])
  const teams = useMemo(() => [...new Set(all.flatMap((p) => (p.game ? [p.game.homeTeam, p.game.awayTeam] : [])))].sort(), [all])

  const chooseLeague = (id: number) => {
    setParams({ league: String(id) })
    setFilters(noFilters)
    setSelected(new Set())
  }
  const setFilter = (k: keyof PoolFilters, v: string) => {
    setFilters((f) => ({ ...f, [k]: v }))
    setSelected(new Set())
  }
  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })
  const allSelected = filtered.length > 0 && filtered.every((p) => selected.has(p.id))
  const selectAll = () => setSelected(allSelected ? new Set() : new Set(filtered.map((p) => p.id)))

  const bulk = (activate: boolean) => {
    const ids = [...selected]
    if (ids.length === 0) return toast.error('No Pools Selected', { description: 'No pools selected' })
    const m = activate ? act.activate : act.deactivate
    m.mutate(ids, {
      onSuccess: (a) => {
        if (activate) toastBulk('Bulk Activation Complete', a.activatedCount ?? 0, ids.length, 'activated', a, all)
        else toastBulk('Bulk Deactivation Complete', a.deactivatedCount ?? 0, ids.length, 'deactivated', a, all)
        setSelected(new Set())
      },
      onError: failToast(activate ? 'Failed to Activate Pools' : 'Failed to Deactivate Pools'),
    })
  }
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
        setSelected((s) => {
          const next = new Set(s)
          next.delete(p.id)
          return next
        })
      },
      onError: failToast('Failed to Delete Pool'),
    })
  const toggleStatus = (p: Pool) =>
    act.setStatus.mutate(
      { id: p.id, status: p.status === 'active' ? 'inactive' : 'active' },
      { onSuccess: () => toast.success('Pool Status Updated Successfully'), onError: failToast('Failed to Update Pool Status') },
    )
  const feature = (v: { featuredReason: string; featuredUntil: string }) =>
    featuring &&
    act.feature.mutate(
      { id: featuring.id, ...v },
      {
        onSuccess: () => {
          toast.success('Pool Featured', { description: `${featuring.name} is the Pool of the Week.` })
          setFeaturing(null)
        },
        onError: failToast('Failed to Feature Pool'),
      },
    )
  const unfeature = (p: Pool) =>
    act.unfeature.mutate(p.id, { onSuccess: () => toast.success('Featured Pool Removed'), onError: failToast('Failed to Remove Featured Pool') })

  return {
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
    selected,
    toggle,
    allSelected,
    selectAll,
    activateSelected: () => bulk(true),
    deactivateSelected: () => bulk(false),
    create,
    creating: act.create.isPending,
    remove,
    toggleStatus,
    detail,
    setDetail,
    featuring,
    setFeaturing,
    feature,
    unfeature,
    featureBusy: act.feature.isPending,
    busy: act.activate.isPending || act.deactivate.isPending,
  }
}
