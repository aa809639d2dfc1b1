import { describe, expect, it } from 'vitest'
import { render } from '@testing-library/react'
import { PoolSkeleton } from './pool-page-states'

describe('PoolSkeleton', () => {
  it("keeps the pool page's loading screen to a few dozen elements (it had 121 cells, each a pulse)", () => {
    const { container } = render(<PoolSkeleton />)
    expect(container.querySelectorAll('*').length).toBeLessThan(30)
  })
})
