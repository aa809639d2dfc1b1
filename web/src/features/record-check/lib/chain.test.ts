import { describe, expect, it } from 'vitest'
import type { RecordEntry } from '@/lib/api.gen'
import { canonicalJSON, checkRecordChain, RECORD_ZERO_HASH, recordEntryHash } from './chain'
import { checkCheckpoints, verifyCheckpoint } from './checkpoint'
import { nextRecordEntry, RecordBuilder, signCheckpoint, TEST_PUBLIC_KEY } from './test-record'

// Asymmetric matchers typed as the strings they stand for.
const containing = (text: string) => expect.stringContaining(text) as string

// RFC 8785's own examples (sections 3.2.2 and 3.2.3, appendix B) and cyberphone's structures test.
describe('canonical JSON (RFC 8785)', () => {
  it('writes the RFC example: numbers as ECMAScript writes them, strings escaped minimally, keys sorted', () => {
    const input = String.raw`{
      "numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],
      "string": "\u20ac$\u000F\u000aA'\u0042\u0022\u005c\\\"\/",
      "literals": [null, true, false]
    }`
    expect(canonicalJSON(JSON.parse(input))).toBe(String.raw`{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\u000f\nA'B\"\\\\\"/"}`)
  })

  it('sorts keys by their UTF-16 code units (section 3.2.3)', () => {
    const input = String.raw`{
      "\u20ac": "Euro Sign",
      "\r": "Carriage Return",
      "\ufb33": "Hebrew Letter Dalet With Dagesh",
      "1": "One",
      "\ud83d\ude00": "Emoji: Grinning Face",
      "\u0080": "Control",
      "\u00f6": "Latin Small Letter O With Diaeresis"
    }`
    expect(canonicalJSON(JSON.parse(input))).toBe(
      '{"\\r":"Carriage Return","1":"One","\u0080":"Control","ö":"Latin Small Letter O With Diaeresis","€":"Euro Sign","😀":"Emoji: Grinning Face","\ufb33":"Hebrew Letter Dalet With Dagesh"}',
    )
  })

  it('sorts nested structures', () => {
    const input = '{"1": {"f": {"f": "hi","F": 5} ,"\\n": 56.0}, "10": { }, "": "empty", "a": { }, "111": [ {"e": "yes","E": "no" } ], "A": { }}'
    expect(canonicalJSON(JSON.parse(input))).toBe('{"":"empty","1":{"\\n":56,"f":{"F":5,"f":"hi"}},"10":{},"111":[{"E":"no","e":"yes"}],"A":{},"a":{}}')
  })

  // Appendix B: IEEE 754 doubles (as their bits) and their canonical text.
  it.each([
    ['0000000000000000', '0'],
    ['8000000000000000', '0'],
    ['0000000000000001', '5e-324'],
    ['8000000000000001', '-5e-324'],
    ['7fefffffffffffff', '1.7976931348623157e+308'],
    ['ffefffffffffffff', '-1.7976931348623157e+308'],
    ['4340000000000000', '9007199254740992'],
    ['c340000000000000', '-9007199254740992'],
    ['4430000000000000', '295147905179352830000'],
    ['44b52d02c7e14af5', '9.999999999999997e+22'],
    ['44b52d02c7e14af6', '1e+23'],
    ['44b52d02c7e14af7', '1.0000000000000001e+23'],
    ['444b1ae4d6e2ef4e', '999999999999999700000'],
    ['444b1ae4d6e2ef4f', '999999999999999900000'],
    ['444b1ae4d6e2ef50', '1e+21'],
    ['3eb0c6f7a0b5ed8c', '9.999999999999997e-7'],
    ['3eb0c6f7a0b5ed8d', '0.000001'],
    ['41b3de4355555553', '333333333.3333332'],
    ['41b3de4355555554', '333333333.33333325'],
    ['41b3de4355555555', '333333333.3333333'],
    ['41b3de4355555556', '333333333.3333334'],
    ['41b3de4355555557', '333333333.33333343'],
    ['becbf647612f3696', '-0.0000033333333333333333'],
    ['43143ff3c1cb0959', '1424953923781206.2'],
  ])('the double %s is %s', (bits, want) => {
    const v = new DataView(new ArrayBuffer(8))
    v.setBigUint64(0, BigInt('0x' + bits))
    expect(canonicalJSON([v.getFloat64(0)])).toBe(`[${want}]`)
  })

  it('refuses what JSON cannot hold', () => {
    expect(() => canonicalJSON([NaN])).toThrow()
    expect(() => canonicalJSON([Infinity])).toThrow()
    expect(() => canonicalJSON(['\ud800'])).toThrow()
  })
})

// Made by Go (record.go: RecordEntryHash, NextRecordEntry, SignCheckpoint with the seed 0, 1, ..., 31), so
// that the browser is held to the server's bytes and not only to itself. The API escapes <, > and & in data;
// written canonically they are the characters again.
const GO_ENTRIES: RecordEntry[] = JSON.parse(
  String.raw`[{"seq":1,"at":"2026-11-28T07:00:00.123456Z","kind":"opened","data":{"n":1.5,"name":"\u003cPool \u0026 \"x\"\u003e","z":[1]},"prevHash":"0000000000000000000000000000000000000000000000000000000000000000","hash":"7c8cc324423f65e89cb24ac814d825fe736e601a986f2155172b63d47dee5ed9"},{"seq":2,"at":"2026-11-28T07:00:01.123456Z","kind":"cancelled","data":{"reason":"no game ☃"},"prevHash":"7c8cc324423f65e89cb24ac814d825fe736e601a986f2155172b63d47dee5ed9","hash":"8ee27be34e036f9e33b990bfaf6b65aafd97cd15e8b672172e4c51798d410a10"}]`,
) as RecordEntry[]
const GO_PUBLIC_KEY = '03a107bff3ce10be1d70dd18e74bc09967e4d6309ba50d5f1ddc8664125531b8'
const GO_CHECKPOINT = {
  pool: 42,
  seq: 2,
  head: '8ee27be34e036f9e33b990bfaf6b65aafd97cd15e8b672172e4c51798d410a10',
  at: '2026-11-28T07:00:00.123456Z',
  reason: 'cancelled',
  signature: '955aa2c0a29e12e6814b1ea937e924c978cf617331b73e458e05a160a16c3981f2384fb3ebc2bdfed0d9d9dfbb82b1666dfb911e169453dd88427d047cc70a0e',
}

describe('the chain', () => {
  it('hashes docs/fairness.md’s example as Go does', async () => {
    expect(await recordEntryHash(RECORD_ZERO_HASH, 1, '2026-11-28T07:00:00.123456Z', 'score', { away: 3, home: 7, period: 1 })).toBe(
      '3b81b37931cb11f210a12fdd4f86c8755f9238e2c62e2d5e2c1c07267a9ffa9d',
    )
  })

  it('holds for entries Go made, escapes and all', async () => {
    expect(await checkRecordChain(GO_ENTRIES)).toBeNull()
  })

  it('names a changed entry', async () => {
    const entries = structuredClone(GO_ENTRIES)
    ;(entries[1].data as { reason: string }).reason = 'no game'
    expect(await checkRecordChain(entries)).toEqual({ seq: 2, reason: 'entry 2 (cancelled): its hash does not match its content: the entry was changed' })
  })

  it('names a changed time, kind or seq', async () => {
    const at = structuredClone(GO_ENTRIES)
    at[0].at = '2026-11-28T07:00:00.123457Z'
    expect((await checkRecordChain(at))?.seq).toBe(1)
    const kind = structuredClone(GO_ENTRIES)
    kind[1].kind = 'action'
    expect(await checkRecordChain(kind)).toMatchObject({ seq: 2, reason: containing('the entry was changed') })
    const unknown = structuredClone(GO_ENTRIES)
    unknown[1].kind = 'gift'
    expect(await checkRecordChain(unknown)).toEqual({ seq: 2, reason: 'entry 2: unknown kind "gift"' })
  })

  it('names a removed, inserted or reordered entry', async () => {
    const b = new RecordBuilder()
    for (let i = 0; i < 4; i++) await b.add('action', { action: `act ${i}`, by: 'admin', reason: '' })
    const e = b.entries
    expect(await checkRecordChain([e[0], e[2], e[3]])).toEqual({ seq: 3, reason: 'entry 3 follows entry 1: an entry is missing or out of order' })
    expect(await checkRecordChain([e[0], e[2], e[1], e[3]])).toMatchObject({ seq: 3 })
    // An entry put in between and the seqs after it renumbered: its previous hash gives it away.
    const inserted = await nextRecordEntry(e[0], e[0].at, 'taken', { squares: [{ row: 0, column: 0 }], owner: '7', by: 'claim', payment: '', amount: '0.00', from: '' })
    const renumbered = [e[0], inserted, ...e.slice(1).map((x) => ({ ...x, seq: x.seq + 1 }))]
    expect(await checkRecordChain(renumbered)).toMatchObject({ seq: 3, reason: containing('previous hash') })
  })

  it('names a previous hash that is not hex', async () => {
    const entries = structuredClone(GO_ENTRIES)
    entries[0].prevHash = 'zz'
    expect(await checkRecordChain(entries)).toMatchObject({ seq: 1, reason: containing('previous hash') })
  })
})

describe('checkpoints', () => {
  it('verify a checkpoint Go signed, against Go’s key', async () => {
    expect(TEST_PUBLIC_KEY).toBe(GO_PUBLIC_KEY)
    expect(await verifyCheckpoint(GO_PUBLIC_KEY, GO_CHECKPOINT)).toBe(true)
    expect(await checkCheckpoints(GO_PUBLIC_KEY, 42, GO_ENTRIES, [GO_CHECKPOINT])).toBeNull()
  })

  it('refuse a changed pool, seq, head or signature, and another key', async () => {
    expect(await verifyCheckpoint(GO_PUBLIC_KEY, { ...GO_CHECKPOINT, pool: 43 })).toBe(false)
    expect(await verifyCheckpoint(GO_PUBLIC_KEY, { ...GO_CHECKPOINT, seq: 1 })).toBe(false)
    expect(await verifyCheckpoint(GO_PUBLIC_KEY, { ...GO_CHECKPOINT, head: GO_ENTRIES[0].hash })).toBe(false)
    const sig = GO_CHECKPOINT.signature
    expect(await verifyCheckpoint(GO_PUBLIC_KEY, { ...GO_CHECKPOINT, signature: (sig[0] === '0' ? '1' : '0') + sig.slice(1) })).toBe(false)
    expect(await verifyCheckpoint(GO_PUBLIC_KEY, { ...GO_CHECKPOINT, signature: 'abc' })).toBe(false)
    expect(await verifyCheckpoint('00'.repeat(32), GO_CHECKPOINT)).toBe(false)
    expect(await verifyCheckpoint('nothex', GO_CHECKPOINT)).toBe(false)
  })

  it('name the entry of a checkpoint that fails', async () => {
    expect(await checkCheckpoints(GO_PUBLIC_KEY, 41, GO_ENTRIES, [GO_CHECKPOINT])).toMatchObject({ seq: 2, reason: containing('of pool 42') })
    // The record cut short before a checkpoint.
    expect(await checkCheckpoints(GO_PUBLIC_KEY, 42, GO_ENTRIES.slice(0, 1), [GO_CHECKPOINT])).toMatchObject({ seq: 2, reason: containing('cut short') })
    // The record rewritten from entry 2 on: a chain that holds, and no longer the signed head.
    const rewritten = [GO_ENTRIES[0], await nextRecordEntry(GO_ENTRIES[0], GO_ENTRIES[1].at, 'cancelled', { reason: 'other' })]
    expect(await checkRecordChain(rewritten)).toBeNull()
    expect(await checkCheckpoints(GO_PUBLIC_KEY, 42, rewritten, [GO_CHECKPOINT])).toEqual({
      seq: 2,
      reason: 'the checkpoint "cancelled" at entry 2: the entry\'s hash is not the signed head: the record was rewritten',
    })
    // Signed by another key.
    const other = signCheckpoint(42, 2, GO_CHECKPOINT.head, 'cancelled', new Uint8Array(32).fill(9))
    expect(await checkCheckpoints(GO_PUBLIC_KEY, 42, GO_ENTRIES, [other])).toMatchObject({ seq: 2, reason: containing("not the server's key's") })
  })
})
