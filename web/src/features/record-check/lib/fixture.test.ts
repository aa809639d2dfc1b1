// A pool played from open to completed by the Go server (cmd/squares TestRecordFixture, `-update` writes
// testdata/played.json): its record, key, pool, squares and winners as the API served them. The browser's
// check must find what the server's own verifier finds: every entry holds, and the pool as served is its
// record's; and it must name what is changed in it.
import { describe, expect, it } from 'vitest'
import type { Pool, Record as RecordPage, RecordKey, Square, Winner } from '@/lib/api.gen'
import type { BeaconChainInfo } from '@/lib/drand'
import fixtureText from '../testdata/played.json?raw'
import { beaconSignatureCheck } from './beacon-check'
import { compareWithServed } from './compare'
import { replayRecord } from './replay'

const fixture = JSON.parse(fixtureText) as { record: RecordPage; key: RecordKey; pool: Pool; squares: Square[]; winners: Winner[] }

// The development beacon's chain (drand.DevSigner().Chain().Info(), printed by Go): the server states it at
// GET /api/beacon/chain in development mode.
const DEV_CHAIN: BeaconChainInfo = {
  chainHash: 'f47eb739eea32ae153138f6946532d2e55d96cdc65a8b3d7cf02acf056a05551',
  publicKey:
    'b56e17b34fc0457456b7be5aa584cf1923d215adf27ffcc8018345bfa4042f63e593d77d48539aa82258ce3d1e69d4c416960aaaa081f4d48d8259ab5247589918248553f9a925e1d0d44ca460be5a02ada7ec473ec5848dfa986e39970f55ee',
  genesis: 1704067200,
  period: 3,
  scheme: 'bls-unchained-g1-rfc9380',
  dev: true,
}

function check(over: { entries?: RecordPage['entries']; squares?: Square[]; winners?: Winner[] } = {}) {
  const { record } = fixture
  return replayRecord({
    poolId: fixture.pool.id,
    entries: over.entries ?? record.entries,
    checkpoints: record.checkpoints,
    publicKey: fixture.key.publicKey,
    stated: { seq: record.seq, head: record.head },
    checkBeacon: beaconSignatureCheck(() => Promise.resolve(DEV_CHAIN)),
  }).then((r) => ({
    ...r,
    served: r.fault ? null : compareWithServed(r.replay, over.entries ?? record.entries, { pool: fixture.pool, squares: over.squares ?? fixture.squares, winners: over.winners ?? fixture.winners }, record.checkpoints),
  }))
}

describe('a pool the Go server played, checked in the browser', () => {
  it('holds entry by entry, beacon signature included, and the pool as served is its record', async () => {
    expect(fixture.record.more).toBe(false)
    const { fault, replay, served } = await check()
    expect(fault).toBeNull()
    expect(served).toBeNull()
    expect(replay.notes).toEqual([])
    expect(replay.completed).toBe(true)
    expect(replay.beacon?.signatureChecked).toBe(true)
    expect(replay.drawn?.data.derivation).toBe('squares-draw-v2')
    expect(replay.totals.moneyIn).toBe(replay.totals.fee + replay.totals.prizes + replay.totals.refunds)
    expect(replay.prizes.size).toBe(fixture.winners.length)
  })

  it('names a stored entry changed', async () => {
    const entries = structuredClone(fixture.record.entries)
    const prize = entries.find((e) => e.kind === 'prize')!
    ;(prize.data as { amount: string }).amount = '999.00'
    const { fault } = await check({ entries })
    expect(fault).toEqual({ seq: prize.seq, reason: expect.stringContaining('its hash does not match its content') as string })
  })

  it('names a square’s owner changed behind the record’s back', async () => {
    const squares = structuredClone(fixture.squares)
    const sq = squares.find((s) => s.status === 'owned' && s.userId !== 'admin')!
    sq.userId = '424242'
    const { served } = await check({ squares })
    expect(served?.reason).toMatch(new RegExp(`^square row ${sq.row + 1}, column ${sq.column + 1}: the pool shows player 424242; the record \\(entry \\d+, taken\\) says `))
  })

  it('names a prize amount changed behind the record’s back', async () => {
    const winners = structuredClone(fixture.winners)
    winners[0].amount = '1.00'
    const { served } = await check({ winners })
    expect(served?.reason).toMatch(new RegExp(`^entry \\d+ \\(prize ${winners[0].award}\\): the pool shows \\$1\\.00 for row \\d+, column \\d+; the record says \\$`))
  })
})
