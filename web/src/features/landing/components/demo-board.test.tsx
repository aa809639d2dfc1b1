import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, fireEvent, render, screen } from '@testing-library/react'
import { DemoBoard } from './demo-board'

/** Makes `(prefers-reduced-motion: reduce)` match or not. */
function motion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion: reduce'),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }))
}

/** Lets ms of fake time pass. */
function wait(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms)
  })
}

const caption = () => screen.getByRole('figure', { name: 'Simulated demo of a squares pool (not a real pool)' }).querySelector('figcaption')!.textContent

const stage = () => screen.getByRole('figure', { name: 'Simulated demo of a squares pool (not a real pool)' }).querySelector('.text-lime-300')!.textContent

describe('The landing page demo board', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.useRealTimers()
  })

  it('starts full, plays its round through its stages, stops where it is when paused, rests on the winner, and fills when played again', () => {
    vi.useFakeTimers()
    motion(false)
    render(<DemoBoard />)
    expect(stage()).toBe('2. Numbers drawn')
    expect(caption()).toBe('Board full: random digits drawn for every row and column')
    fireEvent.click(screen.getByRole('button', { name: 'Pause demo' }))
    wait(60_000)
    expect(stage()).toBe('2. Numbers drawn')
    fireEvent.click(screen.getByRole('button', { name: 'Play demo' }))
    wait(20 * 120)
    expect(stage()).toBe('3. Game live')
    wait(60_000)
    expect(caption()).toBe('Final winner paid $225.00 automatically (full $10 pool)')
    // At rest: no timer left running, and a new round on request, which fills.
    expect(vi.getTimerCount()).toBe(0)
    fireEvent.click(screen.getByRole('button', { name: 'Play again' }))
    expect(caption()).toBe('Players claim squares until all 100 are taken')
    expect(screen.getByRole('button', { name: 'Pause demo' })).toBeInTheDocument()
    wait(25 * 120)
    expect(stage()).toBe('2. Numbers drawn')
  })

  it('draws the same first round every time (a prerendered page and the browser agree)', () => {
    motion(false)
    const first = render(<DemoBoard />).container.innerHTML
    const second = render(<DemoBoard />).container.innerHTML
    expect(second).toBe(first)
  })

  it('shows the winner still for someone who asked for less motion, and plays when asked', () => {
    vi.useFakeTimers()
    motion(true)
    render(<DemoBoard />)
    expect(stage()).toBe('4. Winner paid')
    wait(60_000)
    expect(caption()).toBe('Final winner paid $225.00 automatically (full $10 pool)')
    fireEvent.click(screen.getByRole('button', { name: 'Play demo' }))
    expect(caption()).toBe('Players claim squares until all 100 are taken')
    wait(25 * 120)
    expect(stage()).toBe('2. Numbers drawn')
    expect(screen.getByRole('button', { name: 'Pause demo' })).toBeInTheDocument()
  })

  it('stands still while the page is hidden', () => {
    vi.useFakeTimers()
    motion(false)
    render(<DemoBoard />)
    const hidden = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden')
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'))
    })
    wait(60_000)
    expect(stage()).toBe('2. Numbers drawn')
    hidden.mockReturnValue('visible')
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'))
    })
    wait(20 * 120)
    expect(stage()).toBe('3. Game live')
  })

  it("moves the winner through the quarters without touching the board's cells", () => {
    vi.useFakeTimers()
    motion(false)
    render(<DemoBoard />)
    const figure = screen.getByRole('figure', { name: 'Simulated demo of a squares pool (not a real pool)' })
    const board = figure.querySelector('.grid-cols-11:not([data-winner])')!
    const changes = new MutationObserver(() => {})
    changes.observe(board, { subtree: true, childList: true, attributes: true, characterData: true })
    const winners: string[] = []
    const squares: Element[] = []
    wait(20 * 120)
    for (let q = 0; q < 4; q++) {
      const winner = figure.querySelector('[data-winner]')!
      winners.push(winner.getAttribute('data-winner')!)
      // The square at the last digits of the quarter's scores (away 7, 14, 17, 27; home 3, 13, 20, 24).
      const square = winner.firstElementChild as HTMLElement
      // A winner elsewhere is a square of its own: one square moved is a layout shift.
      if (q > 0 && winners[q] !== winners[q - 1]) expect(square).not.toBe(squares[q - 1])
      squares.push(square)
      const row = Number(square.style.gridRow) - 2
      const column = Number(square.style.gridColumn) - 2
      expect(board.children[1 + column].textContent).toBe(String([3, 13, 20, 24][q] % 10))
      expect(board.children[11 + row].firstElementChild!.textContent).toBe(String([7, 14, 17, 27][q] % 10))
      expect(winner.querySelectorAll('svg')).toHaveLength(1)
      wait((34 * 120) / 4)
    }
    expect(changes.takeRecords()).toEqual([])
    expect(new Set(winners).size).toBeGreaterThan(1)
    expect(board.querySelectorAll('svg').length).toBe(5)
  })
})
