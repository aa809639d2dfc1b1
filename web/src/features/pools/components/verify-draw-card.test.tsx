import { describe, expect, it } from 'vitest'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import fixtureText from '@/lib/testdata/pool-after-takeover.json?raw'
import type { Pool, Square } from '@/lib/types'
import { VerifyDrawCard } from './verify-draw-card'

// A paid pool drawn, then partly taken over by the house when a card hold lapsed, as the API published it
// (written by the Go test TestVerifyDrawAfterHouseTakeover).
const fixture = JSON.parse(fixtureText) as { pool: Pool; squares: Square[] }

describe('VerifyDrawCard', () => {
  it('verifies a draw from its stored input and says which squares changed hands after it', async () => {
    render(<VerifyDrawCard pool={fixture.pool} squares={fixture.squares} />, { wrapper: MemoryRouter })
    await userEvent.click(screen.getByRole('button', { name: /verify draw/i }))
    expect(await screen.findByTestId('draw-verdict')).toHaveTextContent('Verified: the published numbers match the committed seed and the ownership at the moment of the draw.')
    expect(screen.getByText('Draw input (owners at the draw): matches')).toBeInTheDocument()
    const note = screen.getByTestId('draw-changed-hands')
    expect(note).toHaveTextContent('5 squares changed hands after the draw: the house took them over when their card holds lapsed.')
    expect(within(note).getAllByRole('listitem')).toHaveLength(5)
    expect(within(note).getAllByRole('listitem')[0]).toHaveTextContent(/^Row 1, column 1: player #\d+ at the draw, the house now$/)
    expect(screen.getByText(fixture.pool.drawInputSha256!)).toBeInTheDocument()
    expect(screen.queryByTestId('draw-no-input')).not.toBeInTheDocument()
    // Beside Verify draw, the check of the pool's whole record.
    expect(screen.getByRole('link', { name: 'Check this pool' })).toHaveAttribute('href', `/pools/${fixture.pool.id}/check`)
  })

  it('checks a pool drawn before draw inputs were stored against the current owners, and says so', async () => {
    const pool = { ...fixture.pool, drawInput: null, drawInputSha256: null }
    render(<VerifyDrawCard pool={pool} squares={fixture.squares} />, { wrapper: MemoryRouter })
    await userEvent.click(screen.getByRole('button', { name: /verify draw/i }))
    // The house took squares over after the draw, so today's owners cannot reproduce it.
    expect(await screen.findByTestId('draw-verdict')).toHaveTextContent('Mismatch')
    expect(screen.getByTestId('draw-no-input')).toHaveTextContent('drawn before the server stored')
    expect(screen.queryByTestId('draw-changed-hands')).not.toBeInTheDocument()
  })
})
