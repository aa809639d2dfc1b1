import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { cell, later, makePool } from '@/test/pool'
import { player, renderPage, stubFetch } from '@/test/utils'
import type { User } from '@/lib/types'
import { PoolDetailPage } from './pool-detail-page'

const five = makePool({ name: '$5 Pool', entryFee: '5.00', totalPot: '5.00', salesOpenAt: later(-100) })

/** Makes `(min-width: 1024px)` match, as on a laptop. */
function wideScreen() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('min-width: 1024px'),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }))
}

async function open(user: User = player) {
  stubFetch({ [`GET /api/pools/${five.id}`]: { body: five }, [`GET /api/pools/${five.id}/squares`]: { body: [] } })
  const utils = renderPage(<PoolDetailPage />, { path: '/pool/:id', at: `/pool/${five.id}`, user })
  await screen.findByRole('grid')
  return { ...utils, user: userEvent.setup() }
}

describe('The selection bar on a phone', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('appears once a square is selected, with the count, the total and the one Checkout button, and announces them', async () => {
    const { user, router } = await open()
    expect(screen.queryByRole('region', { name: 'Your selection' })).not.toBeInTheDocument()
    await user.click(cell(2, 3))
    const bar = await screen.findByRole('region', { name: 'Your selection' })
    expect(within(bar).getByTestId('selection-bar-count')).toHaveTextContent('1 square selected of 5 allowed')
    await user.click(cell(4, 5))
    expect(within(bar).getByTestId('selection-bar-count')).toHaveTextContent('2 squares selected of 5 allowed')
    expect(within(bar).getByTestId('selection-bar-total')).toHaveTextContent('$10.00')
    // The count and total are a polite live region.
    expect(within(bar).getByTestId('selection-bar-count').closest('[aria-live]')).toHaveAttribute('aria-live', 'polite')
    // One purchase button on the page: the bar's (the cart's gives way to it).
    const buttons = screen.getAllByRole('button', { name: /Checkout/ })
    expect(buttons).toHaveLength(1)
    expect(bar).toContainElement(buttons[0])
    expect(buttons[0]).toHaveAccessibleName('Checkout · $10.00')
    // Keyboard-reachable, and it buys.
    buttons[0].focus()
    await user.keyboard('{Enter}')
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'))
    expect(new URLSearchParams(router.state.location.search).get('amount')).toBe('10.00')
  })

  it('goes away when the selection is cleared', async () => {
    const { user } = await open()
    await user.click(cell(2, 3))
    expect(await screen.findByRole('region', { name: 'Your selection' })).toBeInTheDocument()
    await user.click(cell(2, 3))
    expect(screen.queryByRole('region', { name: 'Your selection' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Checkout/ })).toBeInTheDocument() // the cart's, again
  })

  it('is not shown on a wide screen, where the cart sits beside the board', async () => {
    wideScreen()
    const { user } = await open()
    await user.click(cell(2, 3))
    await waitFor(() => expect(screen.getByTestId('cart-count')).toHaveTextContent('1/5'))
    expect(screen.queryByRole('region', { name: 'Your selection' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Checkout/ })).toHaveAccessibleName('Checkout · $5.00')
  })

  it('is not shown on a board that is not interactive', async () => {
    const { user } = await open({ ...player, isEligibleToBet: false })
    await user.click(cell(2, 3))
    expect(screen.queryByRole('region', { name: 'Your selection' })).not.toBeInTheDocument()
  })
})
