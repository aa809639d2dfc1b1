import { useCallback, useEffect, useState } from 'react'
import type { Pool, RecordCheckpoint, RecordEntry, RecordKey } from '@/lib/api.gen'
import { ApiError, errorMessage } from '@/lib/api'
import { fetchBeaconChain, fetchRecordKey, fetchServedPool, fetchWholeRecord } from '../api/record-check-api'
import { beaconSignatureCheck } from '../lib/beacon-check'
import type { RecordFault } from '../lib/chain'
import { compareWithServed } from '../lib/compare'
import { replayRecord, type RecordReplay } from '../lib/replay'

/** Where a running check is: reading (the record's pages) or one of the replay's steps. */
export interface CheckProgress {
  step: 'reading' | 'chain' | 'checkpoints' | 'replay' | 'comparing'
  done: number
  total: number
}

export interface CheckDone {
  pool: Pool
  key: RecordKey
  entries: RecordEntry[]
  checkpoints: RecordCheckpoint[]
  head: string
  replay: RecordReplay
  /** The first entry that does not hold (the record's, or the pool's as served against it), or null. */
  fault: RecordFault | null
  /** Whether the fault is a difference between the pool as served and its record. */
  served: boolean
}

export type RecordCheckState =
  | { state: 'running'; progress: CheckProgress }
  | { state: 'done'; result: CheckDone }
  | { state: 'not-found' }
  | { state: 'error'; message: string }

/**
 * Checks a pool in the browser: reads its whole record, its key and the pool as served, then recomputes the
 * chain, checks every checkpoint, replays every entry (lib/replay.ts) and compares the outcome with the pool
 * as served. `again` runs it anew.
 */
export function useRecordCheck(poolId: number): { check: RecordCheckState; again: () => void } {
  const [run, setRun] = useState(0)
  const [check, setCheck] = useState<{ run: number; state: RecordCheckState } | null>(null)

  useEffect(() => {
    let cancelled = false
    const set = (state: RecordCheckState) => {
      if (!cancelled) setCheck({ run, state })
    }
    const progress = (p: CheckProgress) => set({ state: 'running', progress: p })
    ;(async () => {
      progress({ step: 'reading', done: 0, total: 0 })
      const key = fetchRecordKey()
      // Awaited below; a failure before then is the record's, not an unhandled one.
      key.catch(() => undefined)
      // The record first, then the pool: a pool that changed in between (a sale, a score) is read again.
      let record = await fetchWholeRecord(poolId, (done, total) => progress({ step: 'reading', done, total }))
      let served = await fetchServedPool(poolId)
      for (let tries = 0; tries < 3 && served.pool.record && served.pool.record.seq !== record.seq; tries++) {
        record = await fetchWholeRecord(poolId, (done, total) => progress({ step: 'reading', done, total }))
        served = await fetchServedPool(poolId)
      }
      const { replay, fault } = await replayRecord({
        poolId,
        entries: record.entries,
        checkpoints: record.checkpoints,
        publicKey: (await key).publicKey,
        stated: { seq: record.seq, head: record.head },
        checkBeacon: beaconSignatureCheck(fetchBeaconChain),
        onProgress: progress,
      })
      progress({ step: 'comparing', done: 0, total: 1 })
      const differs = fault ? null : compareWithServed(replay, record.entries, served, record.checkpoints)
      set({
        state: 'done',
        result: { pool: served.pool, key: await key, entries: record.entries, checkpoints: record.checkpoints, head: record.head, replay, fault: fault ?? differs, served: !!differs },
      })
    })().catch((err: unknown) => {
      if (err instanceof ApiError && err.status === 404) set({ state: 'not-found' })
      else set({ state: 'error', message: errorMessage(err, err instanceof Error ? err.message : 'The check could not run.') })
    })
    return () => {
      cancelled = true
    }
  }, [poolId, run])

  const again = useCallback(() => setRun((n) => n + 1), [])
  const state: RecordCheckState = check?.run === run ? check.state : { state: 'running', progress: { step: 'reading', done: 0, total: 0 } }
  return { check: state, again }
}
