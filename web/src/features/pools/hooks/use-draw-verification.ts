import { useEffect, useState } from 'react'
import type { Beacon } from '@/lib/api.gen'
import { drawCheckInput, verifyDraw, type DrawCheck, type DrawCheckInput } from '@/lib/draw'
import { beaconChainFor, verifyBeacon, type BeaconCheck } from '@/lib/drand'
import type { Pool, Square } from '@/lib/types'
import { fetchBeaconChain } from '../api/pools-api'

/** The beacon's part of a check: its checks, or why its signature could not be checked (a failure). */
export type BeaconResult = { check: BeaconCheck } | { failed: string }

export interface Verification {
  draw: DrawCheck
  /** Null for a pool drawn without a beacon round (off, unavailable, or before beacons). */
  beacon: BeaconResult | null
  ok: boolean
}

export type VerificationResult =
  | { state: 'idle' }
  | { state: 'running' }
  | { state: 'done'; check: Verification }
  | { state: 'error'; message: string }

async function checkBeacon(beacon: Beacon): Promise<BeaconResult> {
  try {
    const { chain, keySource } = await beaconChainFor(beacon.chainHash ?? '', fetchBeaconChain)
    return { check: await verifyBeacon(beacon, chain, keySource) }
  } catch (err) {
    return { failed: err instanceof Error ? err.message : 'The beacon could not be checked.' }
  }
}

/**
 * Recomputes a drawn pool's draw in the browser while `open`: the commitment, the draw input and the digits
 * (lib/draw.ts: squares-draw-v2 with the beacon's randomness, v1 without), and for a pool drawn with a beacon
 * round the round, its signature and its randomness (lib/drand.ts). A result of older input shows as running.
 */
export function useDrawVerification(pool: Pool, squares: readonly Square[], open: boolean, drawn: boolean): VerificationResult {
  const [checked, setChecked] = useState<{ key: string; result: VerificationResult } | null>(null)
  const found = drawCheckInput(pool, squares)
  const beacon = (pool.beacon as Beacon | undefined)?.status === 'verified' ? pool.beacon : null
  // Everything the check depends on, compared by value (`found` is rebuilt on every render).
  const checkKey = 'input' in found ? JSON.stringify({ input: found.input, beacon }) : null

  useEffect(() => {
    if (!open || !drawn || checkKey === null) return
    let cancelled = false
    const settle = (r: VerificationResult) => {
      if (!cancelled) setChecked({ key: checkKey, result: r })
    }
    const { input, beacon: b } = JSON.parse(checkKey) as { input: DrawCheckInput; beacon: Beacon | null }
    Promise.all([verifyDraw(input), b ? checkBeacon(b) : Promise.resolve(null)])
      .then(([draw, bc]) => {
        const beaconOk = bc === null || ('check' in bc && bc.check.ok)
        settle({ state: 'done', check: { draw, beacon: bc, ok: draw.ok && beaconOk } })
      })
      .catch((err: unknown) => settle({ state: 'error', message: err instanceof Error ? err.message : 'Verification failed.' }))
    return () => {
      cancelled = true
    }
  }, [open, drawn, checkKey])

  if (!open || !drawn) return { state: 'idle' }
  if ('missing' in found) return { state: 'error', message: found.missing }
  return checked?.key === checkKey ? checked.result : { state: 'running' }
}
