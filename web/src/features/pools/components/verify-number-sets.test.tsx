import { describe, expect, it } from 'vitest'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import type { Pool } from '@/lib/types'
import { makePool } from '@/test/pool'
import { VerifyDrawCard } from './verify-draw-card'

// A 25-square pool drawn unfilled with new numbers each period; its digits are the Go domain's for these
// seeds and this draw input (see lib/draw.test.ts).
const seed1 = '6d1f0e8c2b3a49587766554433221100ffeeddccbbaa99887766554433221100'
const seed2 = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff'
const q1 = { period: 'Q1', seed: seed1, seedSha256: 'aa6358ae878654ad9544e5431fbe7cba2bc120072d6dd39949715c73958e8c87', homeNumbers: [3, 7, 6, 4, 0, 1, 8, 9, 5, 2], awayNumbers: [9, 5, 6, 7, 2, 1, 4, 8, 0, 3] }
const q2 = { period: 'FINAL', seed: seed2, seedSha256: '2a8abfa8cb9906290437854193ca6bca41d4d4e26d1d454bd66a35158095e737', homeNumbers: [4, 9, 5, 7, 6, 8, 1, 0, 2, 3], awayNumbers: [1, 7, 2, 3, 8, 9, 6, 0, 4, 5] }

function drawnPool(over: Partial<Pool> = {}): Pool {
  return makePool({
    id: 42,
    rows: 5,
    columns: 5,
    numbersGenerated: true,
    drawSeed: seed1,
    drawCommitment: q1.seedSha256,
    drawInput: '1,2,3,4,5,6,1,2,3,4,5,6,1,2,3,4,5,6,1,2,3,4,5,6,-',
    drawInputSha256: '279b62aca51e4917c9d7dfa30e821a4f7048de740e3d105ee6812bc7b455481d',
    homeNumbers: q2.homeNumbers,
    awayNumbers: q2.awayNumbers,
    numberSets: [q1, q2],
    ...over,
  })
}

describe('VerifyDrawCard with numbers per period', () => {
  it('checks every number set in the browser and says Verified', async () => {
    render(<VerifyDrawCard pool={drawnPool()} squares={[]} />, { wrapper: MemoryRouter })
    await userEvent.click(screen.getByRole('button', { name: /verify draw/i }))
    expect(await screen.findByTestId('draw-verdict')).toHaveTextContent('Verified')
    expect(screen.getByText('Q1 numbers: seed and digits: matches')).toBeInTheDocument()
    expect(screen.getByText('Final numbers: seed and digits: matches')).toBeInTheDocument()
    expect(screen.getByText('Board’s home digits (the set in play) 4, 9, 5, 7, 6, 8, 1, 0, 2, 3: matches')).toBeInTheDocument()
    expect(screen.getByText(seed2)).toBeInTheDocument()
  })

  it('names the set whose digits do not follow from its seed', async () => {
    const bad = { ...q2, awayNumbers: [7, 1, 2, 3, 8, 9, 6, 0, 4, 5] }
    render(<VerifyDrawCard pool={drawnPool({ numberSets: [q1, bad] })} squares={[]} />, { wrapper: MemoryRouter })
    await userEvent.click(screen.getByRole('button', { name: /verify draw/i }))
    expect(await screen.findByTestId('draw-verdict')).toHaveTextContent('Mismatch')
    expect(screen.getByText('Q1 numbers: seed and digits: matches')).toBeInTheDocument()
    const final = screen.getByText('Final numbers: seed and digits: does not match').closest('li')!
    expect(within(final).getByText('computed away 1, 7, 2, 3, 8, 9, 6, 0, 4, 5 · home 4, 9, 5, 7, 6, 8, 1, 0, 2, 3')).toBeInTheDocument()
  })

  it('lists each period’s commitment before the draw', async () => {
    const pool = drawnPool({ numbersGenerated: false, drawSeed: null, homeNumbers: null, awayNumbers: null, numberSets: [{ ...q1, seed: '', homeNumbers: [], awayNumbers: [] }, { ...q2, seed: '', homeNumbers: [], awayNumbers: [] }] })
    render(<VerifyDrawCard pool={pool} squares={[]} />, { wrapper: MemoryRouter })
    await userEvent.click(screen.getByRole('button', { name: /verify draw/i }))
    const list = screen.getByRole('list', { name: "Commitment of each period's numbers" })
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual([`Q1 numbers: SHA-256 of their seed${q1.seedSha256}`, `Final numbers: SHA-256 of their seed${q2.seedSha256}`])
    expect(screen.getByText(/all 25 squares/)).toBeInTheDocument()
  })
})
