import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { makePool } from '@/test/pool'
import type { Pool } from '@/lib/types'
import { PoolInfoCard } from './pool-side-cards'

// The pool page links its settlement report once the pool is drawn, completed or cancelled: before, there is
// nothing to settle.

function card(over: Partial<Pool>) {
  render(
    <MemoryRouter>
      <PoolInfoCard pool={makePool(over)} />
    </MemoryRouter>,
  )
}

describe('the settlement report link', () => {
  it('is there once the numbers are drawn', () => {
    card({ numbersGenerated: true, homeNumbers: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], awayNumbers: [9, 8, 7, 6, 5, 4, 3, 2, 1, 0] })
    expect(screen.getByRole('link', { name: 'Settlement report' })).toHaveAttribute('href', '/pools/31/report')
  })

  it('is there for a cancelled pool, whose refunds it lists', () => {
    card({ status: 'cancelled' })
    expect(screen.getByRole('link', { name: 'Settlement report' })).toBeInTheDocument()
  })

  it('is not there while the pool is on sale', () => {
    card({ status: 'active', numbersGenerated: false })
    expect(screen.queryByRole('link', { name: 'Settlement report' })).toBeNull()
  })
})
