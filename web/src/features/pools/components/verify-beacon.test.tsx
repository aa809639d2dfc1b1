import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import type { Beacon } from '@/lib/api.gen'
import { QUICKNET } from '@/lib/drand'
import type { Pool } from '@/lib/types'
import { makePool } from '@/test/pool'
import { VerifyDrawCard } from './verify-draw-card'

// The squares-draw-v2 test vector of docs/fairness.md: pool 42, the v1 vector's seed and owners, and quicknet
// round 12040883 (its signature from drand/tlock's tests, drand/testdata), as the API would publish it for a
// pool locked at 17:13:21.5Z.
const seed = '6d1f0e8c2b3a49587766554433221100ffeeddccbbaa99887766554433221100'
const owners = Array.from({ length: 100 }, (_, i) => (i < 90 ? String((i % 7) + 1) : 'admin'))
const signature = '929906c959032ab363c9f26570d215d66f5c06cb0c44fe508c12bb5839f04ec895bb6868e5b9ff13ab289bdb5266b394'
const beacon: Beacon = {
  status: 'verified',
  round: 12040883,
  dueAt: '2024-10-14T17:13:33Z',
  lockedAt: '2024-10-14T17:13:21.5Z',
  chainHash: QUICKNET.chainHash,
  signature,
  randomness: '173df1f57805453a8d2015268205d68147de12cafc2f451f7bc6adadca3571b3',
  dev: false,
}

function drawn(b: Partial<Beacon> = {}, over: Partial<Pool> = {}): Pool {
  return makePool({
    id: 42,
    status: 'full',
    currentParticipants: 100,
    numbersGenerated: true,
    drawSeed: seed,
    drawCommitment: 'aa6358ae878654ad9544e5431fbe7cba2bc120072d6dd39949715c73958e8c87',
    drawInput: owners.join(','),
    drawInputSha256: 'e7f65ae79e4e8be4b68f44485ec5d32370b371a74eb3f5b490535e32a04513d0',
    homeNumbers: [6, 3, 1, 4, 0, 8, 5, 9, 2, 7],
    awayNumbers: [1, 0, 7, 2, 6, 9, 5, 8, 3, 4],
    beacon: { ...beacon, ...b },
    ...over,
  })
}

async function openPanel(pool: Pool) {
  render(<VerifyDrawCard pool={pool} squares={[]} />, { wrapper: MemoryRouter })
  await userEvent.click(screen.getByRole('button', { name: /verify draw/i }))
  return screen.findByTestId('draw-verdict')
}

describe('VerifyDrawCard with a drand beacon', () => {
  it('checks the round, its signature against quicknet’s built-in key, the randomness and the v2 digits', async () => {
    const verdict = await openPanel(drawn())
    expect(verdict).toHaveTextContent(
      'Verified: every check passed, the beacon’s signature included. The published numbers follow from the committed seed, the ownership at the moment of the draw and drand round 12040883.',
    )
    expect(screen.getByText('Beacon round 12040883, the first published 10 s after the grid was complete: matches')).toBeInTheDocument()
    expect(screen.getByText('Beacon signature (round 12040883): verifies')).toBeInTheDocument()
    expect(screen.getByTestId('beacon-key')).toHaveTextContent('against drand quicknet’s public key, built into this app')
    expect(screen.getByText('Beacon randomness (SHA-256 of the signature): matches')).toBeInTheDocument()
    expect(screen.getByText('Home digits (columns) 6, 3, 1, 4, 0, 8, 5, 9, 2, 7: matches')).toBeInTheDocument()
    expect(screen.getByText(`https://api.drand.sh/${QUICKNET.chainHash}/public/12040883`)).toBeInTheDocument()
    expect(screen.queryByTestId('dev-beacon')).not.toBeInTheDocument()
  })

  it('fails a tampered signature, and the randomness that no longer is its SHA-256', async () => {
    const flipped = signature.slice(0, -1) + '5'
    expect(await openPanel(drawn({ signature: flipped }))).toHaveTextContent('Mismatch: the beacon round does not check out.')
    expect(screen.getByText('Beacon signature (round 12040883): does not verify')).toBeInTheDocument()
    expect(screen.getByText('Beacon randomness (SHA-256 of the signature): does not match')).toBeInTheDocument()
  })

  it('fails a round other than the one due after the lock', async () => {
    expect(await openPanel(drawn({ lockedAt: '2024-10-14T17:13:25Z' }))).toHaveTextContent('Mismatch')
    expect(screen.getByText('Beacon round 12040883, the first published 10 s after the grid was complete: does not match')).toBeInTheDocument()
    expect(screen.getByText('The round due after the lock is 12040884.')).toBeInTheDocument()
  })

  it('fails digits that do not follow from the published randomness', async () => {
    const other = '0'.repeat(64)
    expect(await openPanel(drawn({ randomness: other }))).toHaveTextContent('Mismatch: the published draw does not follow from the seed.')
    expect(screen.getByText('Home digits (columns) 6, 3, 1, 4, 0, 8, 5, 9, 2, 7: does not match')).toBeInTheDocument()
  })

  it('says why a pool was drawn without the beacon, and checks it by squares-draw-v1', async () => {
    const v1 = { homeNumbers: [7, 1, 9, 2, 0, 3, 5, 8, 6, 4], awayNumbers: [5, 0, 6, 9, 7, 3, 8, 1, 2, 4] }
    expect(await openPanel(drawn({ status: 'unavailable', signature: null, randomness: null }, v1))).toHaveTextContent(
      'Verified: the published numbers match the committed seed and the ownership at the moment of the draw.',
    )
    expect(screen.getByTestId('verify-no-beacon')).toHaveTextContent(
      'Drawn without the beacon: drand could not be reached before kickoff (round 12040883 was fixed at the lock)',
    )
  })

  it('names the round a full pool waits for, and labels a development beacon', async () => {
    const pool = makePool({
      status: 'full',
      numbersGenerated: false,
      drawCommitment: 'aa6358ae878654ad9544e5431fbe7cba2bc120072d6dd39949715c73958e8c87',
      beacon: { ...beacon, status: 'pending', signature: null, randomness: null, dev: true, chainHash: 'ab'.repeat(32) },
    })
    render(<VerifyDrawCard pool={pool} squares={[]} />, { wrapper: MemoryRouter })
    expect(screen.getByTestId('dev-beacon')).toHaveTextContent('Development beacon: not drand')
    await userEvent.click(screen.getByRole('button', { name: /verify draw/i }))
    expect(screen.getByTestId('verify-beacon-pending')).toHaveTextContent('The grid is complete. The digits wait for round 12040883, published at 2024-10-14 17:13:33 UTC')
  })
})
