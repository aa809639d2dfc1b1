import { teamInfo, textColorOn } from '@/lib/teams'
import { cn } from '@/lib/utils'

/** A round team mark in the team's colours with its abbreviation. */
export function TeamMark({ name, color, className }: { name: string; color?: string | null; className?: string }) {
  const t = teamInfo(name, color)
  return (
    <span
      aria-hidden="true"
      className={cn('inline-flex size-9 shrink-0 items-center justify-center rounded-full text-[0.65rem] font-black tracking-tight text-white ring-2', className)}
      style={{ backgroundColor: t.primaryColor, color: textColorOn(t.primaryColor), ['--tw-ring-color' as string]: t.secondaryColor }}
    >
      {t.abbreviation}
    </span>
  )
}

/** "Away @ Home" with both team marks. */
export function Matchup({
  away,
  home,
  awayColor,
  homeColor,
  size = 'md',
}: {
  away: string
  home: string
  awayColor?: string | null
  homeColor?: string | null
  size?: 'sm' | 'md' | 'lg'
}) {
  const mark = size === 'lg' ? 'size-12 text-xs' : size === 'sm' ? 'size-7 text-[0.55rem]' : ''
  const text = size === 'lg' ? 'text-xl sm:text-2xl' : size === 'sm' ? 'text-sm' : 'text-base'
  return (
    // A large matchup on a phone puts the names under the marks rather than squeezing them beside.
    <div className={cn('flex min-w-0 items-center gap-2', size === 'lg' && 'flex-wrap')}>
      <div className="flex shrink-0 -space-x-1">
        <TeamMark name={away} color={awayColor} className={mark} />
        <TeamMark name={home} color={homeColor} className={mark} />
      </div>
      <div className={cn('min-w-0 font-bold leading-tight', text)}>
        <span className="inline-block">
          {away}
          <span className="mx-1.5 font-semibold opacity-60">@</span>
        </span>{' '}
        <span className="inline-block">{home}</span>
      </div>
    </div>
  )
}
