import { Ban, CalendarClock, CheckCircle2, Clock, FileText, Gamepad2, Grid3x3, Hash, MousePointerClick, ScrollText, ShieldCheck, Trophy, Wallet } from 'lucide-react'
import { Link } from 'react-router'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Progress } from '@/components/ui/progress'
import { formatDateET, formatDateTimeET, formatTimeET } from '@/lib/dates'
import { parseDigits } from '@/lib/game-status'
import { formatEntryFee, formatMoney, isFree } from '@/lib/money'
import { formatSchedule, periodNoun, poolPeriods, poolSchedule, QUARTERS, type Period } from '@/lib/periods'
import { defaultRules, poolGrid, poolRules, sameRules } from '@/lib/rules'
import type { Pool, Square } from '@/lib/types'
import { positionText } from './square-labels'

function CardIcon({ icon: Icon, className }: { icon: typeof Grid3x3; className: string }) {
  return (
    <span className={`flex size-8 shrink-0 items-center justify-center rounded-lg ${className}`}>
      <Icon className="size-4" aria-hidden="true" />
    </span>
  )
}

/** Quick start, shown while nothing is selected. */
export function HowToPlayCard({
  free,
  payHost = false,
  max,
  periods = QUARTERS,
  squares = 100,
}: {
  free: boolean
  payHost?: boolean
  max: number
  periods?: readonly Period[]
  /** The board's squares: 100, 50 or 25. */
  squares?: number
}) {
  const noun = periodNoun(periods)
  const steps = [
    { icon: MousePointerClick, text: `Tap up to ${max} open squares on the board.` },
    {
      icon: free ? CheckCircle2 : Wallet,
      text: free
        ? 'Press Claim Squares: free pools cost nothing.'
        : payHost
          ? 'Press Claim Squares, then pay the host as they ask: Squares takes no money for this pool.'
          : 'Press Checkout and pay by card; funds are held, not charged, until the pool completes.',
    },
    {
      icon: Hash,
      text:
        squares === 100
          ? 'When all 100 squares are taken, the digits 0-9 are drawn for every row and column.'
          : `When all ${squares} squares are taken, the digits 0-9 are drawn: two for every ${squares === 25 ? 'row and column' : 'column, one for every row'}.`,
    },
    { icon: Trophy, text: `Match the last digit of each team’s score at the end of a ${noun} to win it.` },
  ]
  return (
    <Card>
      <CardHeader className="flex-row items-center gap-3 pb-3">
        <CardIcon icon={Gamepad2} className="bg-lime-100 text-lime-800" />
        <CardTitle>How to Play</CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-2.5 text-sm">
          {steps.map((s, i) => (
            <li key={i} className="flex gap-2.5">
              <span className="flex size-5 shrink-0 items-center justify-center rounded-full bg-navy text-[0.65rem] font-bold text-white">{i + 1}</span>
              <span className="text-muted-foreground">{s.text}</span>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  )
}

export function NoWithdrawalsCard({ free, payHost = false }: { free: boolean; payHost?: boolean }) {
  return (
    <Card className="border-amber-200 bg-amber-50/60">
      <CardHeader className="flex-row items-start gap-3">
        <CardIcon icon={Ban} className="bg-amber-100 text-amber-800" />
        <div className="grid gap-1">
          <CardTitle className="text-base">No withdrawals</CardTitle>
          <CardDescription className="text-amber-950/80">
            Squares cannot be sold back or withdrawn once claimed.
            {free
              ? ' Free pools play for bragging rights only.'
              : payHost
                ? ' The host collects the entry fees and pays the prizes; any refund is between you and the host.'
                : ' Refunds happen only if the pool is cancelled before the game (it failed to fill, or the game was called off); your card is held, not charged, until the pool completes.'}
          </CardDescription>
        </div>
      </CardHeader>
    </Card>
  )
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-right font-bold">{children}</dd>
    </div>
  )
}

/** The fee the server keeps from the pot, as its JSON says: "10%", "5% (to the organization)", "None". */
function houseFeeText(pool: Pool): string | null {
  if (pool.houseFeePercent === undefined) return null
  if (pool.houseFeePercent === 0) return 'None'
  return pool.isNonprofit ? `${pool.houseFeePercent}% (to the organization)` : `${pool.houseFeePercent}%`
}

/** The rule line on the fee, from the pool's own houseFeePercent. */
function houseFeeRule(pool: Pool): string | null {
  const pct = pool.houseFeePercent
  if (pct === undefined) return null
  if (pct === 0) return 'No house fee: the whole pot goes to the winners.'
  if (pool.isNonprofit) return `${pct}% of the pot goes to the organization; the rest is the prize pool.`
  return `The house keeps ${pct}% of the pot; the rest is the prize pool.`
}

export function PoolInfoCard({ pool }: { pool: Pool }) {
  const max = pool.maxParticipants || 100
  const pct = Math.min(100, Math.round((pool.currentParticipants / max) * 100))
  const free = isFree(pool.entryFee)
  const full = pool.currentParticipants >= max
  const fee = houseFeeText(pool)
  const game = pool.game
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle>Pool Information</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-2.5 text-sm">
          <Row label="Entry fee">{free ? <span className="text-sky-700">FREE</span> : `${formatEntryFee(pool.entryFee)} / square`}</Row>
          <Row label="Total pot">{free ? 'Bragging rights' : formatMoney(pool.totalPot)}</Row>
          {!free && fee && <Row label="House fee">{fee}</Row>}
          {!free && full && pool.prizePool && <Row label="Prize pool">{formatMoney(pool.prizePool)}</Row>}
          {!free && !full && pool.prizePoolIfFull && <Row label="Prize pool if full">{formatMoney(pool.prizePoolIfFull)}</Row>}
          <Row label="Participants">
            {pool.currentParticipants} / {max}
            {typeof pool.distinctPlayers === 'number' && (
              <span className="block text-xs font-medium text-muted-foreground">
                {pool.distinctPlayers} {pool.distinctPlayers === 1 ? 'player' : 'players'}
              </span>
            )}
          </Row>
          <Row label="Game date">{formatDateET(game?.gameDate)}</Row>
          <Row label="Kickoff">{formatTimeET(game?.gameDate)}</Row>
          {pool.salesCloseAt && pool.status === 'active' && <Row label="Sales close">{formatDateTimeET(pool.salesCloseAt)}</Row>}
          <div className="mt-1 flex flex-wrap justify-between gap-x-2 gap-y-1">
            <dt className="text-muted-foreground">Completion</dt>
            <dd className="font-bold">{pct}%</dd>
            <dd className="basis-full">
              <Progress value={pct} aria-label={`${pct}% complete`} />
            </dd>
          </div>
        </dl>
        {(pool.numbersGenerated || pool.status === 'completed' || pool.status === 'cancelled') && (
          <Link to={`/pools/${pool.id}/report`} className="mt-4 inline-flex items-center gap-1.5 text-sm font-semibold text-primary hover:underline">
            <FileText className="size-4" aria-hidden="true" /> Settlement report
          </Link>
        )}
      </CardContent>
    </Card>
  )
}

/** The player's own squares (owned, and any held while they pay). */
export function YourSquaresCard({ pool, mine, max }: { pool: Pool; mine: Square[]; max: number }) {
  const home = pool.numbersGenerated ? parseDigits(pool.homeNumbers) : null
  const away = pool.numbersGenerated ? parseDigits(pool.awayNumbers) : null
  const grid = poolGrid(pool)
  const owned = mine.filter((s) => s.status !== 'held')
  const held = mine.filter((s) => s.status === 'held')
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-3 pb-3">
        <CardTitle>Your Squares</CardTitle>
        <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-bold text-emerald-800">
          {owned.length}/{max} Owned
        </span>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-wrap gap-2" aria-label="Your squares">
          {owned.map((s) => (
            <li key={`${s.row}-${s.column}`} className="rounded-md bg-emerald-700 px-2 py-1 text-xs font-bold text-white">
              {positionText(s, away, home, grid)}
            </li>
          ))}
          {held.map((s) => (
            <li key={`${s.row}-${s.column}`} className="flex items-center gap-1 rounded-md bg-amber-100 px-2 py-1 text-xs font-bold text-amber-900">
              <Clock className="size-3" aria-hidden="true" /> {positionText(s, away, home, grid)} (payment pending)
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  )
}

export function ReadyToPlayCard({ pool, owned }: { pool: Pool; owned: number }) {
  const text = (() => {
    if (pool.status === 'completed') return 'This game is over. Each period’s winning square is highlighted on the board, with its prize under it.'
    if (pool.status === 'started') return `The game is on. Follow the board: each ${periodNoun(poolPeriods(pool))}’s winning square lights up as it ends.`
    if (pool.numbersGenerated) return 'The board is full and the numbers are drawn. Your digits are on the board; good luck at kickoff!'
    const { rows, columns } = poolGrid(pool)
    return `You have ${owned} ${owned === 1 ? 'square' : 'squares'}. The numbers are drawn the moment all ${rows * columns} squares are taken; this page updates live.`
  })()
  return (
    <Card className="border-emerald-200 bg-emerald-50/60">
      <CardHeader className="flex-row items-start gap-3">
        <CardIcon icon={CheckCircle2} className="bg-emerald-100 text-emerald-700" />
        <div className="grid gap-1">
          <CardTitle className="text-base">Ready to Play</CardTitle>
          <CardDescription className="text-emerald-950/80">{text}</CardDescription>
        </div>
      </CardHeader>
    </Card>
  )
}

export function GameRulesCard({ pool }: { pool: Pool }) {
  const free = isFree(pool.entryFee)
  const periods = poolPeriods(pool)
  const schedule = poolSchedule(pool)
  // The server's payouts, as settlement pays them; the schedule alone (shares, no amounts) without them.
  const payouts = pool.payouts?.length === periods.length ? pool.payouts : null
  const full = pool.currentParticipants >= (pool.maxParticipants || 100)
  const feeRule = houseFeeRule(pool)
  // Rules of its own (issue 22): the "Rules of this pool" card says what it pays and how it draws.
  const ownRules = !!pool.rules && !sameRules(poolRules(pool), defaultRules(pool.game?.leagueId))
  return (
    <Card>
      <CardHeader className="flex-row items-center gap-3 pb-3">
        <CardIcon icon={ScrollText} className="bg-sky-100 text-sky-700" />
        <CardTitle>Game Rules</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm text-muted-foreground">
        <ul className="grid list-disc gap-1.5 pl-5">
          <li>Rows are the {pool.game?.awayTeam ?? 'away team'}'s last digit, columns the {pool.game?.homeTeam ?? 'home team'}'s.</li>
          <li>Up to {pool.maxSquaresPerPlayer} squares per player; first come, first served.</li>
          <li>
            {ownRules ? 'Numbers are drawn as the rules of this pool say' : 'Numbers are drawn once, when the pool fills'}, and can be verified below the
            board.
          </li>
          {periods.length === 2 && !ownRules && <li>College basketball plays two halves: this pool pays at halftime and the final ({formatSchedule(schedule)}).</li>}
          <li>Overtime counts toward the final.</li>
          {!free && feeRule && <li>{feeRule}</li>}
          {!free && pool.collection !== 'host' && <li>Winners must claim prizes within 30 days.</li>}
          {!free && pool.collection === 'host' && <li>The host collects the entry fees and pays the winners directly; Squares holds none of this pool’s money.</li>}
        </ul>
        {!ownRules && (
          <div className={`grid gap-1.5 text-center ${periods.length === 2 ? 'grid-cols-2' : 'grid-cols-4'}`} aria-label="Payout per period">
            {periods.map((period, i) => (
              <div key={period.label} className="min-w-0 rounded-lg bg-muted px-1 py-2" data-testid={`payout-${period.label}`}>
                <div className="text-[0.65rem] font-bold tracking-wide uppercase">{payouts ? payouts[i].label : period.name}</div>
                <div className="font-black text-foreground">{payouts ? payouts[i].percent : schedule[i]}%</div>
                {!free && payouts && <div className="text-[0.65rem]">{formatMoney(payouts[i].amount)}</div>}
              </div>
            ))}
          </div>
        )}
        {!free && payouts && !full && !ownRules && <p className="text-xs">Amounts shown are for a full pool.</p>}
        <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs">
          <span className="flex items-center gap-1.5">
            <ShieldCheck className="size-3.5 shrink-0" aria-hidden="true" /> 18+ only; paid pools where permitted.
          </span>
          <span className="flex items-center gap-1.5">
            <CalendarClock className="size-3.5 shrink-0" aria-hidden="true" /> Times in ET.
          </span>
        </p>
      </CardContent>
    </Card>
  )
}
