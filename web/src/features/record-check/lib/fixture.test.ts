// A pool played from open to completed by the Go server on a local drand relay (cmd/squares
// TestRecordFixture, `-update` writes testdata/played.json): its record, key, pool, squares and winners as
// the API served them, and the relay's chain (its /info JSON, what the server was given as
// SQUARES_DRAND_CHAIN). The browser's check must find what the server's own verifier finds: the beacon's
// BLS signature verifies against that chain's key, every entry holds, and the pool as served is its
// record's; and it must name what is changed in it.
import { describe, expect, it } from 'vitest'
import type { Pool, Record as RecordPage, RecordKey, Square, Winner } from '@/lib/api.gen'
import { QUICKNET, SUPPORTED_SCHEME, type BeaconChainInfo } from '@/lib/drand'
import fixtureText from '../testdata/played.json?raw'
import { beaconSignatureCheck } from './beacon-check'
import { compareWithServed } from './compare'
import { replayRecord } from './replay'

/** A drand relay's /info JSON (drand's field names). */
interface DrandInfo {
  public_key: string
  period: number
  genesis_time: number
  chain_hash?: string
  hash?: string
  scheme?: string
  schemeID?: string
}

const fixture = JSON.parse(fixtureText) as { record: RecordPage; key: RecordKey; pool: Pool; squares: Square[]; winners: Winner[]; chain: DrandInfo }

/** The relay's chain as the server states it at GET /api/beacon/chain (http/beacon_chain.go) when given its /info JSON. */
function chainFromInfo(info: DrandInfo): BeaconChainInfo {
  return {
    chainHash: info.chain_hash ?? info.hash ?? '',
    publicKey: info.public_key,
    genesis: info.genesis_time,
    period: info.period,
    scheme: info.scheme ?? info.schemeID ?? '',
    dev: false,
  }
}

const RELAY_CHAIN = chainFromInfo(fixture.chain)

function check(over: { entries?: RecordPage['entries']; squares?: Square[]; winners?: Winner[]; chain?: BeaconChainInfo } = {}) {
  const { record } = fixture
  return replayRecord({
    poolId: fixture.pool.id,
    entries: over.entries ?? record.entries,
    checkpoints: record.checkpoints,
    publicKey: fixture.key.publicKey,
    stated: { seq: record.seq, head: record.head },
    checkBeacon: beaconSignatureCheck(() => Promise.resolve(over.chain ?? RELAY_CHAIN)),
  }).then((r) => ({
    ...r,
    served: r.fault ? null : compareWithServed(r.replay, over.entries ?? record.entries, { pool: fixture.pool, squares: over.squares ?? fixture.squares, winners: over.winners ?? fixture.winners }, record.checkpoints),
  }))
}

describe('a pool the Go server played, checked in the browser', () => {
  it('holds entry by entry, the relay’s beacon signature included, and the pool as served is its record', async () => {
    expect(fixture.record.more).toBe(false)
    // The round is the local relay's, not the development beacon's nor quicknet's.
    const locked = fixture.record.entries.find((e) => e.kind === 'locked')!.data as { chainHash: string; dev: boolean }
    expect(locked.dev).toBe(false)
    expect(locked.chainHash).toBe(RELAY_CHAIN.chainHash)
    expect(RELAY_CHAIN.chainHash).not.toBe(QUICKNET.chainHash)
    expect(RELAY_CHAIN.scheme).toBe(SUPPORTED_SCHEME)
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

  it('names the beacon entry when the chain’s key did not sign its round', async () => {
    // The relay's chain with another BLS key (quicknet's): the signature must not verify against it.
    const { fault } = await check({ chain: { ...RELAY_CHAIN, publicKey: QUICKNET.publicKey } })
    const beacon = fixture.record.entries.find((e) => e.kind === 'beacon')!
    expect(fault).toEqual({ seq: beacon.seq, reason: expect.stringContaining('its signature is not the drand chain’s signature of round') as string })
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
