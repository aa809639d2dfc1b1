// The replay of a pool's record (docs/fairness.md, "Checking a pool's record"): after the chain and
// the checkpoints hold, every entry is played in order from the opening entry, and each must follow from
// what came before it: squares taken only when free (a takeover replaces the owner it names with the house),
// freed only from their payment's owner; the lock's ownership the replayed one; the beacon the locked round,
// its randomness SHA-256 of its signature; the digits derived from the committed seeds, the pool id, the
// ownership and the randomness; after each score the prizes decided by Awards (award.ts), each recorded
// exactly once by a prize entry naming its square, amount and the square's owner; the fee once; claims and
// payouts of prizes that exist; and the totals of a completed paid pool: money in = fee + prizes + refunds.
// The first entry that does not hold is named with the reason.

import type {
  RecordActionData,
  RecordBeaconData,
  RecordCheckpoint,
  RecordDrawData,
  RecordEntry,
  RecordLockData,
  RecordOpenData,
  RecordPaymentData,
  RecordPrizeActData,
  RecordPrizeData,
  RecordScoreData,
  RecordSetCommitment,
  RecordTakenData,
  Rules,
} from '@/lib/api.gen'
import { sha256Hex } from '@/lib/draw'
import { AwardError, awardKey, awards as decideAwards, cellIndex, gridOf, percentOf, type Award, type Grid } from './award'
import { checkRecordChain, entryName, hexBytes, sha256HexOf, type RecordFault } from './chain'
import { checkCheckpoints } from './checkpoint'
import { money, ownerText, squareText } from './text'
import { draw } from './replay-draw'
import { amountOf, cellOf, Fault, pay, sourceOf, take } from './replay-squares'

/**
 * Checks a beacon round against its chain (its BLS signature, its round and time): {} when it holds, a fault
 * when it does not, a note when it cannot be checked here.
 */
export type BeaconSignatureCheck = (round: {
  chainHash: string
  dev: boolean
  round: number
  signature: string
  lockedAt: string
  dueAt: string
}) => Promise<{ fault?: string; note?: string }>

export interface RecordReplayInput {
  poolId: number
  /** Every entry of the record, from its first. */
  entries: readonly RecordEntry[]
  checkpoints: readonly RecordCheckpoint[]
  /** The server's record key (hex Ed25519 public key). */
  publicKey: string
  /** The head the server states for the record: it must be its last entry's. */
  stated?: { seq: number; head: string }
  /** Checks the beacon's BLS signature; without it the replay notes that it was not checked. */
  checkBeacon?: BeaconSignatureCheck
  onProgress?: (p: { step: 'chain' | 'checkpoints' | 'replay'; done: number; total: number }) => void
}

export interface ReplayedPayment {
  id: string
  owner: string
  amount: number
  squares: number[]
  state: 'held' | 'captured' | 'released' | 'refunded'
  seq: number
}

export interface ReplayedPrize {
  seq: number
  award: string
  kind: string
  period: string
  row: number
  column: number
  owner: string
  amount: number
}

export interface ReplayTotals {
  captured: number
  /** What the house put into the pool for its squares. */
  house: number
  moneyIn: number
  fee: number
  prizes: number
  refunds: number
  paidOut: number
}

/** The pool as its record tells it. */
export interface RecordReplay {
  poolId: number
  entries: number
  open: RecordOpenData | null
  rules: Rules | null
  /** The seed commitments: the opening's, or those new rules made (an action with rules). */
  commitments: { seq: number; drawCommitment: string; numberSets: RecordSetCommitment[] } | null
  grid: Grid | null
  entryFee: number
  /** Every square's owner in row-major order ("" for a free one), and the entry that made it so (0 for none). */
  owners: string[]
  ownerSeq: number[]
  payments: Map<string, ReplayedPayment>
  locked: { seq: number; at: string; data: RecordLockData } | null
  beacon: { seq: number; data: RecordBeaconData; signatureChecked: boolean } | null
  drawn: { seq: number; data: RecordDrawData } | null
  /** The awards decided after the last score, and that score's seq. */
  awards: Award[]
  awardsSeq: number
  prizes: Map<string, ReplayedPrize>
  fee: { seq: number; amount: number } | null
  payouts: Map<string, { seq: number; amount: number; status: string }>
  claims: number
  cancelled: { seq: number; reason: string } | null
  /** The final's prizes are decided. */
  completed: boolean
  /** The pot less the fee, by the owners now (cents). */
  prizePool: number
  totals: ReplayTotals
  /** What the replay could not check, said plainly. */
  notes: string[]
}

export interface ReplayResult {
  replay: RecordReplay
  fault: RecordFault | null
}

/** GridOwnershipText: the owners in row-major order, comma-separated, an empty square written "-". */
export function gridOwnershipText(owners: readonly string[]): string {
  return owners.map((o) => o || '-').join(',')
}

/** Replays a pool's record: the chain, the checkpoints, then every entry. */
export async function replayRecord(input: RecordReplayInput): Promise<ReplayResult> {
  const { entries } = input
  const r = emptyReplay(input.poolId, entries.length)
  const total = entries.length
  input.onProgress?.({ step: 'chain', done: 0, total })
  const chain = await checkRecordChain(entries, undefined, undefined, (done) => input.onProgress?.({ step: 'chain', done, total }))
  if (chain) return { replay: r, fault: chain }
  input.onProgress?.({ step: 'checkpoints', done: 0, total: input.checkpoints.length })
  const cp = await checkCheckpoints(input.publicKey, input.poolId, entries, input.checkpoints)
  if (cp) return { replay: r, fault: cp }
  const last = entries.at(-1)
  if (input.stated && (input.stated.seq !== (last?.seq ?? 0) || (last && input.stated.head !== last.hash))) {
    return {
      replay: r,
      fault: { seq: input.stated.seq, reason: `the server states the record's head as entry ${input.stated.seq}; the record it served ends at entry ${last?.seq ?? 0}${last ? ` with another hash` : ''}` },
    }
  }
  try {
    for (const [i, e] of entries.entries()) {
      await play(r, e, input)
      if ((i + 1) % 50 === 0) input.onProgress?.({ step: 'replay', done: i + 1, total })
    }
    input.onProgress?.({ step: 'replay', done: total, total })
    if (last) finish(r, last.seq)
  } catch (err) {
    if (err instanceof Fault) return { replay: r, fault: { seq: err.seq, reason: err.message } }
    throw err
  }
  return { replay: r, fault: null }
}

function emptyReplay(poolId: number, n: number): RecordReplay {
  return {
    poolId,
    entries: n,
    open: null,
    rules: null,
    commitments: null,
    grid: null,
    entryFee: 0,
    owners: [],
    ownerSeq: [],
    payments: new Map(),
    locked: null,
    beacon: null,
    drawn: null,
    awards: [],
    awardsSeq: 0,
    prizes: new Map(),
    fee: null,
    payouts: new Map(),
    claims: 0,
    cancelled: null,
    completed: false,
    prizePool: 0,
    totals: { captured: 0, house: 0, moneyIn: 0, fee: 0, prizes: 0, refunds: 0, paidOut: 0 },
    notes: [],
  }
}

function potOf(r: RecordReplay): { pot: number; fee: number; prizePool: number } {
  const taken = r.owners.filter((o) => o !== '').length
  const pot = r.entryFee * taken
  const fee = percentOf(pot, r.open?.feePercent ?? 0)
  return { pot, fee, prizePool: pot - fee }
}

async function play(r: RecordReplay, e: RecordEntry, input: RecordReplayInput): Promise<void> {
  const name = entryName(e)
  const fail = (reason: string): never => {
    throw new Fault(e.seq, `${name}: ${reason}`)
  }
  if (e.seq === 1 && e.kind !== 'opened') fail('the record does not start with the pool’s opening (opened)')
  const d = (e.data ?? {}) as Record<string, unknown>
  switch (e.kind) {
    case 'opened': {
      if (e.seq !== 1) fail('the pool opens a second time')
      const o = d as unknown as RecordOpenData
      r.open = o
      r.entryFee = amountOf(e, o.entryFee, 'entry fee')
      setRules(r, e, o.rules)
      r.commitments = { seq: e.seq, drawCommitment: o.drawCommitment, numberSets: o.numberSets ?? [] }
      return
    }
    case 'action': {
      const a = d as unknown as RecordActionData
      if (a.rules) {
        if (r.locked) fail('the rules changed after the grid was locked')
        if (r.owners.some((o) => o !== '')) fail('the rules changed after squares were taken')
        setRules(r, e, a.rules)
        // New rules commit new seeds, which replace the opening's.
        if (a.drawCommitment || a.numberSets?.length) r.commitments = { seq: e.seq, drawCommitment: a.drawCommitment ?? '', numberSets: a.numberSets ?? [] }
      }
      return
    }
    case 'taken':
      return take(r, e, d as unknown as RecordTakenData, input.entries)
    case 'held':
    case 'captured':
    case 'released':
    case 'refunded':
      return pay(r, e, d as unknown as RecordPaymentData)
    case 'locked': {
      if (r.locked) fail(`the grid was locked already (entry ${r.locked.seq})`)
      if (r.cancelled) fail('the pool was cancelled')
      const l = d as unknown as RecordLockData
      const text = gridOwnershipText(r.owners)
      if (l.ownership !== text) {
        const theirs = typeof l.ownership === 'string' ? l.ownership.split(',') : []
        const i = r.owners.findIndex((o, k) => (o || '-') !== theirs[k])
        fail(
          i < 0
            ? 'the ownership it fixes does not list every square of the grid'
            : `the ownership it fixes gives ${squareText(cellOf(r, i))} to ${ownerText(theirs[i] === '-' ? '' : (theirs[i] ?? ''))}; the record (${sourceOf(r, input.entries, i)}) says ${ownerText(r.owners[i])}`,
        )
      }
      if (l.ownershipSha256 !== (await sha256Hex(text))) fail('its ownershipSha256 is not the SHA-256 of its ownership')
      if (l.beacon === 'pending' ? !(l.round > 0) : l.beacon !== 'off') fail(`its beacon is "${l.beacon}" with round ${l.round}: want a pending round, or off`)
      r.locked = { seq: e.seq, at: e.at, data: l }
      return
    }
    case 'beacon': {
      const b = d as unknown as RecordBeaconData
      if (!r.locked) fail('a beacon round before the grid was locked')
      if (r.beacon) fail(`a second beacon (entry ${r.beacon.seq})`)
      if (r.locked!.data.beacon !== 'pending') fail('a beacon for a pool locked without one')
      if (b.round !== r.locked!.data.round) fail(`round ${b.round} is not the round fixed at the lock (entry ${r.locked!.seq}): ${r.locked!.data.round}`)
      let checked = false
      if (b.status === 'verified') {
        const sig = hexBytes(b.signature)
        if (!sig || sig.length === 0) fail('its signature is not hex')
        if ((await sha256HexOf(sig!)) !== b.randomness) fail('its randomness is not the SHA-256 of its signature')
        if (input.checkBeacon) {
          const l = r.locked!.data
          const got = await input.checkBeacon({ chainHash: l.chainHash, dev: l.dev, round: b.round, signature: b.signature, lockedAt: r.locked!.at, dueAt: l.dueAt })
          if (got.fault) fail(got.fault)
          if (got.note) r.notes.push(got.note)
          checked = !got.note
        } else {
          r.notes.push(`The beacon round ${b.round}’s BLS signature was not checked here.`)
        }
      } else if (b.status !== 'unavailable') {
        fail(`its status "${b.status}" is neither verified nor unavailable`)
      }
      r.beacon = { seq: e.seq, data: b, signatureChecked: checked }
      return
    }
    case 'drawn':
      return draw(r, e, d as unknown as RecordDrawData, input.poolId)
    case 'score':
      return score(r, e, d as unknown as RecordScoreData)
    case 'prize': {
      const p = d as unknown as RecordPrizeData
      const seen = r.prizes.get(p.award)
      if (seen) fail(`a second prize entry for ${p.award} (the first is entry ${seen.seq})`)
      const a = r.awards.find((x) => awardKey(x) === p.award)
      if (!a) fail(`no award of the record's scores is ${p.award}: ${r.awardsSeq ? `after entry ${r.awardsSeq} they are ${r.awards.map(awardKey).join(', ') || 'none'}` : 'no score was recorded'}`)
      const amount = amountOf(e, p.amount)
      const owner = r.owners[cellIndex(r.grid!, a!)]
      if (p.row !== a!.row || p.column !== a!.column) fail(`the award pays ${squareText(a!)}; the entry says ${squareText(p)}`)
      if (amount !== a!.amount) fail(`the award pays ${squareText(a!)} ${money(a!.amount)}; the entry says ${money(amount)}`)
      if (p.owner !== owner) fail(`${squareText(a!)} is ${ownerText(owner)}'s; the entry pays ${ownerText(p.owner)}`)
      r.prizes.set(p.award, { seq: e.seq, award: p.award, kind: p.kind, period: p.period, row: p.row, column: p.column, owner: p.owner, amount })
      r.totals.prizes += amount
      return
    }
    case 'fee': {
      if (r.fee) fail(`a second fee (the first is entry ${r.fee.seq})`)
      const amount = amountOf(e, d.amount)
      const { pot, fee } = potOf(r)
      if (amount !== fee) fail(`the fee is ${r.open?.feePercent ?? 0}% of the pot ${money(pot)}: ${money(fee)}; the entry says ${money(amount)}`)
      r.fee = { seq: e.seq, amount }
      r.totals.fee = amount
      return
    }
    case 'claim':
    case 'payout': {
      const a = d as unknown as RecordPrizeActData
      const prize = r.prizes.get(a.award)
      if (!prize) fail(`it names the prize ${a.award}, which the record has not awarded`)
      const amount = amountOf(e, a.amount)
      if (amount !== prize!.amount) fail(`the prize ${a.award} (entry ${prize!.seq}) is ${money(prize!.amount)}; the entry says ${money(amount)}`)
      if (e.kind === 'claim') {
        r.claims++
        return
      }
      const paid = r.payouts.get(a.award)
      if (paid) fail(`the prize ${a.award} was settled already (entry ${paid.seq})`)
      r.payouts.set(a.award, { seq: e.seq, amount, status: a.status })
      if (a.status === 'paid' || a.status === 'host_paid') r.totals.paidOut += amount
      return
    }
    case 'cancelled': {
      if (r.cancelled) fail(`the pool was cancelled already (entry ${r.cancelled.seq})`)
      r.cancelled = { seq: e.seq, reason: typeof d.reason === 'string' ? d.reason : '' }
      return
    }
  }
}

function setRules(r: RecordReplay, e: RecordEntry, rules: Rules | undefined) {
  let grid: Grid
  try {
    grid = gridOf(rules?.grid ?? 0)
  } catch {
    throw new Fault(e.seq, `${entryName(e)}: its rules have no grid of 100, 50 or 25 squares`)
  }
  if (r.grid && grid.rows * grid.columns !== r.owners.length && r.owners.some((o) => o)) {
    throw new Fault(e.seq, `${entryName(e)}: the grid changed with squares taken`)
  }
  r.rules = rules!
  r.grid = grid
  if (r.owners.length !== grid.rows * grid.columns) {
    r.owners = Array.from({ length: grid.rows * grid.columns }, () => '')
    r.ownerSeq = r.owners.map(() => 0)
  }
}

function score(r: RecordReplay, e: RecordEntry, s: RecordScoreData) {
  if (!r.rules || !r.open) throw new Fault(e.seq, `${entryName(e)}: a score before the pool opened`)
  const { prizePool } = potOf(r)
  try {
    r.awards = decideAwards({
      rules: r.rules,
      leagueId: r.open.leagueId,
      prizePool,
      taken: r.owners.map((o) => o !== ''),
      numberSets: r.drawn?.data.sets ?? [],
      ends: s.ends ?? [],
      changes: s.changes ?? [],
    })
    r.awardsSeq = e.seq
    r.prizePool = prizePool
  } catch (err) {
    if (err instanceof AwardError && err.code === 'unprocessable') {
      // The server waits too: the prizes are decided once the score changes and the final agree.
      r.notes.push(`Entry ${e.seq} (score): ${err.message}`)
      return
    }
    throw new Fault(e.seq, `${entryName(e)}: its prizes cannot be decided: ${(err as Error).message}`)
  }
}

/** What the whole record must show once read: every award recorded, the fee, the totals. */
function finish(r: RecordReplay, lastSeq: number) {
  for (const a of r.awards) {
    const key = awardKey(a)
    const p = r.prizes.get(key)
    const owner = r.owners[cellIndex(r.grid!, a)]
    if (!p) {
      throw new Fault(r.awardsSeq, `entry ${r.awardsSeq} (score): the award ${key} pays ${squareText(a)} ${money(a.amount)} to ${ownerText(owner)}; the record has no prize entry for it`)
    }
    if (p.row !== a.row || p.column !== a.column || p.amount !== a.amount || p.owner !== owner) {
      throw new Fault(p.seq, `entry ${p.seq} (prize ${key}): after the last score (entry ${r.awardsSeq}) the award pays ${squareText(a)} ${money(a.amount)} to ${ownerText(owner)}; the entry says ${squareText(p)} ${money(p.amount)} to ${ownerText(p.owner)}`)
    }
  }
  r.completed = r.awards.some((a) => a.kind === 'period' && a.period === 'FINAL')
  const t = r.totals
  t.moneyIn = t.captured + t.house
  const { fee } = potOf(r)
  const paid = r.entryFee > 0 && r.open?.collection !== 'host'
  if (r.completed && paid && fee > 0 && !r.fee) throw new Fault(lastSeq, `the pool is decided and its fee of ${money(fee)} is not in the record`)
  // A payment still only held (its capture is the escrow's next pass) has not come in yet.
  const pending = [...r.payments.values()].filter((p) => p.state === 'held' && p.squares.some((i) => r.owners[i] === p.owner))
  if (r.completed && paid && pending.length > 0) {
    r.notes.push(
      `${pending.length === 1 ? '1 payment is' : `${pending.length} payments are`} held and not yet captured (${pending.map((p) => p.id).join(', ')}): the money is checked to add up once ${pending.length === 1 ? 'it comes' : 'they come'} in.`,
    )
  } else if (r.completed && paid && t.moneyIn !== t.fee + t.prizes + t.refunds) {
    throw new Fault(
      lastSeq,
      `the totals do not add up: money in ${money(t.moneyIn)} (captured ${money(t.captured)}, the house ${money(t.house)}) is not the fee ${money(t.fee)} + prizes ${money(t.prizes)} + refunds ${money(t.refunds)} = ${money(t.fee + t.prizes + t.refunds)}`,
    )
  }
}
