// One short line a person reads for each entry of a record, by its kind.

import type {
  RecordActionData,
  RecordBeaconData,
  RecordCancelData,
  RecordDrawData,
  RecordEntry,
  RecordFeeData,
  RecordLockData,
  RecordOpenData,
  RecordPaymentData,
  RecordPrizeActData,
  RecordPrizeData,
  RecordScoreData,
  RecordTakenData,
} from '@/lib/api.gen'
import { formatMoney } from '@/lib/money'
import { ownerText, squareText } from './text'

/** What each kind of entry is called in the list. */
export const KIND_LABELS: Record<string, string> = {
  opened: 'Opened',
  taken: 'Taken',
  held: 'Held',
  captured: 'Captured',
  released: 'Released',
  refunded: 'Refunded',
  locked: 'Locked',
  beacon: 'Beacon',
  drawn: 'Drawn',
  score: 'Score',
  prize: 'Prize',
  fee: 'Fee',
  claim: 'Claim',
  payout: 'Payout',
  cancelled: 'Cancelled',
  action: 'Action',
}

const TAKEN_BY: Record<string, string> = {
  claim: 'claimed',
  purchase: 'bought',
  host: 'assigned by the host',
  house: 'filled by the house',
  takeover: 'taken over by the house',
}

const squares = (n: number) => (n === 1 ? '1 square' : `${n} squares`)
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

/** The entry in one line: "5 squares bought by player 3 for $50.00", "Q1 prize $56.25 to player 2 (row 1, column 3)". */
export function entrySummary(e: RecordEntry): string {
  const d = (e.data ?? {}) as never
  switch (e.kind) {
    case 'opened': {
      const o = d as RecordOpenData
      return `“${o.name}” opened: ${o.rules?.grid ?? 100} squares at ${formatMoney(o.entryFee)}, fee ${o.feePercent}%`
    }
    case 'taken': {
      const t = d as RecordTakenData
      const n = t.squares?.length ?? 0
      const how = TAKEN_BY[t.by] ?? t.by
      const cost = t.amount && t.amount !== '0.00' ? ` for ${formatMoney(t.amount)}` : ''
      if (t.by === 'takeover') return `${cap(squares(n))} of ${ownerText(t.from)} taken over by the house${cost}`
      if (t.by === 'house') return `${cap(squares(n))} filled by the house${cost}`
      return `${cap(squares(n))} ${how} ${t.by === 'host' ? `to ${ownerText(t.owner)}` : `by ${ownerText(t.owner)}`}${cost}`
    }
    case 'held':
    case 'captured':
    case 'released':
    case 'refunded': {
      const p = d as RecordPaymentData
      const freed = p.freed && p.squares?.length ? `; ${squares(p.squares.length)} back on sale` : ''
      return `${formatMoney(p.amount)} of ${ownerText(p.owner)} ${e.kind}${p.reason ? ` (${p.reason})` : ''}${freed}`
    }
    case 'locked': {
      const l = d as RecordLockData
      return l.beacon === 'pending' ? `Grid locked; numbers at ${l.dev ? 'development ' : ''}beacon round ${l.round}` : 'Grid locked; drawn without a beacon'
    }
    case 'beacon': {
      const b = d as RecordBeaconData
      return b.status === 'verified' ? `Beacon round ${b.round} fetched and verified` : `Beacon round ${b.round} ${b.status}${b.reason ? `: ${b.reason}` : ''}`
    }
    case 'drawn': {
      const dr = d as RecordDrawData
      const sets = dr.sets ?? []
      if (sets.length === 1) return `Numbers drawn: away ${sets[0].awayNumbers?.join(' ')} · home ${sets[0].homeNumbers?.join(' ')}`
      return `Numbers drawn for ${sets.map((s) => s.period).join(', ')}`
    }
    case 'score': {
      const s = d as RecordScoreData
      const ended = s.ends?.length ? `; ended: ${s.ends.map((x) => x.period).join(', ')}` : ''
      return `Home ${s.homeScore}, away ${s.awayScore} (${s.status.replace('_', ' ')})${ended}`
    }
    case 'prize': {
      const p = d as RecordPrizeData
      return `${p.award}: ${formatMoney(p.amount)} to ${ownerText(p.owner)} (${squareText(p)})`
    }
    case 'fee': {
      const f = d as RecordFeeData
      return `Fee ${formatMoney(f.amount)}${f.to ? ` to ${f.to.replace('_', ' ')}` : ''}`
    }
    case 'claim': {
      const c = d as RecordPrizeActData
      return `${cap(ownerText(c.owner))} claimed ${c.award} (${formatMoney(c.amount)})`
    }
    case 'payout': {
      const p = d as RecordPrizeActData
      return `${p.award} ${p.status.replace('_', ' ')}: ${formatMoney(p.amount)} to ${ownerText(p.owner)}`
    }
    case 'cancelled':
      return `Pool cancelled${(d as RecordCancelData).reason ? `: ${(d as RecordCancelData).reason}` : ''}`
    case 'action': {
      const a = d as RecordActionData
      const by = a.by === 'admin' ? 'An admin' : a.by === 'host' ? 'The host' : cap(a.by || 'someone')
      return `${by}: ${a.action}${a.reason ? ` (${a.reason})` : ''}`
    }
  }
  return e.kind
}
