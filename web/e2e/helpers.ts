import { expect, type APIRequestContext } from '@playwright/test'

// Helpers the specs share for reading the demo data (cmd/squares/demo.go) through the API.

/** A pool as GET /api/pools returns it (the fields the specs read). */
export interface PoolJSON {
  id: number
  name: string
  game: { homeTeam: string; awayTeam: string }
  entryFee: string
  status: string
  currentParticipants: number
  salesOpenAt: string | null
  salesCloseAt: string | null
}

/** The NFL pools at `fee` that are on sale now, not nearly full, and stay on sale for 10 more minutes. */
export async function openPools(request: APIRequestContext, fee: string): Promise<PoolJSON[]> {
  const res = await request.get('/api/pools?leagueId=1')
  expect(res.ok()).toBeTruthy()
  const now = Date.now()
  return ((await res.json()) as PoolJSON[]).filter(
    (p) =>
      p.entryFee === fee &&
      p.status === 'active' &&
      p.currentParticipants <= 90 &&
      (!p.salesOpenAt || Date.parse(p.salesOpenAt) <= now) &&
      (!p.salesCloseAt || Date.parse(p.salesCloseAt) > now + 10 * 60_000),
  )
}

/** The pool's taken squares, as "row-column" keys. */
export async function takenCells(request: APIRequestContext, poolId: number): Promise<Set<string>> {
  return new Set(((await (await request.get(`/api/pools/${poolId}/squares`)).json()) as { row: number; column: number }[]).map((s) => `${s.row}-${s.column}`))
}
