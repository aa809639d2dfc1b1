import { Ban, CalendarX, Clock, Grid3x3, Hash, ShieldCheck, Trophy, Users } from 'lucide-react'

const RULES = [
  { icon: Grid3x3, title: 'Pick your squares', text: 'Every pool is a 10 x 10 board of 100 squares on one game. Claim up to 5 squares per public pool, first come, first served.' },
  { icon: Hash, title: 'Numbers are drawn when it fills', text: 'Once all 100 squares are taken, each row and column gets a random digit 0-9: rows for the away team, columns for the home team. The draw is committed in advance and verifiable.' },
  { icon: Trophy, title: 'Match the last digits', text: 'At the end of Q1, halftime, Q3 and the final (college basketball: halftime and the final), the square whose row and column match the last digit of the away and home scores wins that period.' },
  { icon: Users, title: 'Five pools per game', text: 'Every game has a FREE, $1, $5, $10 and $25 pool. Free pools play for bragging rights only.' },
]

export function GameRules() {
  return (
    <ol className="grid gap-4 sm:grid-cols-2">
      {RULES.map((r, i) => (
        <li key={r.title} className="flex gap-4 rounded-xl border bg-card p-4 shadow-sm">
          <div className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-lime-100 text-lime-800">
            <r.icon className="size-5" aria-hidden="true" />
          </div>
          <div>
            <h3 className="font-bold">
              <span className="mr-1 text-emerald-700">{i + 1}.</span>
              {r.title}
            </h3>
            <p className="mt-1 text-sm text-muted-foreground">{r.text}</p>
          </div>
        </li>
      ))}
    </ol>
  )
}

const POLICIES = [
  { icon: Ban, title: 'No withdrawals', text: 'Squares cannot be sold back or withdrawn once claimed.' },
  { icon: CalendarX, title: 'Refunds only if a pool fails to fill', text: 'Refunds happen only when a pool is cancelled at the 2-hour decision before kickoff (or the game is cancelled or postponed). Refunds are automatic.' },
  { icon: Clock, title: 'Claim prizes within 30 days', text: 'Winnings are credited automatically at the end of each period. Unclaimed prizes are forfeited after 30 days.' },
  { icon: ShieldCheck, title: '18+ and where permitted', text: 'You must be at least 18 (older in some states) and live in a US state where paid pools are permitted. Free pools need sign-in and age verification only.' },
]

export function Policies() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {POLICIES.map((p) => (
        <li key={p.title} className="flex gap-4 rounded-xl border bg-card p-4 shadow-sm">
          <div className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-amber-100 text-amber-800">
            <p.icon className="size-5" aria-hidden="true" />
          </div>
          <div>
            <h3 className="font-bold">{p.title}</h3>
            <p className="mt-1 text-sm text-muted-foreground">{p.text}</p>
          </div>
        </li>
      ))}
    </ul>
  )
}

export function HouseFeePolicy() {
  return (
    <div className="rounded-xl border bg-card p-5 shadow-sm">
      <h3 className="font-bold">House fee policy</h3>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-muted-foreground">
        <li>Public pools keep a 10% house fee, taken first from the total pot; 90% goes to the prize pool.</li>
        <li>Non-profit pools: 5% goes to the organization and 95% to the winners.</li>
        <li>If the house fills unsold squares at the 2-hour decision, the house stakes them like any player, and house wins stay with the house.</li>
        <li>Free pools move no money: no fee, no prizes, just bragging rights.</li>
      </ul>
    </div>
  )
}
