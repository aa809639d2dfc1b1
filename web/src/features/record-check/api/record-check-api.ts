// What the check reads from the server, fresh each time (never the app's cache: the check is of what the
// server serves now): every page of the pool's record, the key that signs its checkpoints, the pool with
// its squares and winners, and the beacon chain the server states.

import type { BeaconChain, Pool, Record as RecordPage, RecordCheckpoint, RecordEntry, RecordKey, Square, Winner } from '@/lib/api.gen'
import { api, ApiError } from '@/lib/api'

/** A pool's whole record, read page by page. */
export interface WholeRecord {
  entries: RecordEntry[]
  checkpoints: RecordCheckpoint[]
  /** The head as the server states it on the last page read. */
  seq: number
  head: string
}

/** The most pages read before the server is taken to be paging forever. */
const MAX_PAGES = 1000

/**
 * Reads every page of GET /api/pools/{id}/record (?after= the last seq read) until the server says there is
 * no more; onPage tells how many entries are read of how many the head counts.
 */
export async function fetchWholeRecord(poolId: number, onPage?: (read: number, total: number) => void): Promise<WholeRecord> {
  const entries: RecordEntry[] = []
  for (let page = 0; page < MAX_PAGES; page++) {
    const after = entries.at(-1)?.seq ?? 0
    const r = await api.get<RecordPage>(`/api/pools/${poolId}/record${after ? `?after=${after}` : ''}`)
    entries.push(...r.entries)
    onPage?.(entries.length, Math.max(r.seq, entries.length))
    if (!r.more) return { entries, checkpoints: r.checkpoints, seq: r.seq, head: r.head }
    if (r.entries.length === 0) throw new Error('The server says the record goes on but serves no more entries.')
  }
  throw new Error(`The record runs past ${MAX_PAGES} pages.`)
}

/** The key that signs the records' checkpoints (GET /.well-known/squares-record-key). */
export function fetchRecordKey(): Promise<RecordKey> {
  return api.get<RecordKey>('/.well-known/squares-record-key')
}

/** The pool, its squares and its winners as served now. */
export async function fetchServedPool(poolId: number): Promise<{ pool: Pool; squares: Square[]; winners: Winner[] }> {
  const [pool, squares, winners] = await Promise.all([
    api.get<Pool>(`/api/pools/${poolId}`),
    api.get<Square[]>(`/api/pools/${poolId}/squares`),
    api.get<Winner[]>(`/api/pools/${poolId}/winners`),
  ])
  return { pool, squares: squares ?? [], winners: winners ?? [] }
}

/** The drand chain the server states (GET /api/beacon/chain), null when its beacon is off (404). */
export async function fetchBeaconChain(): Promise<BeaconChain | null> {
  try {
    return await api.get<BeaconChain>('/api/beacon/chain')
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null
    throw err
  }
}
