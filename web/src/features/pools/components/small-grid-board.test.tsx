import { describe, expect, it } from 'vitest'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Square } from '@/lib/types'
import { cell } from '@/test/pool'
import { SquareBoard } from './square-board'
import { boardWinners } from './square-labels'
import { QUARTERS } from '@/lib/periods'

const home = [3, 8, 1, 0, 6, 9, 2, 5, 7, 4]
const away = [5, 0, 6, 9, 7, 3, 8, 1, 2, 4]
const squares: Square[] = [
  { id: 1, poolId: 40, userId: '12', row: 1, column: 2, purchasePrice: '5.00', purchasedAt: null, user: { firstName: 'Dana', lastName: 'Demo' }, status: 'owned' },
]

function board(rows: number, columns: number, drawn = true) {
  return render(
    <SquareBoard
      homeTeam="Buffalo Bills"
      awayTeam="Kansas City Chiefs"
      homeNumbers={drawn ? home : null}
      awayNumbers={drawn ? away : null}
      squares={squares}
      userId="7"
      selected={[]}
      interactive
      onActivate={() => {}}
      rows={rows}
      columns={columns}
      winners={boardWinners(
        [
          { poolId: 40, period: 1, periodLabel: 'Q1', kind: 'reverse', award: 'reverse:Q1', homeScore: 0, awayScore: 9, row: 1, column: 2, userId: '12', firstName: 'Dana', amount: '20.00', status: 'credited', name: 'Reverse Q1' },
        ],
        squares,
        QUARTERS,
        false,
      )}
    />,
  )
}

describe('SquareBoard on smaller grids', () => {
  it('draws 25 squares, 5 x 5, with two digits in every header cell', () => {
    board(5, 5)
    const grid = screen.getByRole('grid')
    expect(grid).toHaveAttribute('aria-rowcount', '6')
    expect(grid).toHaveAttribute('aria-colcount', '6')
    expect(within(grid).getAllByRole('row')).toHaveLength(6)
    expect(within(grid).getAllByRole('gridcell')).toHaveLength(25)
    // Column c holds homeNumbers[2c] and [2c+1]; row r awayNumbers[2r] and [2r+1].
    expect(screen.getByRole('columnheader', { name: 'Column 1: Buffalo Bills digits 3 or 8' })).toHaveTextContent('38')
    expect(screen.getByRole('columnheader', { name: 'Column 5: Buffalo Bills digits 7 or 4' })).toBeInTheDocument()
    expect(screen.getByRole('rowheader', { name: 'Row 2: Kansas City Chiefs digits 6 or 9' })).toHaveTextContent('69')
    expect(screen.getByRole('gridcell', { name: 'Row 1 (away 5 or 0), column 1 (home 3 or 8): available' })).toBeInTheDocument()
    // A reverse winner is named by its prize, with where it is as its description.
    const won = screen.getByRole('gridcell', { name: 'Reverse Q1 winner, $20.00, Dana D.' })
    expect(won).toHaveAttribute('aria-description', 'Row 2 (away 6 or 9), column 3 (home 6 or 9): owned by Dana D.')
    expect(won).toHaveAttribute('data-winner', 'R Q1')
  })

  it('draws 50 squares, 10 rows of one away digit by 5 columns of two home digits', () => {
    board(10, 5)
    const grid = screen.getByRole('grid')
    expect(within(grid).getAllByRole('gridcell')).toHaveLength(50)
    expect(within(grid).getAllByRole('rowheader')).toHaveLength(10)
    expect(screen.getByRole('columnheader', { name: 'Column 3: Buffalo Bills digits 6 or 9' })).toBeInTheDocument()
    expect(screen.getByRole('rowheader', { name: 'Row 3: Kansas City Chiefs digit 6' })).toHaveTextContent('6')
  })

  it('shows ? before the draw and keeps the keyboard inside the smaller grid', async () => {
    const user = userEvent.setup()
    board(5, 5, false)
    expect(screen.getByRole('columnheader', { name: 'Column 2: Buffalo Bills digit not drawn yet' })).toHaveTextContent('?')
    await user.click(cell(0, 0))
    await user.keyboard('{End}')
    expect(cell(0, 4)).toHaveFocus()
    await user.keyboard('{Control>}{End}{/Control}')
    expect(cell(4, 4)).toHaveFocus()
    await user.keyboard('{ArrowDown}{ArrowRight}')
    expect(cell(4, 4)).toHaveFocus()
    await user.keyboard('{ArrowUp}{ArrowLeft}')
    expect(cell(3, 3)).toHaveFocus()
  })
})
