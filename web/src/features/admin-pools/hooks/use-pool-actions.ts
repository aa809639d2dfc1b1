import { useState } from 'react'
import { toast } from '@/lib/toast'
import type { Pool } from '@/lib/types'
import { usePoolAdmin } from '../api/pool-admin-api'
import { failToast, toastBulk } from './pool-toasts'

/** The titles of the failure toasts, which each screen words its own way. */
export interface PoolActionTexts {
  activateFailed: string
  statusFailed: string
  featureFailed: string
  /** Whether the status toast says what the pool became ("$5 Pool is now inactive."). */
  describeStatus: boolean
}

/**
 * What both pool admin screens do to pools: a selection, bulk activation and deactivation, opening or
 * hiding one pool, and featuring it (the dialog's pool) or not. `pools` names the pools of a bulk answer's
 * refusals.
 */
export function usePoolActions(pools: Pool[], texts: PoolActionTexts) {
  const act = usePoolAdmin()
  const [selected, setSelected] = useState<Set<number>>(new Set())
  const [featuring, setFeaturing] = useState<Pool | null>(null)

  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })
  const unselect = (id: number) =>
    setSelected((s) => {
      const next = new Set(s)
      next.delete(id)
      return next
    })
  const select = (ids: number[]) => setSelected(new Set(ids))
  const clear = () => setSelected(new Set())

  const bulk = (activate: boolean) => {
    const ids = [...selected]
    if (ids.length === 0) return toast.error('No Pools Selected', { description: 'No pools selected' })
    const m = activate ? act.activate : act.deactivate
    m.mutate(ids, {
      onSuccess: (a) => {
        if (activate) toastBulk('Bulk Activation Complete', a.activatedCount ?? 0, ids.length, 'activated', a, pools)
        else toastBulk('Bulk Deactivation Complete', a.deactivatedCount ?? 0, ids.length, 'deactivated', a, pools)
        clear()
      },
      onError: failToast(activate ? texts.activateFailed : 'Failed to Deactivate Pools'),
    })
  }
  const toggleStatus = (p: Pool) => {
    const status = p.status === 'active' ? 'inactive' : 'active'
    act.setStatus.mutate(
      { id: p.id, status },
      {
        onSuccess: () =>
          toast.success('Pool Status Updated Successfully', texts.describeStatus ? { description: `${p.name} is now ${status}.` } : undefined),
        onError: failToast(texts.statusFailed),
      },
    )
  }
  const feature = (v: { featuredReason: string; featuredUntil: string }) =>
    featuring &&
    act.feature.mutate(
      { id: featuring.id, ...v },
      {
        onSuccess: () => {
          toast.success('Pool Featured', { description: `${featuring.name} is the Pool of the Week.` })
          setFeaturing(null)
        },
        onError: failToast(texts.featureFailed),
      },
    )
  const unfeature = (p: Pool) =>
    act.unfeature.mutate(p.id, { onSuccess: () => toast.success('Featured Pool Removed'), onError: failToast('Failed to Remove Featured Pool') })

  return {
    act,
    selected,
    toggle,
    unselect,
    select,
    clear,
    activateSelected: () => bulk(true),
    deactivateSelected: () => bulk(false),
    toggleStatus,
    featuring,
    setFeaturing,
    feature,
    unfeature,
    featureBusy: act.feature.isPending,
  }
}
