import type { Game, Pool } from './types'

export type GameStatusLabel = 'SCHEDULED' | 'LIVE' | 'COMPLETED'

const LIVE = new Set(['1q', '2q', '3q', '4q', 'ot', 'ht', 'live', 'in_progress', 'started'])
const DONE = new Set(['ft', 'aet', 'completed', 'final'])

/** Provider status codes, case-insensitive: ns/tbd/scheduled/missing -> SCHEDULED, quarters/live -> LIVE, ft/aet/completed -> COMPLETED. */
export function gameStatusLabel(status: string | null | undefined): GameStatusLabel {
  const s = (status ?? '').trim().toLowerCase()
  if (LIVE.has(s)) return 'LIVE'
  if (DONE.has(s)) return 'COMPLETED'
  return 'SCHEDULED'
}

export type BadgeTone = 'live' | 'completed' | 'scheduled' | 'available' | 'muted' | 'warning' | 'destructive'

/** Pool page badge: LIVE, COMPLETED, AVAILABLE or the upper-cased pool status. */
export function poolStatusBadge(pool: Pick<Pool, 'status'> & { game?: Pick<Game, 'status'> | null }): {
  label: string
  tone: BadgeTone
} {
  const status = (pool.status ?? '').toLowerCase()
  const game = gameStatusLabel(pool.game?.status)
  if (status === 'started' || (game === 'LIVE' && status !== 'completed' && status !== 'cancelled')) return { label: 'LIVE', tone: 'live' }
  if (status === 'completed') return { label: 'COMPLETED', tone: 'completed' }
  if (status === 'active' || status === 'open') return { label: 'AVAILABLE', tone: 'available' }
  if (status === 'cancelled') return { label: 'CANCELLED', tone: 'destructive' }
  if (status === 'full') return { label: 'FULL', tone: 'warning' }
  return { label: (pool.status || 'unknown').toUpperCase(), tone: 'muted' }
}

/** Pool of the Week badge: UPCOMING / LIVE / COMPLETED. */
export function featuredBadge(pool: Pick<Pool, 'status'> & { game?: Pick<Game, 'status'> | null }): {
  label: 'UPCOMING' | 'LIVE' | 'COMPLETED'
  tone: BadgeTone
} {
  const g = gameStatusLabel(pool.game?.status)
  if (pool.status === 'completed' || g === 'COMPLETED') return { label: 'COMPLETED', tone: 'completed' }
  if (pool.status === 'started' || g === 'LIVE') return { label: 'LIVE', tone: 'live' }
  return { label: 'UPCOMING', tone: 'scheduled' }
}

/** Pools a player counts as "active": open for sale, full or being played. */
export function isActivePoolStatus(status: string): boolean {
  return status === 'active' || status === 'full' || status === 'started'
}

export function parseDigits(value: number[] | string | null | undefined): number[] | null {
  if (!value) return null
  const list = Array.isArray(value) ? value : value.split(',').map((s) => Number(s.trim()))
  if (list.length !== 10 || list.some((n) => !Number.isInteger(n) || n < 0 || n > 9)) return null
  return list
}
