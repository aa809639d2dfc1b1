// One way to name a game wherever an operator acts on a pool: "Chiefs @ Bills, Sun 4:25 PM ET" (the away
// team first, as the board reads, each by its nickname, the kickoff in Eastern time).
import { easternFormat } from './dates'
import { NFL_TEAMS } from './teams'

/** What naming a game needs: its teams and kickoff, as pools, audit entries and ledger rows carry them. */
export interface GameNameParts {
  homeTeam: string
  awayTeam: string
  gameDate?: string | null
}

/**
 * A team's nickname: "Chiefs" for "Kansas City Chiefs", "49ers" for "San Francisco 49ers" (the NFL table,
 * lib/teams). A team the table does not know keeps its full name ("Duke Blue Devils"), which is never wrong.
 */
export function teamNickname(name: string | null | undefined): string {
  const full = (name ?? '').trim()
  if (!full) return 'TBD'
  if (NFL_TEAMS[full]) return full.split(/\s+/).at(-1) ?? full
  return full
}

/** "Chiefs @ Bills": away @ home, by nickname. */
export function matchupLabel(game: GameNameParts): string {
  return `${teamNickname(game.awayTeam)} @ ${teamNickname(game.homeTeam)}`
}

const kickoffFmt = easternFormat({ weekday: 'short', hour: 'numeric', minute: '2-digit' })

/** "Sun 4:25 PM ET": the kickoff's weekday and time in Eastern time (plain spaces, whatever the ICU). */
export function kickoffLabel(gameDate: string | Date | null | undefined): string {
  const d = gameDate ? new Date(gameDate) : null
  if (!d || Number.isNaN(d.getTime())) return 'TBD'
  const p = Object.fromEntries(kickoffFmt().formatToParts(d).map((x) => [x.type, x.value]))
  return `${p.weekday} ${p.hour}:${p.minute} ${p.dayPeriod} ET`
}

/** "Chiefs @ Bills, Sun 4:25 PM ET": how every admin list names a pool's game. */
export function gameLabel(game: GameNameParts | null | undefined): string {
  if (!game) return 'Game unknown'
  return `${matchupLabel(game)}, ${kickoffLabel(game.gameDate)}`
}
