// The replay's draw (replay.ts): each number set's seed against the commitment published for it, and its
// digits derived again from the seed, the pool id, the locked ownership and the beacon's randomness.

import type { RecordDrawData, RecordEntry } from '@/lib/api.gen'
import { drawCommitment, drawDigitsFromOwnership, DRAW_VERSION, DRAW_VERSION_BEACON } from '@/lib/draw'
import { entryName } from './chain'
import type { RecordReplay } from './replay'
import { Fault } from './replay-squares'

/** Checks a drawn entry against the record before it, and keeps it as the pool's draw. */
export async function draw(r: RecordReplay, e: RecordEntry, d: RecordDrawData, poolId: number) {
  const name = entryName(e)
  const fail = (reason: string): never => {
    throw new Fault(e.seq, `${name}: ${reason}`)
  }
  const locked = r.locked
  if (!locked) fail('the numbers were drawn before the grid was locked')
  if (r.drawn) fail(`the numbers were drawn already (entry ${r.drawn.seq})`)
  if (locked!.data.beacon === 'pending' && !r.beacon) fail(`drawn before beacon round ${locked!.data.round} was fetched or given up`)
  const verified = r.beacon?.data.status === 'verified'
  const randomness = verified ? r.beacon!.data.randomness : ''
  const derivation = verified ? DRAW_VERSION_BEACON : DRAW_VERSION
  if (d.derivation !== derivation) fail(`drawn by ${d.derivation}; ${verified ? 'with a verified beacon round' : 'without a beacon round'} it is ${derivation}`)
  if (d.randomness !== randomness) fail(`its randomness is not the beacon's (entry ${r.beacon?.seq ?? locked!.seq})`)
  if (d.ownership !== locked!.data.ownership) fail(`its ownership is not the one fixed at the lock (entry ${locked!.seq})`)
  const c = r.commitments!
  const where = c.seq === 1 ? 'the opening (entry 1)' : `the rules of entry ${c.seq}`
  const committed = new Map(c.numberSets.map((s) => [s.period, s.seedSha256]))
  if (!Array.isArray(d.sets) || d.sets.length === 0) fail('it draws no numbers')
  const perPeriod = committed.size > 1
  if (perPeriod) {
    for (const period of committed.keys()) if (!d.sets.some((s) => s.period === period)) fail(`the committed ${period} numbers were not drawn`)
  }
  const seeds = new Set<string>()
  for (const s of d.sets) {
    const label = s.period ? `the ${s.period} numbers` : 'the numbers'
    const want = committed.get(s.period) ?? (!perPeriod ? c.drawCommitment : undefined)
    if (!want) fail(`${label}: ${where} commits to no seed for them`)
    if (seeds.has(s.seed)) fail(`${label}: the same seed as another set`)
    seeds.add(s.seed)
    if ((await drawCommitment(s.seed)) !== want) fail(`${label}: the seed's SHA-256 is not the commitment published by ${where}`)
    const { home, away } = await drawDigitsFromOwnership(s.seed, poolId, d.ownership, randomness || null)
    if (!same(home, s.homeNumbers)) fail(`${label}: the home digits drawn from the seed are ${home.join(', ')}; the entry says ${(s.homeNumbers ?? []).join(', ')}`)
    if (!same(away, s.awayNumbers)) fail(`${label}: the away digits drawn from the seed are ${away.join(', ')}; the entry says ${(s.awayNumbers ?? []).join(', ')}`)
  }
  r.drawn = { seq: e.seq, data: d }
}

function same(a: readonly number[], b: readonly number[] | null | undefined): boolean {
  return !!b && a.length === b.length && a.every((x, i) => x === b[i])
}
