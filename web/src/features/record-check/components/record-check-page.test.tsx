import { beforeAll, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Pool, RecordEntry, Square, Winner } from '@/lib/api.gen'
import { makePool } from '@/test/pool'
import { renderPage, stubFetch } from '@/test/utils'
import { playedRecord, PLAYED_POOL, type PlayedRecord } from '../lib/played-record'
import { replayRecord } from '../lib/replay'
import { TEST_PUBLIC_KEY } from '../lib/test-record'
import { RecordCheckPage } from './record-check-page'

// The page checks what the (stubbed) server serves: the played pool of lib/played-record.ts, its record in
// two pages, its key, the pool, its squares and winners.

let played: PlayedRecord
let winners: Winner[]
beforeAll(async () => {
  played = await playedRecord()
  const { replay } = await replayRecord({ poolId: PLAYED_POOL, entries: played.entries, checkpoints: played.checkpoints, publicKey: TEST_PUBLIC_KEY })
  winners = [...replay.prizes.values()].map((p) => ({ award: p.award, row: p.row, column: p.column, amount: '56.25', userId: p.owner, kind: p.kind }) as unknown as Winner)
})

function serve({ entries = played.entries, squares }: { entries?: RecordEntry[]; squares?: Square[] } = {}) {
  const last = entries.at(-1)!
  const pool: Pool = {
    ...makePool({ id: PLAYED_POOL, name: 'Test pool', entryFee: '10.00', houseFee: '25.00' }),
    rows: 5,
    columns: 5,
    record: { seq: last.seq, head: last.hash, checkpoint: played.checkpoints.at(-1)! },
  }
  const owned =
    squares ??
    played.owners.map((o, i) => ({ id: i + 1, poolId: PLAYED_POOL, userId: o, row: Math.floor(i / 5), column: i % 5, status: 'owned', purchasePrice: '10.00' }) as unknown as Square)
  const half = 20
  const page = (from: number, to: number, more: boolean) => ({
    body: { pool: PLAYED_POOL, entries: entries.slice(from, to), seq: last.seq, head: last.hash, checkpoints: played.checkpoints, more },
  })
  return stubFetch({
    [`GET /api/pools/${PLAYED_POOL}`]: { body: pool },
    [`GET /api/pools/${PLAYED_POOL}/squares`]: { body: owned },
    [`GET /api/pools/${PLAYED_POOL}/winners`]: { body: winners },
    [`GET /api/pools/${PLAYED_POOL}/record`]: page(0, half, true),
    [`GET /api/pools/${PLAYED_POOL}/record?after=${half}`]: page(half, entries.length, false),
    'GET /.well-known/squares-record-key': { body: { algorithm: 'Ed25519', publicKey: TEST_PUBLIC_KEY } },
  })
}

const open = (id: number | string = PLAYED_POOL) => renderPage(<RecordCheckPage />, { path: '/pools/:id/check', at: `/pools/${id}/check` })

describe('Check this pool', () => {
  it('reads every page of the record and says all its entries hold, with the head and the last checkpoint', async () => {
    const fetch = serve()
    open()
    expect(screen.getByRole('status')).toHaveTextContent(/Reading the record/)
    const verdict = await screen.findByTestId('record-verdict', {})
    const n = played.entries.length
    expect(verdict).toHaveTextContent(`All ${n} entries hold`)
    expect(verdict).toHaveTextContent(played.entries.at(-1)!.hash)
    expect(verdict).toHaveTextContent(`“completed” at entry ${n}`)
    expect(screen.queryByRole('alert')).toBeNull()
    expect(fetch.mock.calls.map(([u]) => (typeof u === 'string' ? u : u instanceof URL ? u.href : u.url))).toContain(`/api/pools/${PLAYED_POOL}/record?after=20`)
    expect(screen.getByText(TEST_PUBLIC_KEY)).toBeInTheDocument()
    const list = screen.getByRole('list', { name: 'Entries of the record' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(n)
    expect(within(list).getAllByLabelText('holds')).toHaveLength(n)
    expect(screen.getByRole('heading', { level: 1, name: 'Check this pool' })).toBeInTheDocument()
    expect(screen.getByText('Test pool')).toBeInTheDocument()
  })

  it('names the first entry that does not hold, in an alert, and marks it in the list', async () => {
    const entries = structuredClone(played.entries)
    const seq = played.seqOf['prize period:Q2']
    ;(entries[seq - 1].data as { amount: string }).amount = '60.00'
    serve({ entries })
    open()
    const alert = await screen.findByRole('alert', {})
    expect(alert).toHaveTextContent(`Entry ${seq} does not hold`)
    expect(alert).toHaveTextContent(`Entry ${seq} (prize period:Q2): its hash does not match its content: the entry was changed`)
    expect(within(alert).getByRole('link', { name: `Show entry ${seq}` })).toHaveAttribute('href', `#entry-${seq}`)
    const item = document.getElementById(`entry-${seq}`)!
    expect(within(item).getByLabelText('does not hold')).toBeInTheDocument()
    expect(within(document.getElementById(`entry-${seq + 1}`)!).getByLabelText('not checked')).toBeInTheDocument()
    expect(within(document.getElementById(`entry-${seq - 1}`)!).getByLabelText('holds')).toBeInTheDocument()
  })

  it('names a square whose owner the pool shows otherwise than its record', async () => {
    const squares = played.owners.map(
      (o, i) => ({ id: i + 1, poolId: PLAYED_POOL, userId: i === 6 ? '9' : o, row: Math.floor(i / 5), column: i % 5, status: 'owned', purchasePrice: '10.00' }) as unknown as Square,
    )
    serve({ squares })
    open()
    const alert = await screen.findByRole('alert', {})
    expect(alert).toHaveTextContent(/The pool as shown does not match its record at entry \d+/)
    expect(alert).toHaveTextContent(/Square row 2, column 2: the pool shows player 9; the record \(entry \d+, taken\) says player 2/)
  })

  it('opens an entry’s data and hashes, and runs again on demand', async () => {
    const fetch = serve()
    open()
    await screen.findByTestId('record-verdict', {})
    const user = userEvent.setup()
    const drawn = document.getElementById(`entry-${played.seqOf.drawn}`)!
    // jsdom opens details on a click only; e2e/record-check.spec.ts opens one by keyboard in Chromium.
    await user.click(drawn.querySelector('summary')!)
    expect(drawn.querySelector('details')).toHaveAttribute('open')
    expect(within(drawn).getByLabelText(`Data of entry ${played.seqOf.drawn}`)).toHaveTextContent('"derivation": "squares-draw-v2"')
    const calls = fetch.mock.calls.length
    await user.click(screen.getByRole('button', { name: 'Check again' }))
    await screen.findByTestId('record-verdict', {})
    expect(fetch.mock.calls.length).toBeGreaterThan(calls)
  })

  it('says a pool it may not see is not found', async () => {
    stubFetch({})
    open(999)
    expect(await screen.findByRole('alert')).toHaveTextContent('Pool Not Found')
  })

  it('says an id that is not a pool’s is invalid', () => {
    stubFetch({})
    open('abc')
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid Pool')
  })
})
