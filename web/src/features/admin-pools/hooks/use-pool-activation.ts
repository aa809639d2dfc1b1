import { useMemo, useState } from 'react'
import { toast } from '@/lib/toast'
import { useActiveWeek, useLeagues, useSelectedLeague } from '@/lib/leagues'
import { useLeagueGames, useWeekPools } from '../api/pool-admin-api'
import { failToast, toastBulk } from './pool-toasts'
import { usePoolActions } from './use-pool-actions'
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
  const leagues = useLeagues()
  const games = useLeagueGames(leagueId)
  const pools = useWeekPools({ leagueId, week })
  const list = useMemo(() => pools.data ?? [], [pools.data])
  const actions = usePoolActions(list, {
    activateFailed: 'Bulk Activation Failed',
    statusFailed: 'Activation Failed',
    featureFailed: 'Failed to Set Featured Pool',
    describeStatus: true,
  })
  const { act, clear } = actions

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
    clear()
  }
  const chooseWeek = (w: string) => {
    setWeek(w)
    clear()
  }
  const activateWeek = () =>
    act.activateWeek.mutate(
      { leagueId, week },
      {
        onSuccess: (a) => toastBulk('Pools Activated', a.activatedCount, a.totalPools, 'activated', a, list),
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

  return {
    ...actions,
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
    selectAll: () => actions.select(list.map((p) => p.id)),
    activateWeek,
    createMissing,
    busy: act.activate.isPending || act.deactivate.isPending || act.activateWeek.isPending,
    creating: act.createMissing.isPending,
  }
}
