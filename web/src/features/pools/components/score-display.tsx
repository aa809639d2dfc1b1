import { Star } from 'lucide-react'
import { gamePeriods, gameState, periodNoun, periodScore, type Period } from '@/lib/periods'
import { teamInfo, textColorOn } from '@/lib/teams'
import type { Game } from '@/lib/types'
import { cn } from '@/lib/utils'
import { useScoreChange } from '../hooks/use-score-change'

/** A small red dot for live games, which pulses a few times when it appears. */
export function LivePulse({ className }: { className?: string }) {
  return (
    <span className={cn('relative inline-flex size-2.5', className)} aria-hidden="true">
      <span className="absolute inline-flex size-full animate-live-dot rounded-full bg-red-500 opacity-75" />
      <span className="relative inline-flex size-2.5 rounded-full bg-red-600" />
    </span>
  )
}

/** One team's score: it bumps on change, pops '+N', and bursts into stars on a rise of 6 or more. */
export function TeamScore({
  name,
  color,
  score,
  side,
  align = 'start',
}: {
  name: string
  color?: string | null
  score: number | null | undefined
  side: 'away' | 'home'
  align?: 'start' | 'end'
}) {
  const t = teamInfo(name, color)
  const change = useScoreChange(score)
  return (
    <div className={cn('flex min-w-0 flex-1 items-center gap-3', align === 'end' && 'flex-row-reverse text-right')}>
      <span
        aria-hidden="true"
        className="flex size-10 shrink-0 items-center justify-center rounded-full text-[0.65rem] font-black text-white ring-2 ring-white/30 sm:size-12 sm:text-xs"
        style={{ backgroundColor: t.primaryColor, color: textColorOn(t.primaryColor) }}
      >
        {t.abbreviation}
      </span>
      <div className="min-w-0">
        <div className="truncate text-xs font-semibold tracking-wide text-white/70 uppercase">{side}</div>
        <div className="truncate text-sm font-bold sm:text-base">{name}</div>
      </div>
      <div className={cn('relative ml-auto shrink-0', align === 'end' && 'mr-auto ml-0')}>
        <span
          key={change.version}
          data-testid={`${side}-score`}
          className={cn(
            'inline-block min-w-[2ch] text-center text-3xl font-black tabular-nums sm:text-4xl',
            change.animating && 'animate-score-bump text-lime-300',
          )}
        >
          {score ?? '–'}
        </span>
        {change.animating && change.gain > 0 && (
          <span
            key={`gain-${change.version}`}
            className="pointer-events-none absolute top-0 left-1/2 animate-gain-float rounded-full bg-lime-400 px-1.5 text-xs font-black text-lime-950"
            aria-hidden="true"
          >
            +{change.gain}
          </span>
        )}
        {change.burst && (
          <span key={`burst-${change.version}`} className="pointer-events-none absolute top-1/2 left-1/2 animate-star-burst" aria-hidden="true" data-testid="star-burst">
            {Array.from({ length: 6 }, (_, i) => (
              <Star
                key={i}
                className="absolute size-4 fill-amber-300 text-amber-300"
                style={{ transform: `rotate(${i * 60}deg) translateY(-26px)` }}
              />
            ))}
          </span>
        )}
      </div>
    </div>
  )
}

function PeriodBox({ game, period, active }: { game: Game; period: Period; active: boolean }) {
  const score = periodScore(game, period)
  const change = useScoreChange(score ? score.away * 1000 + score.home : null)
  // The period in play shows the running score until it ends.
  const running = active && !score && game.awayScore !== null && game.homeScore !== null
  return (
    <div
      className={cn(
        'min-w-0 rounded-lg border px-2 py-1.5 text-center transition-colors',
        active ? 'border-lime-400 bg-lime-400/15 ring-1 ring-lime-400' : 'border-white/15 bg-white/5',
        change.animating && 'animate-score-bump',
      )}
      aria-current={active ? 'step' : undefined}
      data-testid={`period-${period.label}`}
    >
      <div className={cn('text-[0.65rem] font-bold tracking-widest', active ? 'text-lime-300' : 'text-white/60')}>{period.label}</div>
      <div className="text-sm font-black tabular-nums">
        {score ? (
          <>
            {score.away}
            <span className="mx-0.5 text-white/60">-</span>
            {score.home}
          </>
        ) : running ? (
          <span className="text-lime-200/80">
            {game.awayScore}
            <span className="mx-0.5 text-white/60">-</span>
            {game.homeScore}
            <span className="sr-only"> so far</span>
          </span>
        ) : (
          <span className="text-white/60" aria-label="not played yet">
            —
          </span>
        )}
      </div>
    </div>
  )
}

/**
 * Away and home scores with their animations, and a box per period (the one in play highlighted): four
 * quarters, or two halves in college basketball. It sits in the board's header, which says the game's state
 * once; it says it only to screen readers, with the score.
 */
export function LiveScoreboard({ game, periods = gamePeriods(game), className }: { game: Game; periods?: readonly Period[]; className?: string }) {
  const state = gameState(game, periods)
  return (
    <section aria-label="Live scoreboard" className={cn('min-w-0', className)}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <TeamScore name={game.awayTeam} color={game.awayTeamColor} score={game.awayScore} side="away" />
        <span className="hidden text-white/60 sm:inline" aria-hidden="true">
          vs
        </span>
        <TeamScore name={game.homeTeam} color={game.homeTeamColor} score={game.homeScore} side="home" />
      </div>
      <div
        className={cn('mt-4 grid gap-2', periods.length === 2 ? 'grid-cols-2' : 'grid-cols-4')}
        aria-label={`Score at the end of each ${periodNoun(periods)} (away - home)`}
      >
        {periods.map((p, i) => (
          <PeriodBox key={p.label} game={game} period={p} active={i === state.inPlay} />
        ))}
      </div>
      <p className="sr-only" aria-live="polite">
        {`${game.awayTeam} ${game.awayScore ?? 0}, ${game.homeTeam} ${game.homeScore ?? 0}, ${state.label}`}
      </p>
    </section>
  )
}
