import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { makeRulesPool as rulesPool } from '@/test/pool'
import { player, renderPage, stubFetch } from '@/test/utils'
import { HowToPlayPage } from './how-to-play-page'

describe('How to Play for a pool', () => {
  it('opens with the rules of the pool named by ?pool=', async () => {
    stubFetch({ 'GET /api/pools/40': { body: rulesPool() } })
    renderPage(<HowToPlayPage />, { path: '/how-to-play', at: '/how-to-play?pool=40', user: player })
    const section = await screen.findByRole('region', { name: 'Rules of this pool' })
    expect(await within(section).findByText('Office 25')).toBeInTheDocument()
    expect(within(section).getByTestId('rules-period-Q2')).toHaveTextContent('Q2: 15%, $15.00')
    expect(within(section).getByRole('link', { name: 'Back to the pool' })).toHaveAttribute('href', '/pool/40')
  })

  it('says so when the pool cannot be read', async () => {
    stubFetch({ 'GET /api/pools/41': { status: 404, body: { message: 'Pool not found', code: 'not_found' } } })
    renderPage(<HowToPlayPage />, { path: '/how-to-play', at: '/how-to-play?pool=41', user: player })
    expect(await screen.findByText(/This pool cannot be shown/)).toBeInTheDocument()
  })
})
