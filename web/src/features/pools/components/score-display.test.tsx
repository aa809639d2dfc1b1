import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, render, screen } from '@testing-library/react'
import { TeamScore } from './score-display'

describe('TeamScore', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('pops +N for 3 s on a score change, and bursts into stars for 2 s on a rise of 6 or more', () => {
    const { rerender } = render(<TeamScore name="Buffalo Bills" score={3} side="home" />)
    expect(screen.getByTestId('home-score')).toHaveTextContent('3')
    expect(screen.queryByText(/^\+/)).not.toBeInTheDocument()

    rerender(<TeamScore name="Buffalo Bills" score={6} side="home" />)
    expect(screen.getByText('+3')).toBeInTheDocument()
    expect(screen.queryByTestId('star-burst')).not.toBeInTheDocument()
    act(() => {
      vi.advanceTimersByTime(3000)
    })
    expect(screen.queryByText('+3')).not.toBeInTheDocument()

    rerender(<TeamScore name="Buffalo Bills" score={13} side="home" />)
    expect(screen.getByText('+7')).toBeInTheDocument()
    expect(screen.getByTestId('star-burst')).toBeInTheDocument()
    act(() => {
      vi.advanceTimersByTime(2000)
    })
    expect(screen.queryByTestId('star-burst')).not.toBeInTheDocument()
    expect(screen.getByText('+7')).toBeInTheDocument()
    act(() => {
      vi.advanceTimersByTime(1000)
    })
    expect(screen.queryByText('+7')).not.toBeInTheDocument()
    expect(screen.getByTestId('home-score')).toHaveTextContent('13')
  })
})
