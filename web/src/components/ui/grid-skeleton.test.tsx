import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import { GridSkeleton } from './grid-skeleton'

describe('GridSkeleton', () => {
  it('draws a board placeholder as one element, its cells and gap in CSS variables', () => {
    render(<GridSkeleton cells={6} gap="2px" label="Loading the board" />)
    const board = screen.getByRole('img', { name: 'Loading the board' })
    expect(board).toHaveAttribute('aria-busy', 'true')
    expect(board).toHaveClass('grid-skeleton', 'animate-pulse')
    expect(board.style.getPropertyValue('--cells')).toBe('6')
    expect(board.style.getPropertyValue('--gap')).toBe('2px')
    expect(board.childElementCount).toBe(0)
  })

  it('is hidden from assistive technology without a label', () => {
    const { container } = render(<GridSkeleton />)
    expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true')
  })
})
