import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Cell, Square } from '@/lib/types'
import { SquareBoard } from './square-board'
import { cellKey, type WinnerMark } from './square-labels'

const squares: Square[] = [
  { id: 1, poolId: 31, userId: '12', row: 2, column: 4, purchasePrice: '0.00', purchasedAt: null, user: { firstName: 'Ann', lastName: 'Lee' }, status: 'owned' },
  { id: 2, poolId: 31, userId: '7', row: 0, column: 1, purchasePrice: '0.00', purchasedAt: null, user: { firstName: 'Bo', lastName: 'Diaz' }, status: 'owned' },
  { id: 3, poolId: 31, userId: 'admin', row: 9, column: 9, purchasePrice: '0.00', purchasedAt: null, user: { firstName: 'House', lastName: '' }, status: 'owned' },
  { id: 4, poolId: 31, userId: '8', row: 5, column: 5, purchasePrice: '0.00', purchasedAt: null, user: { firstName: 'Cy', lastName: 'Fox' }, status: 'held' },
]

function Board({ interactive = true, home = null, away = null, onActivate }: { interactive?: boolean; home?: number[] | null; away?: number[] | null; onActivate?: (c: Cell) => void }) {
  const [selected, setSelected] = useState<Cell[]>([])
  return (
    <SquareBoard
      homeTeam="Buffalo Bills"
      awayTeam="Kansas City Chiefs"
      homeNumbers={home}
      awayNumbers={away}
      squares={squares}
      userId="7"
      selected={selected}
      interactive={interactive}
      onActivate={(cell, sq) => {
        onActivate?.(cell)
        if (sq) return
        setSelected((list) => (list.some((c) => cellKey(c) === cellKey(cell)) ? list.filter((c) => cellKey(c) !== cellKey(cell)) : [...list, cell]))
      }}
    />
  )
}

const cell = (r: number, c: number) => document.querySelector<HTMLElement>(`[role=gridcell][data-row="${r}"][data-column="${c}"]`)!

describe('SquareBoard', () => {
  it('draws the squares taken when it appears still, and pops in only those taken while it is on view', () => {
    const props = { homeTeam: 'Buffalo Bills', awayTeam: 'Kansas City Chiefs', homeNumbers: null, awayNumbers: null, userId: '7', selected: [], interactive: false, onActivate: () => {} }
    const { rerender } = render(<SquareBoard {...props} squares={squares} />)
    expect(document.querySelectorAll('.animate-square-pop')).toHaveLength(0)
    const taken: Square = { ...squares[0], id: 9, row: 4, column: 4, user: { firstName: 'Di', lastName: 'Ray' } }
    rerender(<SquareBoard {...props} squares={[...squares, taken]} />)
    expect([...document.querySelectorAll('.animate-square-pop')].map((e) => e.textContent)).toEqual(['DR'])
  })

  it('is an 11 x 11 grid: a header row and column with ? until the draw, and 100 squares', () => {
    render(<Board />)
    const grid = screen.getByRole('grid')
    expect(grid).toHaveAttribute('aria-multiselectable', 'true')
    const rows = within(grid).getAllByRole('row')
    expect(rows).toHaveLength(11)
    expect(within(rows[0]).getAllByRole('columnheader')).toHaveLength(11)
    expect(within(grid).getAllByRole('rowheader')).toHaveLength(10)
    expect(within(grid).getAllByRole('gridcell')).toHaveLength(100)
    expect(within(rows[0]).getAllByText('?')).toHaveLength(10)
  })

  it('names every square by position and state', () => {
    render(<Board />)
    expect(screen.getByRole('gridcell', { name: 'Row 3, column 5: owned by Ann L.' })).toBeInTheDocument()
    expect(screen.getByRole('gridcell', { name: 'Row 1, column 2: your square' })).toBeInTheDocument()
    expect(screen.getByRole('gridcell', { name: 'Row 10, column 10: house square' })).toBeInTheDocument()
    expect(screen.getByRole('gridcell', { name: 'Row 6, column 6: reserved while another player pays' })).toBeInTheDocument()
    expect(screen.getByRole('gridcell', { name: 'Row 1, column 1: available' })).toBeInTheDocument()
    // Owner initials and the house icon are drawn on the board.
    expect(cell(2, 4)).toHaveTextContent('AL')
    expect(cell(9, 9).querySelector('[data-icon="house"]')).not.toBeNull()
  })

  it('adds the drawn digits to the names once the numbers exist', () => {
    render(<Board home={[7, 1, 9, 2, 0, 3, 5, 8, 6, 4]} away={[5, 0, 6, 9, 7, 3, 8, 1, 2, 4]} />)
    expect(screen.getByRole('gridcell', { name: 'Row 3 (away 6), column 5 (home 0): owned by Ann L.' })).toBeInTheDocument()
    expect(screen.getByRole('columnheader', { name: 'Column 1: Buffalo Bills digit 7' })).toHaveTextContent('7')
    expect(screen.getByRole('rowheader', { name: 'Row 1: Kansas City Chiefs digit 5' })).toHaveTextContent('5')
  })

  it('keeps one square in the tab order and moves it with the arrow keys, Home/End and Ctrl+Home/End', async () => {
    const user = userEvent.setup()
    render(
      <>
        <button>before</button>
        <Board />
      </>,
    )
    expect(document.querySelectorAll('[role=gridcell][tabindex="0"]')).toHaveLength(1)
    await user.click(screen.getByText('before'))
    await user.tab()
    expect(cell(0, 0)).toHaveFocus()
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowDown}')
    expect(cell(1, 2)).toHaveFocus()
    expect(cell(1, 2)).toHaveAttribute('tabindex', '0')
    expect(cell(0, 0)).toHaveAttribute('tabindex', '-1')
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowLeft}{ArrowLeft}{ArrowLeft}')
    expect(cell(0, 0)).toHaveFocus() // stops at the edges
    await user.keyboard('{End}')
    expect(cell(0, 9)).toHaveFocus()
    await user.keyboard('{Home}')
    expect(cell(0, 0)).toHaveFocus()
    await user.keyboard('{Control>}{End}{/Control}')
    expect(cell(9, 9)).toHaveFocus()
    await user.keyboard('{PageUp}')
    expect(cell(0, 9)).toHaveFocus()
    // Tab leaves the grid instead of walking through 100 squares.
    await user.tab()
    expect(document.activeElement?.getAttribute('role')).not.toBe('gridcell')
  })

  it('toggles a square with Enter and Space and reports it as selected', async () => {
    const user = userEvent.setup()
    render(<Board />)
    await user.click(cell(0, 0))
    expect(cell(0, 0)).toHaveAttribute('aria-selected', 'true')
    expect(cell(0, 0)).toHaveAccessibleName('Row 1, column 1: selected')
    await user.keyboard('{ArrowDown}{Enter}')
    expect(cell(1, 0)).toHaveAttribute('aria-selected', 'true')
    await user.keyboard('{ }')
    expect(cell(1, 0)).toHaveAttribute('aria-selected', 'false')
    expect(cell(1, 0)).toHaveAccessibleName('Row 2, column 1: available')
    // Taken squares are marked as not selectable.
    expect(cell(2, 4)).toHaveAttribute('aria-disabled', 'true')
  })

  it('stays explorable but read-only when not interactive', async () => {
    const onActivate = vi.fn()
    const user = userEvent.setup()
    render(<Board interactive={false} onActivate={onActivate} />)
    const grid = screen.getByRole('grid')
    expect(grid).toHaveAttribute('aria-readonly', 'true')
    expect(cell(0, 0)).not.toHaveAttribute('aria-selected')
    await user.click(cell(2, 4))
    await user.keyboard('{ArrowRight}')
    expect(cell(2, 5)).toHaveFocus()
    expect(onActivate).toHaveBeenCalledWith({ row: 2, column: 4 })
  })

  it('shows a square’s wins, labels with spaces whole, and redraws a square when its wins change', () => {
    const mark = (label: string, amount: string | null): WinnerMark => ({ label, owner: 'Ann L.', amount, text: `${label} winner, ${amount}, Ann L.` })
    const props = {
      homeTeam: 'Buffalo Bills', awayTeam: 'Kansas City Chiefs', homeNumbers: null, awayNumbers: null, squares, userId: '7',
      selected: [], interactive: false, onActivate: () => {},
    }
    const { rerender } = render(<SquareBoard {...props} winners={new Map([['2-4', [mark('R Q1', '$20.00')]]])} />)
    expect(cell(2, 4)).toHaveAttribute('data-winner', 'R Q1')
    expect(cell(2, 4)).toHaveAccessibleName('R Q1 winner, $20.00, Ann L.')
    expect(within(cell(2, 4)).getByText('R Q1')).toBeInTheDocument()
    expect(within(cell(2, 4)).getByText('$20')).toBeInTheDocument()

    rerender(<SquareBoard {...props} winners={new Map([['2-4', [mark('R Q1', '$20.00'), mark('Q2', '$225.00')]]])} />)
    expect(cell(2, 4)).toHaveAttribute('data-winner', 'R Q1 Q2')
    expect(cell(2, 4)).toHaveAccessibleName('R Q1 winner, $20.00, Ann L.; Q2 winner, $225.00, Ann L.')
    expect(within(cell(2, 4)).getByText('R Q1')).toBeInTheDocument()
    expect(within(cell(2, 4)).getByText('Q2')).toBeInTheDocument()
    expect(within(cell(2, 4)).queryByText('$20')).toBeNull()
    expect(cell(0, 1)).not.toHaveAttribute('data-winner')
  })
})
