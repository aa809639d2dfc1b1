import { useId, useState } from 'react'
import { Link } from 'react-router'
import { CheckCircle2, ChevronDown, Copy, Fingerprint, Info, Lock, XCircle } from 'lucide-react'
import { toast } from '@/lib/toast'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import type { Beacon } from '@/lib/api.gen'
import type { OwnerChange } from '@/lib/draw'
import { payingPeriodLabel, poolGrid } from '@/lib/rules'
import type { Pool, Square } from '@/lib/types'
import { cn } from '@/lib/utils'
import { useDrawVerification, type Verification } from '../hooks/use-draw-verification'
import { DevBeaconBadge } from './beacon-notice'
import { BeaconAbsentNote, BeaconChecks, BeaconDetails, BeaconPendingText } from './verify-beacon'
import { Match, Mono } from './verify-parts'

const ownerName = (id: string) => (id === 'admin' ? 'the house' : `player #${id}`)

/** Squares whose owner changed after the draw: reported, since the draw used the owners of its moment. */
function ChangedHands({ changed }: { changed: OwnerChange[] }) {
  const takeovers = changed.filter((c) => c.now === 'admin').length
  const count = changed.length === 1 ? '1 square' : `${changed.length} squares`
  const why =
    takeovers === changed.length
      ? ': the house took them over when their card holds lapsed'
      : takeovers > 0
        ? ` (${takeovers} taken over by the house when their card holds lapsed)`
        : ''
  return (
    <div className="flex gap-2 rounded-lg bg-sky-50 px-3 py-2 text-sky-900" data-testid="draw-changed-hands">
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="min-w-0">
        <p>
          <strong>
            {count} changed hands after the draw{why}.
          </strong>{' '}
          The numbers were drawn from the owners at the moment of the draw, which the server stored and published, so
          they still verify.
        </p>
        <details className="mt-1">
          <summary className="cursor-pointer text-xs font-semibold">Which squares</summary>
          <ul className="mt-1 grid gap-0.5 text-xs">
            {changed.map((c) => (
              <li key={`${c.row}-${c.column}`}>
                Row {c.row + 1}, column {c.column + 1}: {ownerName(c.atDraw)} at the draw, {ownerName(c.now)} now
              </li>
            ))}
          </ul>
        </details>
      </div>
    </div>
  )
}

/** The verdict's words for a check that passed. */
function verifiedText(v: Verification, beacon: Beacon | undefined): string {
  const moment = v.draw.source === 'draw-input' ? 'at the moment of the draw' : 'of every square'
  if (v.beacon && 'check' in v.beacon) {
    return `Verified: every check passed, the beacon’s signature included. The published numbers follow from the committed seed, the ownership ${moment} and ${beacon?.dev ? 'development beacon' : 'drand'} round ${v.beacon.check.round.published}.`
  }
  return `Verified: the published numbers match the committed seed and the ownership ${moment}.`
}

/**
 * "Verify draw": before the draw, the published commitment and what it means (and, once the grid is complete,
 * the beacon round the draw waits for); after it, the commitment and both axes recomputed in this browser
 * (Web Crypto, docs/fairness.md) from the revealed seed, the pool id, the draw input (who owned each square
 * at the draw, stored and published by the server) and the beacon round's randomness, noting the squares
 * that changed hands since, and the beacon round checked: the first due 10 s after the lock, its BLS
 * signature against the chain's key, its randomness. Pools drawn before draw inputs were stored are checked
 * against the current owners; pools drawn without a beacon by squares-draw-v1.
 */
export function VerifyDrawCard({ pool, squares }: { pool: Pool; squares: Square[] }) {
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const drawn = pool.numbersGenerated && !!pool.drawSeed
  const beacon = pool.beacon as Beacon | undefined
  const result = useDrawVerification(pool, squares, open, drawn)
  const command = `squares verify-draw --url ${window.location.origin} ${pool.id}`
  const grid = poolGrid(pool)
  const perPeriod = (pool.numberSets?.length ?? 0) > 1

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(command)
      toast.success('Copied!', { description: 'The verify-draw command is on your clipboard.' })
    } catch {
      toast.error('Could not copy', { description: command })
    }
  }

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <div className="flex min-w-0 flex-1 basis-52 items-center gap-3">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-violet-100 text-violet-700">
            <Fingerprint className="size-5" aria-hidden="true" />
          </span>
          <div className="min-w-0">
            <CardTitle className="text-base">Provably fair draw</CardTitle>
            <CardDescription>{drawn ? 'The numbers are drawn and the seed is revealed.' : 'The numbers are committed before anyone buys.'}</CardDescription>
            {beacon?.dev && <DevBeaconBadge className="mt-1" />}
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
            Verify draw
            <ChevronDown className={cn('transition-transform', open && 'rotate-180')} aria-hidden="true" />
          </Button>
          <Button asChild variant="outline" size="sm">
            <Link to={`/pools/${pool.id}/check`}>Check this pool</Link>
          </Button>
        </div>
      </CardHeader>
      {open && (
        <CardContent id={panelId} className="grid gap-4 text-sm">
          {!drawn ? (
            <>
              <p className="text-muted-foreground">
                When this pool opened, the server picked a secret random seed and published its SHA-256 fingerprint, the{' '}
                <strong className="text-foreground">commitment</strong>, below. The digits will be derived from that seed and the
                final owner of every square, so neither the house nor any player can steer them.{' '}
                {perPeriod
                  ? 'This pool draws new numbers for each paying period, each from its own seed, committed now and listed below. '
                  : ''}
                At the draw the seed{perPeriod ? 's are' : ' is'} revealed with the owners the draw used (all {grid.rows * grid.columns} squares), and this
                panel will recompute the digits in your browser.
              </p>
              {beacon?.status === 'pending' && <BeaconPendingText beacon={beacon} />}
              <div>
                <div className="mb-1 flex items-center gap-1.5 text-xs font-semibold text-muted-foreground">
                  <Lock className="size-3.5" aria-hidden="true" /> Commitment (SHA-256 of the seed)
                </div>
                <Mono>{pool.drawCommitment || 'Not published'}</Mono>
              </div>
              {perPeriod && (
                <ul className="grid gap-2" aria-label="Commitment of each period's numbers">
                  {pool.numberSets.map((s) => (
                    <li key={s.period}>
                      <div className="mb-1 text-xs font-semibold text-muted-foreground">{payingPeriodLabel(s.period)} numbers: SHA-256 of their seed</div>
                      <Mono>{s.seedSha256 || 'Not published'}</Mono>
                    </li>
                  ))}
                </ul>
              )}
            </>
          ) : (
            <>
              <div aria-live="polite">
                {result.state === 'running' || result.state === 'idle' ? (
                  <p className="flex items-center gap-2 text-muted-foreground">
                    <Spinner label="Verifying" /> Recomputing the draw in your browser…
                  </p>
                ) : result.state === 'error' ? (
                  <p className="flex items-center gap-2 font-semibold text-amber-800">
                    <XCircle className="size-4" aria-hidden="true" /> Cannot verify yet: {result.message}
                  </p>
                ) : result.check.ok ? (
                  <p className="flex gap-2 rounded-lg bg-emerald-50 px-3 py-2 font-bold text-emerald-800" data-testid="draw-verdict">
                    <CheckCircle2 className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
                    <span>{verifiedText(result.check, beacon)}</span>
                  </p>
                ) : (
                  <p className="flex gap-2 rounded-lg bg-destructive/10 px-3 py-2 font-bold text-destructive" data-testid="draw-verdict">
                    <XCircle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
                    <span>
                      {result.check.draw.ok
                        ? 'Mismatch: the beacon round does not check out. Details below.'
                        : 'Mismatch: the published draw does not follow from the seed. Details below.'}
                    </span>
                  </p>
                )}
              </div>
              {result.state === 'done' && (
                <ul className="grid gap-2" aria-label="Checks">
                  <Match ok={result.check.draw.commitment.ok} label="Commitment">
                    {!result.check.draw.commitment.ok && (
                      <>
                        <Mono className="mt-1">published {result.check.draw.commitment.expected}</Mono>
                        <Mono className="mt-1">computed {result.check.draw.commitment.computed}</Mono>
                      </>
                    )}
                  </Match>
                  {result.check.draw.input && (
                    <Match ok={result.check.draw.input.ok} label="Draw input (owners at the draw)">
                      {!result.check.draw.input.ok && (
                        <>
                          <Mono className="mt-1">published SHA-256 {result.check.draw.input.expected || 'none'}</Mono>
                          <Mono className="mt-1">computed SHA-256 {result.check.draw.input.computed}</Mono>
                        </>
                      )}
                    </Match>
                  )}
                  {result.check.draw.sets.map((set) => (
                    <Match key={set.period} ok={set.ok} label={`${set.label} numbers: seed and digits`}>
                      <div className="text-xs text-muted-foreground">
                        away {set.away.published.join(', ')} · home {set.home.published.join(', ')}
                      </div>
                      {!set.commitment.ok && <Mono className="mt-1">seed SHA-256 published {set.commitment.expected || 'none'}, computed {set.commitment.computed}</Mono>}
                      {set.repeated && <div className="text-xs text-destructive">The same seed as an earlier set.</div>}
                      {(!set.away.ok || !set.home.ok) && (
                        <div className="text-xs text-muted-foreground">
                          computed away {set.away.computed.join(', ')} · home {set.home.computed.join(', ')}
                        </div>
                      )}
                    </Match>
                  ))}
                  <Match ok={result.check.draw.away.ok} label={`${perPeriod ? 'Board’s away digits (the set in play)' : 'Away digits (rows)'} ${result.check.draw.away.published.join(', ')}`}>
                    {!result.check.draw.away.ok && <div className="text-xs text-muted-foreground">computed {result.check.draw.away.computed.join(', ')}</div>}
                  </Match>
                  <Match ok={result.check.draw.home.ok} label={`${perPeriod ? 'Board’s home digits (the set in play)' : 'Home digits (columns)'} ${result.check.draw.home.published.join(', ')}`}>
                    {!result.check.draw.home.ok && <div className="text-xs text-muted-foreground">computed {result.check.draw.home.computed.join(', ')}</div>}
                  </Match>
                  {beacon && result.check.beacon && <BeaconChecks beacon={beacon} result={result.check.beacon} />}
                </ul>
              )}
              {result.state === 'done' && !result.check.beacon && <BeaconAbsentNote beacon={beacon} />}
              {result.state === 'done' && result.check.draw.changed.length > 0 && <ChangedHands changed={result.check.draw.changed} />}
              {result.state === 'done' && result.check.draw.source === 'current-owners' && (
                <p className="flex gap-2 text-xs text-muted-foreground" data-testid="draw-no-input">
                  <Info className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
                  <span>
                    This pool was drawn before the server stored each draw's input, so the check uses today's owners. It cannot match if a
                    square changed hands after the draw.
                  </span>
                </p>
              )}
              <div className="grid gap-2">
                {perPeriod ? (
                  pool.numberSets.map((s) => (
                    <div key={s.period}>
                      <div className="mb-1 text-xs font-semibold text-muted-foreground">{payingPeriodLabel(s.period)} seed (revealed)</div>
                      <Mono>{s.seed || 'Not revealed yet'}</Mono>
                    </div>
                  ))
                ) : (
                  <div>
                    <div className="mb-1 text-xs font-semibold text-muted-foreground">Seed (revealed)</div>
                    <Mono>{pool.drawSeed}</Mono>
                  </div>
                )}
                <div>
                  <div className="mb-1 text-xs font-semibold text-muted-foreground">Commitment (published when the pool opened)</div>
                  <Mono>{pool.drawCommitment}</Mono>
                </div>
                {beacon?.status === 'verified' && <BeaconDetails beacon={beacon} />}
                {pool.drawInput && (
                  <>
                    <div>
                      <div className="mb-1 text-xs font-semibold text-muted-foreground">Draw input SHA-256</div>
                      <Mono>{pool.drawInputSha256}</Mono>
                    </div>
                    <details>
                      <summary className="cursor-pointer text-xs font-semibold text-muted-foreground">
                        Draw input: the owner of every square at the draw, row by row
                      </summary>
                      <Mono className="mt-1">{pool.drawInput}</Mono>
                    </details>
                  </>
                )}
              </div>
            </>
          )}
          <div>
            <div className="mb-1 text-xs font-semibold text-muted-foreground">Check it yourself with the Squares binary</div>
            <div className="flex items-stretch gap-2">
              <Mono className="flex-1">{command}</Mono>
              <Button variant="outline" size="icon" onClick={() => void copy()} aria-label="Copy the verify-draw command">
                <Copy aria-hidden="true" />
              </Button>
            </div>
            <p className="mt-2 text-xs text-muted-foreground">
              The derivation (HMAC-SHA256 stream and Fisher-Yates shuffle with rejection sampling; squares-draw-v2 mixes in the beacon
              round’s randomness) and how to fetch the round from drand yourself are documented in docs/fairness.md.
            </p>
          </div>
        </CardContent>
      )}
    </Card>
  )
}
