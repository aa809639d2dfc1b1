import { useMemo, useState } from 'react'
import { toast } from 'sonner'
import { useActiveWeek, useLeagues, useSelectedLeague } from '@/lib/leagues'
import type { Pool } from '@/lib/types'
import { useLeagueGames, usePoolAdmin, useWeekPools } from '../api/pool-admin-api'
import { failToast, toastBulk } from './pool-toasts'
import { NFL_WEEKS, sortWeeks, weekLabel } from './weeks'

/**
 * The Pool Activation Center's state: the league and week chosen, the week's pools, the selection and the
 * actions. It opens on the league's active week (GET /api/leagues/{id}/active-week) until the admin chooses
 * another.
 */
export function usePoolActivation() {
  const { selectedLeague } = useSelectedLeague()
  const [leagueId, setLeagueId] = useState(Number(selectedLeague) || 1)
  // null: the admin has not chosen a week for this league, so the active week is shown.
  const [chosenWeek, setWeek] = useState<string | null>(null)
  const active = useActiveWeek(leagueId)
  const activeWeek = active.data?.activeWeek ?? ''
  const week = chosenWeek ?? activeWeek
  const [selected, setSelected] = useState<Set<number>>(new Set())
  const [featuring, setFeaturing] = useState<Pool | null>(null)
  const leagues = useLeagues()
  const games = useLeagueGames(leagueId)
  const pools = useWeekPools({ leagueId, week })
  const act = usePoolAdmin()
  const list = useMemo(() => pools.data ?? [], [pools.data])

  const weeks = useMemo(() => {
    const fromGames = (games.data ?? []).map((g) => g.week ?? '')
    const list = leagueId === 1 ? NFL_WEEKS : sortWeeks(fromGames).map((w) => ({ value: w, label: weekLabel(w) }))
    // The active week is always offered (HOF, or a week whose games are not loaded yet), and marked.
    const withActive = activeWeek && !list.some((w) => w.value === activeWeek) ? [{ value: activeWeek, label: weekLabel(activeWeek) }, ...list] : list
    return withActive.map((w) => (w.value === activeWeek ? { ...w, label: `${w.label} (active week)` } : w))
  }, [games.data, leagueId, activeWeek])

  const chooseLeague = (id: number) => {
    setLeagueId(id)
    setWeek(null)
    setSelected(new Set())
  }
  const chooseWeek = (w: string) => {
    setWeek(w)
    setSelected(new Set())
  }
  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })
  const selectAll = () => setSelected(new Set(list.map((p) => p.id)))
  const clear = () => setSelected(new Set())

  const activateSelected = () => {
    const ids = [...selected]
    if (ids.length === 0) return toast.error('No Pools Selected', { description: 'No pools selected' })
    act.activate.mutate(ids, {
      onSuccess: (a) => {
        toastBulk('Bulk Activation Complete', a.activatedCount ?? 0, ids.length, 'activated', a, list)
        clear()
      },
      onError: failToast('Bulk Activation Failed'),
    })
  }
  const deactivateSelected = () => {
    const ids = [...selected]
    if (ids.length === 0) return toast.error('No Pools Selected', { description: 'No pools selected' })
    act.deactivate.mutate(ids, {
      onSuccess: (a) => {
        toastBulk('Bulk Deactivation Complete', a.deactivatedCount ?? 0, ids.length, 'deactivated', a, list)
        clear()
      },
      onError: failToast('Failed to Deactivate Pools'),
    })
  }
  const activateWeek = () =>
    act.activateWeek.mutate(
      { leagueId, week },
      {
        onSuccess: (a) => toastBulk('Pools Activated', a.activatedCount ?? 0, a.totalPools ?? 0, 'activated', a, list),
        onError: failToast('Bulk Activation Failed'),
      },
    )
  const createMissing = () =>
    act.createMissing.mutate(
      { leagueId, week },
      {
        onSuccess: (a) => toast.success('Emergency Pools Created', { description: `${a.totalPools} pools created for ${a.gameCount} games` }),
        onError: failToast('Emergency Pool Creation Failed'),
      },
    )
  const toggleStatus = (p: Pool) =>
    act.setStatus.mutate(
      { id: p.id, status: p.status === 'active' ? 'inactive' : 'active' },
      { onSuccess: () => toast.success('Pool Status Updated Successfully', { description: `${p.name} is now ${p.status === 'active' ? 'inactive' : 'active'}.` }), onError: failToast('Activation Failed') },
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
        onError: failToast('Failed to Set Featured Pool'),
      },
    )
  const unfeature = (p: Pool) =>
    act.unfeature.mutate(p.id, {
      onSuccess: () => toast.success('Featured Pool Removed'),
      onError: failToast('Failed to Remove Featured Pool'),
    })

  return {
    leagues: leagues.data ?? [],
    leagueId,
    chooseLeague,
    weeks,
    week,
    chooseWeek,
    /** The league's active week is still loading: no week to show yet. */
    weekLoading: chosenWeek === null && active.isLoading,
    pools,
    list,
    selected,
    toggle,
    selectAll,
    clear,
    activateSelected,
    deactivateSelected,
    activateWeek,
    createMissing,
    toggleStatus,
    featuring,
    setFeaturing,
    feature,
    unfeature,
    busy: act.activate.isPending || act.deactivate.isPending || act.activateWeek.isPending,
    creating: act.createMissing.isPending,
    featureBusy: act.feature.isPending,
  }
}
