// A paid pool played from open to completed, recorded as the server records it, for the tests: pool 42, a
// 25-square grid at $10.00 a square, a 10% fee; players 1-5 each buy five squares by card (player 5's
// payment refunded before the lock, its squares back on sale), the house fills the five left, the grid
// locks on quicknet round 12040883 (a real round, checked against quicknet's real key), the numbers drawn
// with its randomness, the game scored through every quarter, each quarter's prize recorded, claimed and
// paid, the fee taken once. Money in ($250.00 captured + $50.00 the house) = fee $25.00 + prizes $225.00 +
// refunds $50.00.

import type { RecordCheckpoint, RecordEntry } from '@/lib/api.gen'
import { drawCommitment, drawDigitsFromOwnership, sha256Hex } from '@/lib/draw'
import { defaultRules } from '@/lib/rules'
import { awardKey, awards, cellAt, gridOf } from './award'
import { gridOwnershipText } from './replay'
import { checkpointsAt, QUICKNET_ROUND, rechain, type RawEntry } from './test-record'

export const PLAYED_POOL = 42
export const PLAYED_SEED = '6d1f0e8c4b2a39f7d5e3c1b0a8967452301f2e3d4c5b6a79880f1e2d3c4b5a69'

export interface PlayedRecord {
  raw: RawEntry[]
  entries: RecordEntry[]
  checkpoints: RecordCheckpoint[]
  /** The seq of the first entry of each kind (and of each prize by award key). */
  seqOf: Record<string, number>
  owners: string[]
}

const cents = (n: number) => `${Math.trunc(n / 100)}.${String(n % 100).padStart(2, '0')}`

export async function playedRecord(): Promise<PlayedRecord> {
  const rules = { ...defaultRules(1), grid: 25 }
  const g = gridOf(25)
  const raw: RawEntry[] = []
  const checkpoints: { seq: number; reason: string }[] = []
  let clock = Date.parse('2024-10-14T17:12:00Z')
  const add = (kind: string, data: unknown, at?: string) => {
    clock += 1000
    raw.push({ at: at ?? new Date(clock).toISOString().replace('Z', '000Z'), kind, data })
    return raw.length
  }
  const cells = (from: number, n: number) => Array.from({ length: n }, (_, i) => cellAt(g, from + i))
  add('opened', {
    name: 'Test pool',
    gameId: 7,
    leagueId: 1,
    entryFee: '10.00',
    maxSquaresPerPlayer: 10,
    private: false,
    nonprofit: false,
    collection: 'card',
    feePercent: 10,
    rules,
    drawCommitment: await drawCommitment(PLAYED_SEED),
    numberSets: [],
  })
  add('action', { action: 'pool.feature', by: 'admin', reason: 'Game of the week' })
  const owners: string[] = Array.from({ length: 25 }, () => '')
  for (let p = 1; p <= 5; p++) {
    const sq = cells((p - 1) * 5, 5)
    const pay = { payment: `pay-${p}`, owner: String(p), amount: '50.00', squares: sq, freed: false, reason: '' }
    add('held', pay)
    add('taken', { squares: sq, owner: String(p), by: 'purchase', payment: `pay-${p}`, amount: '50.00', from: '' })
    add('captured', pay)
    sq.forEach((c) => (owners[c.row * 5 + c.column] = String(p)))
  }
  // A hold that lapsed before its squares were the buyer's.
  add('held', { payment: 'pay-6', owner: '6', amount: '10.00', squares: [], freed: false, reason: '' })
  add('released', { payment: 'pay-6', owner: '6', amount: '10.00', squares: [], freed: false, reason: 'hold expired' })
  // Player 5's payment refunded before the lock: its squares go back on sale.
  add('refunded', { payment: 'pay-5', owner: '5', amount: '50.00', squares: cells(20, 5), freed: true, reason: 'requested' })
  add('taken', { squares: cells(20, 5), owner: 'admin', by: 'house', payment: '', amount: '50.00', from: '' })
  for (let i = 20; i < 25; i++) owners[i] = 'admin'
  const ownership = gridOwnershipText(owners)
  // Locked at 17:13:22.5: the first round due 10 s later is 12040883 (17:13:33).
  add(
    'locked',
    { ownership, ownershipSha256: await sha256Hex(ownership), beacon: 'pending', round: QUICKNET_ROUND.round, dueAt: QUICKNET_ROUND.dueAt, chainHash: QUICKNET_ROUND.chainHash, dev: false },
    '2024-10-14T17:13:22.500000Z',
  )
  checkpoints.push({ seq: raw.length, reason: 'full' })
  clock = Date.parse('2024-10-14T17:13:34Z')
  add('beacon', { status: 'verified', round: QUICKNET_ROUND.round, signature: QUICKNET_ROUND.signature, randomness: QUICKNET_ROUND.randomness, reason: '' })
  const { home, away } = await drawDigitsFromOwnership(PLAYED_SEED, PLAYED_POOL, ownership, QUICKNET_ROUND.randomness)
  const sets = [{ period: '', seed: PLAYED_SEED, homeNumbers: home, awayNumbers: away }]
  add('drawn', { derivation: 'squares-draw-v2', ownership, randomness: QUICKNET_ROUND.randomness, sets })
  checkpoints.push({ seq: raw.length, reason: 'drawn' })
  const ends = [
    { period: 'Q1', homeScore: 7, awayScore: 0 },
    { period: 'Q2', homeScore: 14, awayScore: 3 },
    { period: 'Q3', homeScore: 14, awayScore: 10 },
    { period: 'Q4', homeScore: 17, awayScore: 17 },
    { period: 'FINAL', homeScore: 23, awayScore: 17 },
  ]
  const paid = new Set<string>()
  for (let n = 1; n <= 5; n++) {
    const final = n === 5
    add('score', { status: final ? 'completed' : 'in_progress', quarter: n, homeScore: ends[n - 1].homeScore, awayScore: ends[n - 1].awayScore, ends: ends.slice(0, n), changes: [] })
    const decided = awards({ rules, leagueId: 1, prizePool: 22_500, taken: owners.map((o) => !!o), numberSets: sets, ends: ends.slice(0, n), changes: [] })
    for (const a of decided) {
      const key = awardKey(a)
      if (paid.has(key)) continue
      paid.add(key)
      const owner = owners[a.row * 5 + a.column]
      add('prize', { award: key, kind: a.kind, period: a.period, row: a.row, column: a.column, homeScore: a.homeScore, awayScore: a.awayScore, owner, amount: cents(a.amount), status: owner === 'admin' ? 'house' : 'credited' })
      if (key === 'period:Q1') add('fee', { amount: '25.00', to: 'house_fees' })
      add('claim', { award: key, owner, amount: cents(a.amount), status: 'claimed' })
      add('payout', { award: key, owner, amount: cents(a.amount), status: 'paid' })
      if (!final) checkpoints.push({ seq: raw.length, reason: `settled ${a.period}` })
    }
  }
  checkpoints.push({ seq: raw.length, reason: 'completed' })
  const entries = await rechain(raw)
  const seqOf: Record<string, number> = {}
  entries.forEach((e) => {
    const award = (e.data as { award?: string }).award
    seqOf[e.kind] ??= e.seq
    if (award) seqOf[`${e.kind} ${award}`] ??= e.seq
  })
  return { raw, entries, checkpoints: checkpointsAt(PLAYED_POOL, entries, checkpoints), seqOf, owners }
}
