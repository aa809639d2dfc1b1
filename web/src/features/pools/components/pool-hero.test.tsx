import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { makePool } from '@/test/pool'
import { player, renderPage, stubFetch } from '@/test/utils'
import { PoolDetailPage } from './pool-detail-page'

describe('The pool page’s Print button', () => {
  it('opens the pool’s printable sheet', async () => {
    const pool = makePool()
    stubFetch({ [`GET /api/pools/${pool.id}`]: { body: pool }, [`GET /api/pools/${pool.id}/squares`]: { body: [] } })
    renderPage(<PoolDetailPage />, { path: '/pool/:id', at: `/pool/${pool.id}`, user: player })
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Print' }))
    expect(screen.getByTestId('location')).toHaveTextContent(`/pools/${pool.id}/print`)
  })
})
