import { beforeAll, describe, expect, it } from 'vitest'
import { QUICKNET } from '@/lib/drand'
import { beaconSignatureCheck } from './beacon-check'
import { playedRecord, PLAYED_POOL, type PlayedRecord } from './played-record'
import { replayRecord, type RecordReplayInput } from './replay'
import { checkpointsAt, rechain, TEST_PUBLIC_KEY, type RawEntry } from './test-record'

// Asymmetric matchers typed as the strings they stand for.
const containing = (text: string) => expect.stringContaining(text) as string
const matching = (re: RegExp) => expect.stringMatching(re) as string

let played: PlayedRecord
beforeAll(async () => {
  played = await playedRecord()
})

// quicknet's key is built in: the server's chain is never asked for.
const checkBeacon = beaconSignatureCheck(() => Promise.reject(new Error('not asked')))

function input(over: Partial<RecordReplayInput> = {}): RecordReplayInput {
  return { poolId: PLAYED_POOL, entries: played.entries, checkpoints: played.checkpoints, publicKey: TEST_PUBLIC_KEY, checkBeacon, ...over }
}

/**
 * The played record with one entry's data changed, chained again and its checkpoints signed again: what a
 * server holding the key could publish. Only the replay can catch it.
 */
async function rewritten(seq: number, change: (data: Record<string, unknown>) => void, more: (raw: RawEntry[]) => void = () => {}): Promise<RecordReplayInput> {
  const raw = structuredClone(played.raw)
  change(raw[seq - 1].data as Record<string, unknown>)
  more(raw)
  const entries = await rechain(raw)
  const checkpoints = checkpointsAt(
    PLAYED_POOL,
    entries,
    played.checkpoints.filter((c) => c.seq <= entries.length).map((c) => ({ seq: c.seq, reason: c.reason })),
  )
  return input({ entries, checkpoints })
}

describe('the replay of a played pool', () => {
  it('holds: chain, checkpoints, ownership, beacon, draw, prizes, fee, payouts and totals', async () => {
    const { replay, fault } = await replayRecord(input({ stated: { seq: played.entries.length, head: played.entries.at(-1)!.hash } }))
    expect(fault).toBeNull()
    expect(replay.completed).toBe(true)
    expect(replay.beacon?.signatureChecked).toBe(true)
    expect(replay.owners).toEqual(played.owners)
    expect([...replay.prizes.values()].map((p) => `${p.award} ${p.amount}`)).toEqual(['period:Q1 5625', 'period:Q2 5625', 'period:Q3 5625', 'period:FINAL 5625'])
    expect(replay.totals).toEqual({ captured: 25_000, house: 5_000, moneyIn: 30_000, fee: 2_500, prizes: 22_500, refunds: 5_000, paidOut: 22_500 })
    expect(replay.notes).toEqual([])
  })

  it('reports its progress through the chain, the checkpoints and the replay', async () => {
    const steps: string[] = []
    await replayRecord(input({ onProgress: (p) => steps.push(`${p.step} ${p.done}/${p.total}`) }))
    const n = played.entries.length
    expect(steps).toEqual(expect.arrayContaining([`chain ${n}/${n}`, `checkpoints 0/${played.checkpoints.length}`, `replay ${n}/${n}`]))
  })

  it('notes a beacon signature it was not given the means to check', async () => {
    const { fault, replay } = await replayRecord(input({ checkBeacon: undefined }))
    expect(fault).toBeNull()
    expect(replay.notes).toEqual(['The beacon round 12040883’s BLS signature was not checked here.'])
  })
})

describe('tampering is named at its entry', () => {
  it('an entry changed in the database: the chain breaks there', async () => {
    const entries = structuredClone(played.entries)
    const seq = played.seqOf['prize period:Q2']
    ;(entries[seq - 1].data as { amount: string }).amount = '60.00'
    expect(await replayRecord(input({ entries }))).toMatchObject({ fault: { seq, reason: `entry ${seq} (prize period:Q2): its hash does not match its content: the entry was changed` } })
  })

  it('the record rewritten from an entry on: the checkpoint no longer matches', async () => {
    const seq = played.seqOf['prize period:Q2']
    const raw = structuredClone(played.raw)
    ;(raw[seq - 1].data as { amount: string }).amount = '60.00'
    const entries = await rechain(raw)
    const { fault } = await replayRecord(input({ entries }))
    expect(fault?.reason).toMatch(/the record was rewritten/)
    expect(fault?.seq).toBeGreaterThanOrEqual(seq)
  })

  it('the record cut short before a checkpoint', async () => {
    const { fault } = await replayRecord(input({ entries: played.entries.slice(0, played.seqOf.drawn - 1) }))
    expect(fault).toMatchObject({ seq: played.seqOf.drawn, reason: containing('cut short') })
  })

  it('a head the server states that is not the record’s last entry', async () => {
    const { fault } = await replayRecord(input({ stated: { seq: played.entries.length + 1, head: 'ab'.repeat(32) } }))
    expect(fault?.reason).toMatch(/states the record's head as entry/)
  })

  it('a prize amount the award does not pay', async () => {
    const seq = played.seqOf['prize period:Q2']
    const { fault } = await replayRecord(await rewritten(seq, (d) => (d.amount = '60.00')))
    expect(fault).toEqual({ seq, reason: matching(new RegExp(`^entry ${seq} \\(prize period:Q2\\): the award pays row \\d, column \\d \\$56\\.25; the entry says \\$60\\.00$`)) })
  })

  it('a prize paid to someone who does not own the square', async () => {
    const seq = played.seqOf['prize period:Q3']
    const { fault } = await replayRecord(await rewritten(seq, (d) => (d.owner = d.owner === '1' ? '2' : '1')))
    expect(fault).toMatchObject({ seq, reason: matching(/is (player \d|the house)'s; the entry pays player \d$/) })
  })

  it('a prize to another square', async () => {
    const seq = played.seqOf['prize period:Q1']
    const { fault } = await replayRecord(await rewritten(seq, (d) => (d.row = ((d.row as number) + 1) % 5)))
    expect(fault).toMatchObject({ seq, reason: matching(/the award pays row \d, column \d; the entry says row \d, column \d/) })
  })

  it('a prize no award pays', async () => {
    const seq = played.seqOf['prize period:Q1']
    const { fault } = await replayRecord(await rewritten(seq, (d) => (d.award = 'reverse:Q1')))
    expect(fault).toMatchObject({ seq, reason: containing('no award of the record’s scores is reverse:Q1'.replace('’', "'")) })
  })

  it('an award without its prize entry', async () => {
    const seq = played.seqOf['prize period:FINAL']
    // The final's prize, claim and payout removed.
    const { fault } = await replayRecord(await rewritten(seq, () => {}, (raw) => raw.splice(seq - 1, 3)))
    expect(fault).toMatchObject({ seq: seq - 1, reason: containing('the award period:FINAL pays') })
    expect(fault?.reason).toMatch(/the record has no prize entry for it$/)
  })

  it('a square sold twice', async () => {
    const seq = played.seqOf.taken
    const { fault } = await replayRecord(
      await rewritten(
        seq,
        () => {},
        (raw) => {
          // Player 2's purchase takes player 1's first square.
          const t = raw.findIndex((e, i) => i > seq - 1 && e.kind === 'taken')
          const held = raw[t - 1].data as { squares: { row: number; column: number }[] }
          const taken = raw[t].data as { squares: { row: number; column: number }[] }
          held.squares[0] = taken.squares[0] = { row: 0, column: 0 }
        },
      ),
    )
    expect(fault).toMatchObject({ reason: containing(`row 1, column 1 is not free: the record (entry ${seq}, taken) gives it to player 1`) })
  })

  it('a lock whose ownership is not the replayed one', async () => {
    const seq = played.seqOf.locked
    const { fault } = await replayRecord(await rewritten(seq, (d) => (d.ownership = (d.ownership as string).replace(/^1,/, '9,'))))
    expect(fault).toEqual({ seq, reason: `entry ${seq} (locked): the ownership it fixes gives row 1, column 1 to player 9; the record (entry ${played.seqOf.taken}, taken) says player 1` })
  })

  it('a beacon round other than the locked one, or randomness not its signature’s', async () => {
    const seq = played.seqOf.beacon
    expect((await replayRecord(await rewritten(seq, (d) => (d.round = 12040884)))).fault).toMatchObject({ seq, reason: containing('is not the round fixed at the lock') })
    expect((await replayRecord(await rewritten(seq, (d) => (d.randomness = 'ab'.repeat(32))))).fault).toMatchObject({ seq, reason: containing('randomness is not the SHA-256 of its signature') })
  })

  it('a beacon signature that is not the chain’s', async () => {
    const seq = played.seqOf.beacon
    // quicknet's real signature of round 67 (drand/testdata), with its own randomness: only BLS can tell.
    const other = '8a5e6a60b0be2adc46d31a12618cb9bb0584aa90751e7e575582f080dfdb430edf5af11411fe30a786c75c234a67c71e'
    const sha = async (hex: string) => {
      const b = Uint8Array.from(hex.match(/../g)!.map((h) => parseInt(h, 16)))
      return Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', b)), (x) => x.toString(16).padStart(2, '0')).join('')
    }
    const randomness = await sha(other)
    const { fault } = await replayRecord(
      await rewritten(
        seq,
        (d) => {
          d.signature = other
          d.randomness = randomness
        },
        (raw) => raw.splice(seq), // the draw and after would need the new randomness too
      ),
    )
    expect(fault).toEqual({ seq, reason: `entry ${seq} (beacon): its signature is not the drand chain’s signature of round 12040883` })
    expect((played.raw[played.seqOf.locked - 1].data as { chainHash: string }).chainHash).toBe(QUICKNET.chainHash)
  })

  it('a lock on a round that is not the first due 10 s later', async () => {
    const seq = played.seqOf.locked
    const raw = structuredClone(played.raw)
    raw[seq - 1].at = '2024-10-14T17:13:12.500000Z'
    const entries = await rechain(raw)
    const checkpoints = checkpointsAt(PLAYED_POOL, entries, played.checkpoints.map((c) => ({ seq: c.seq, reason: c.reason })))
    const { fault } = await replayRecord(input({ entries, checkpoints }))
    expect(fault).toMatchObject({ seq: played.seqOf.beacon, reason: containing('that is round 12040880') })
  })

  it('digits that do not follow from the seed, and a seed that is not the committed one', async () => {
    const seq = played.seqOf.drawn
    const swapped = await rewritten(seq, (d) => {
      const s = (d.sets as { homeNumbers: number[] }[])[0]
      ;[s.homeNumbers[0], s.homeNumbers[1]] = [s.homeNumbers[1], s.homeNumbers[0]]
    })
    expect((await replayRecord(swapped)).fault).toMatchObject({ seq, reason: containing('the home digits drawn from the seed are') })
    const seed = await rewritten(seq, (d) => ((d.sets as { seed: string }[])[0].seed = 'ff'.repeat(32)))
    expect((await replayRecord(seed)).fault).toMatchObject({ seq, reason: containing('is not the commitment published by the opening') })
  })

  it('a draw without the beacon’s randomness', async () => {
    const seq = played.seqOf.drawn
    const { fault } = await replayRecord(
      await rewritten(seq, (d) => {
        d.derivation = 'squares-draw-v1'
        d.randomness = ''
      }),
    )
    expect(fault).toMatchObject({ seq, reason: containing('drawn by squares-draw-v1; with a verified beacon round it is squares-draw-v2') })
  })

  it('a fee that is not the pool’s percent of the pot', async () => {
    const seq = played.seqOf.fee
    const { fault } = await replayRecord(await rewritten(seq, (d) => (d.amount = '30.00')))
    expect(fault).toEqual({ seq, reason: `entry ${seq} (fee): the fee is 10% of the pot $250.00: $25.00; the entry says $30.00` })
  })

  it('a payout of another amount than its prize', async () => {
    const seq = played.seqOf['payout period:Q3']
    const { fault } = await replayRecord(await rewritten(seq, (d) => (d.amount = '65.00')))
    expect(fault).toMatchObject({ seq, reason: matching(/the prize period:Q3 \(entry \d+\) is \$56\.25; the entry says \$65\.00$/) })
  })

  it('money in that is not fee + prizes + refunds', async () => {
    const seq = played.seqOf.captured
    const { fault } = await replayRecord(await rewritten(seq, (d) => (d.amount = '40.00')))
    expect(fault).toMatchObject({ seq: played.entries.length, reason: containing('the totals do not add up: money in $290.00') })
  })

  it('a payment not yet captured when the game ends: noted, the money checked once it comes in', async () => {
    const seq = played.seqOf.captured
    const { fault, replay } = await replayRecord(await rewritten(seq, () => {}, (raw) => raw.splice(seq - 1, 1)))
    expect(fault).toBeNull()
    expect(replay.notes).toEqual([expect.stringMatching(/^1 payment is held and not yet captured \(pay-1\)/) as string])
  })

  it('squares freed that are not the payment’s owner’s', async () => {
    const seq = played.seqOf.refunded
    const { fault } = await replayRecord(await rewritten(seq, (d) => (d.squares = [{ row: 0, column: 0 }])))
    expect(fault).toMatchObject({ seq, reason: containing("it frees row 1, column 1, which is player 1's, not player 5's") })
  })

  it('a record that does not start with the opening', async () => {
    const raw = structuredClone(played.raw).slice(1)
    const entries = await rechain(raw)
    const { fault } = await replayRecord(input({ entries, checkpoints: [] }))
    expect(fault).toEqual({ seq: 1, reason: 'entry 1 (action): the record does not start with the pool’s opening (opened)' })
  })

  it('a takeover of a square from someone who does not own it', async () => {
    const raw = structuredClone(played.raw)
    raw.push({ at: '2024-10-14T18:00:00.000000Z', kind: 'taken', data: { squares: [{ row: 0, column: 0 }], owner: 'admin', by: 'takeover', payment: '', amount: '10.00', from: '3' } })
    const entries = await rechain(raw)
    const { fault } = await replayRecord(input({ entries }))
    expect(fault).toEqual({
      seq: entries.length,
      reason: `entry ${entries.length} (taken): the takeover replaces player 3 on row 1, column 1; the record (entry ${played.seqOf.taken}, taken) says player 1`,
    })
  })

  it('squares taken after the lock', async () => {
    const seq = played.seqOf.locked
    const { fault } = await replayRecord(
      await rewritten(seq, () => {}, (raw) => raw.splice(seq, 0, { at: raw[seq - 1].at, kind: 'taken', data: { squares: [{ row: 4, column: 4 }], owner: '7', by: 'claim', payment: '', amount: '0.00', from: '' } })),
    )
    expect(fault).toMatchObject({ seq: seq + 1, reason: containing('squares taken after the grid was locked') })
  })
})
