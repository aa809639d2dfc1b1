import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import { PoolGridSkeleton } from './pool-grid-skeleton'

describe('PoolGridSkeleton', () => {
  it('shows four loading pool cards, each one element', () => {
    render(<PoolGridSkeleton />)
    const list = screen.getByLabelText('Loading pools')
    expect(list).toHaveAttribute('aria-busy', 'true')
    expect(list.children).toHaveLength(4)
    expect(list.querySelectorAll('*')).toHaveLength(4)
  })
})
