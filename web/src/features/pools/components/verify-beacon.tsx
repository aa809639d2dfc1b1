import { Info, Radio } from 'lucide-react'
import type { Beacon } from '@/lib/api.gen'
import { BEACON_DELAY_SECONDS, QUICKNET } from '@/lib/drand'
import type { BeaconResult } from '../hooks/use-draw-verification'
import { DEV_BEACON_LABEL, DevBeaconBadge } from './beacon-notice'
import { Match, Mono } from './verify-parts'

const utc = (iso: string | null) => (iso ? new Date(iso).toISOString().replace('.000Z', 'Z').replace('T', ' ').replace('Z', ' UTC') : 'unknown')

/** Whose key checked the signature, in words. */
function keyText(result: Extract<BeaconResult, { check: unknown }>): string {
  const { chain, keySource } = result.check
  if (keySource === 'built-in') return 'against drand quicknet’s public key, built into this app (docs/fairness.md)'
  return chain.dev
    ? `against the key this server states for its chain (GET /api/beacon/chain): the ${DEV_BEACON_LABEL.toLowerCase()}`
    : 'against the key this server states for its chain (GET /api/beacon/chain): not drand’s quicknet'
}

/** The beacon's checks in the Verify panel's list: the round, its signature, its randomness. */
export function BeaconChecks({ beacon, result }: { beacon: Beacon; result: BeaconResult }) {
  if ('failed' in result) {
    return (
      <Match ok={false} label={`Beacon signature (round ${beacon.round})`} words={['verifies', 'cannot be checked']}>
        <div className="text-xs text-muted-foreground">{result.failed}</div>
      </Match>
    )
  }
  const c = result.check
  return (
    <>
      <Match ok={c.round.ok && c.dueAt.ok} label={`Beacon round ${c.round.published}, the first published ${BEACON_DELAY_SECONDS} s after the grid was complete`}>
        <div className="text-xs text-muted-foreground">
          locked {utc(beacon.lockedAt)} · round published {c.dueAt.expected.replace('T', ' ').replace('Z', ' UTC')}
        </div>
        {!c.round.ok && <div className="text-xs text-destructive">The round due after the lock is {c.round.expected ?? 'unknown (no lock time)'}.</div>}
        {!c.dueAt.ok && <div className="text-xs text-destructive">The pool says it was due at {utc(c.dueAt.published)}.</div>}
      </Match>
      <Match ok={c.signature.ok} label={`Beacon signature (round ${c.round.published})`} words={['verifies', 'does not verify']}>
        <div className="text-xs text-muted-foreground" data-testid="beacon-key">
          BLS12-381, checked in this browser {keyText(result)}
        </div>
      </Match>
      <Match ok={c.randomness.ok} label="Beacon randomness (SHA-256 of the signature)">
        {!c.randomness.ok && <Mono className="mt-1">computed {c.randomness.computed ?? 'nothing: the signature is not hex'}</Mono>}
      </Match>
    </>
  )
}

/** The beacon's published values, and where to fetch the round from drand yourself. */
export function BeaconDetails({ beacon }: { beacon: Beacon }) {
  const quicknet = beacon.chainHash === QUICKNET.chainHash
  return (
    <>
      <div>
        <div className="mb-1 flex flex-wrap items-center gap-2 text-xs font-semibold text-muted-foreground">
          Beacon round {beacon.round} of chain {beacon.dev && <DevBeaconBadge />}
        </div>
        <Mono>{beacon.chainHash}</Mono>
      </div>
      <div>
        <div className="mb-1 text-xs font-semibold text-muted-foreground">Round signature</div>
        <Mono>{beacon.signature}</Mono>
      </div>
      <div>
        <div className="mb-1 text-xs font-semibold text-muted-foreground">Round randomness</div>
        <Mono>{beacon.randomness}</Mono>
      </div>
      {quicknet && (
        <div>
          <div className="mb-1 text-xs font-semibold text-muted-foreground">The same round from drand’s relay</div>
          <Mono>{`https://api.drand.sh/${beacon.chainHash}/public/${beacon.round}`}</Mono>
        </div>
      )}
    </>
  )
}

/** Before the draw: what a full pool waits for. */
export function BeaconPendingText({ beacon }: { beacon: Beacon }) {
  return (
    <p className="flex gap-2 rounded-lg bg-sky-50 px-3 py-2 text-sky-950" data-testid="verify-beacon-pending">
      <Radio className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        The grid is complete. The digits wait for {beacon.dev ? 'round' : 'drand round'} <strong>{beacon.round}</strong>, published at{' '}
        {utc(beacon.dueAt)}: fixed when the last square was taken, at least {BEACON_DELAY_SECONDS} s ahead, so nobody, the house included, knew
        its value while the ownership could still change.{' '}
        {beacon.dev ? <DevBeaconBadge className="align-middle" /> : null}
      </span>
    </p>
  )
}

/** After the draw, for a pool drawn without a beacon round: why. */
export function BeaconAbsentNote({ beacon }: { beacon: Beacon | undefined }) {
  const text =
    beacon?.status === 'unavailable'
      ? `Drawn without the beacon: drand could not be reached before kickoff${beacon.round ? ` (round ${beacon.round} was fixed at the lock)` : ''}, so the digits derive from the seed and the owners alone (squares-draw-v1).`
      : beacon?.status === 'off'
        ? 'This server draws without a randomness beacon: the digits derive from the seed and the owners alone (squares-draw-v1).'
        : 'Drawn before the beacon existed: the digits derive from the seed and the owners alone (squares-draw-v1).'
  return (
    <p className="flex gap-2 text-xs text-muted-foreground" data-testid="verify-no-beacon">
      <Info className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
      <span>{text}</span>
    </p>
  )
}
