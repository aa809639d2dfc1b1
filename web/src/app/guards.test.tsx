import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import { player, renderPage, stubFetch } from '@/test/utils'
import { SignedIn } from './guards'

describe('SignedIn', () => {
  it.each([
    ['/schedule/nfl', '/schedule/:league'],
    ['/checkout?poolId=31&squares=%5B%7B%22row%22%3A1%2C%22column%22%3A2%7D%5D&amount=5.00', '/checkout'],
    ['/account', '/account'],
  ])('sends a visitor at %s to sign in, naming the page (and its query) to come back to', async (at, path) => {
    stubFetch({})
    const { router } = renderPage(<SignedIn><h1>Members only</h1></SignedIn>, { path, at })
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(new URLSearchParams(router.state.location.search).get('returnTo')).toBe(at)
    expect(screen.queryByText('Members only')).not.toBeInTheDocument()
  })

  it('shows a signed-in player the page', () => {
    stubFetch({})
    renderPage(<SignedIn><h1>Members only</h1></SignedIn>, { path: '/schedule/:league', at: '/schedule/nfl', user: player })
    expect(screen.getByText('Members only')).toBeInTheDocument()
  })
})
