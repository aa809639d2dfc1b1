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

describe('The landing page demo board', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('loops through its stages, and stops where it is when paused', () => {
    vi.useFakeTimers()
    motion(false)
    render(<DemoBoard />)
    expect(caption()).toBe('Players claim squares: 4/100 taken')
    wait(10 * 120)
    expect(caption()).toBe('Players claim squares: 44/100 taken')
    fireEvent.click(screen.getByRole('button', { name: 'Pause demo' }))
    wait(60_000)
    expect(caption()).toBe('Players claim squares: 44/100 taken')
    fireEvent.click(screen.getByRole('button', { name: 'Play demo' }))
    wait(120)
    expect(caption()).toBe('Players claim squares: 48/100 taken')
  })

  it('starts paused on the winner for someone who asked for less motion, and plays when asked', () => {
    vi.useFakeTimers()
    motion(true)
    render(<DemoBoard />)
    expect(screen.getByText('4. Winner paid')).toBeInTheDocument()
    wait(60_000)
    expect(caption()).toBe('Final winner paid $225.00 automatically (full $10 pool)')
    fireEvent.click(screen.getByRole('button', { name: 'Play demo' }))
    wait(30 * 120)
    expect(caption()).toBe('Players claim squares: 4/100 taken')
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
    expect(caption()).toBe('Players claim squares: 4/100 taken')
    hidden.mockReturnValue('visible')
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'))
    })
    wait(120)
    expect(caption()).toBe('Players claim squares: 8/100 taken')
  })
})
