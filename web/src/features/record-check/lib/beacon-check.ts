// The beacon round of a record checked against its chain in the browser (lib/drand.ts): the round is the
// first due 10 s after the lock (the locked entry's time), published at the locked entry's dueAt, and its
// signature is the chain's BLS signature of that round: drand's quicknet with its key built into the app,
// any other chain (the development beacon, a test relay) with the key the server states for it.

import { beaconChainFor, lockRound, parseTimeNanos, roundTime, verifyRoundSignature, type BeaconChainInfo } from '@/lib/drand'
import type { BeaconSignatureCheck } from './replay'

/** A BeaconSignatureCheck on the chain of the round: `fetchServerChain` reads GET /api/beacon/chain. */
export function beaconSignatureCheck(fetchServerChain: () => Promise<BeaconChainInfo | null>): BeaconSignatureCheck {
  return async ({ chainHash, round, signature, lockedAt, dueAt }) => {
    let chain: BeaconChainInfo
    try {
      chain = (await beaconChainFor(chainHash, fetchServerChain)).chain
    } catch (err) {
      return { note: `The beacon round ${round}’s signature was not checked: ${(err as Error).message}` }
    }
    const want = lockRound(chain, lockedAt)
    if (want !== round) return { fault: `round ${round} is not the first round due 10 s after the lock at ${lockedAt}: that is round ${want ?? 'unknown'}` }
    const due = parseTimeNanos(dueAt)
    if (due === null || due !== BigInt(roundTime(chain, round)) * 1_000_000_000n) {
      return { fault: `the lock says round ${round} is due at ${dueAt || 'no time'}; the chain publishes it at ${new Date(roundTime(chain, round) * 1000).toISOString()}` }
    }
    if (!(await verifyRoundSignature(chain, round, signature))) {
      return { fault: `its signature is not ${chain.dev ? 'the development beacon' : 'the drand chain'}’s signature of round ${round}` }
    }
    return {}
  }
}
