import { formatCents, isFree, toCents } from '@/lib/money'
import { periodShares, poolGrid, poolRules, reverseShare } from '@/lib/rules'
import type { Pool } from '@/lib/types'

function Item({ term, children, testId }: { term: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className="grid gap-0.5" data-testid={testId}>
      <dt className="font-semibold text-muted-foreground">{term}</dt>
      <dd className="min-w-0 font-medium">{children}</dd>
    </div>
  )
}

/**
 * The rules a pool plays by (issue 22), as the pool page and How to Play show them: the grid, what each
 * paying period pays (percent and amount, the reverse winner's part), every score, the numbers and a board
 * that is not full. Amounts follow the server's arithmetic (lib/rules) on the pool's prize pool, or on the
 * prize pool of a full board while it is not full.
 */
export function PoolRulesList({ pool }: { pool: Pool }) {
  const rules = poolRules(pool)
  const grid = poolGrid(pool)
  const squares = grid.rows * grid.columns
  const free = isFree(pool.entryFee)
  const full = pool.currentParticipants >= (pool.maxParticipants || squares)
  const prize = toCents(full ? pool.prizePool : pool.prizePoolIfFull || pool.prizePool)
  const { periods, everyScore } = periodShares(prize, rules)
  const money = (cents: number) => (free ? '' : `, ${formatCents(cents)}`)
  return (
    <div className="grid gap-3 text-sm">
      <dl className="grid gap-2.5">
        <Item term="Grid" testId="rules-grid">
          {squares} squares ({grid.rows} x {grid.columns})
          {grid.rows < 10 || grid.columns < 10 ? (
            <span className="block text-xs text-muted-foreground">
              {grid.rows < 10 ? 'Each row and column holds two digits.' : 'Each column holds two home digits; each row one away digit.'}
            </span>
          ) : null}
        </Item>
        <Item term="Payouts" testId="rules-payouts">
          <ul className="grid gap-0.5" aria-label="What each period pays">
            {periods.map((p) => {
              const reverse = reverseShare(p.amount, rules.reversePercent)
              return (
                <li key={p.period} data-testid={`rules-period-${p.period}`}>
                  <span className="font-bold">{p.label}</span>: {p.percent}%{money(p.amount)}
                  {!free && rules.reversePercent > 0 && (
                    <span className="text-muted-foreground">
                      {' '}
                      ({formatCents(p.amount - reverse)} winner, {formatCents(reverse)} reverse)
                    </span>
                  )}
                </li>
              )
            })}
          </ul>
        </Item>
        <Item term="Reverse" testId="rules-reverse">
          {rules.reversePercent > 0
            ? `${rules.reversePercent}% of each period's prize goes to the reverse winner: the square whose row holds the home score's last digit and whose column the away score's.`
            : 'No reverse winners.'}
        </Item>
        <Item term="Every score" testId="rules-every-score">
          {rules.everyScorePercent > 0
            ? `${rules.everyScorePercent}%${money(everyScore)}, split equally among the changes of the score (overtime included), paid when the game is final; the remainder, or all of it after a 0-0 game, goes to the final's winner.`
            : 'Not played.'}
        </Item>
        <Item term="Numbers" testId="rules-numbers">
          {rules.numbers === 'per-period'
            ? 'New numbers for each paying period, each from its own committed seed.'
            : 'Drawn once, when the board is final.'}
        </Item>
        <Item term="Board not full" testId="rules-unfilled">
          {rules.unfilled === 'play'
            ? 'Played as it stands 2 hours before kickoff: a prize whose square is empty passes to the next paying period; the final’s is shared by the taken squares.'
            : pool.isPrivate
              ? 'Cancelled 2 hours before kickoff, and every payment returned.'
              : 'Filled with house squares 2 hours before kickoff if enough players joined; otherwise cancelled and every payment returned.'}
        </Item>
      </dl>
      {!free && !full && <p className="text-xs text-muted-foreground">Amounts shown are for a full board.</p>}
    </div>
  )
}
