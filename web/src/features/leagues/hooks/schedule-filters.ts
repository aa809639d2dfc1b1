import { useMemo, useState } from 'react'
import type { ScheduleGame } from '../api/schedule-api'

export const ALL = 'all'

export interface ScheduleFilter {
  week: string
  team: string
  text: string
}

export const noFilter: ScheduleFilter = { week: ALL, team: ALL, text: '' }

export interface WeekOption {
  week: string
  label: string
}

export interface WeekGroup extends WeekOption {
  games: ScheduleGame[]
}

/** The weeks of the games, in the order they first kick off. */
export function weeksOf(games: ScheduleGame[]): WeekOption[] {
  const seen = new Map<string, string>()
  for (const g of games) if (!seen.has(g.week)) seen.set(g.week, g.weekLabel || g.week)
  return [...seen].map(([week, label]) => ({ week, label }))
}

/** The teams found in the games, by name (the team filter offers only these). */
export function teamsOf(games: ScheduleGame[]): string[] {
  const set = new Set<string>()
  for (const g of games) {
    set.add(g.home)
    set.add(g.away)
  }
  return [...set].sort((a, b) => a.localeCompare(b))
}

/** Games that pass all three filters: week, team (home or away) and free text over team names and week. */
export function filterGames(games: ScheduleGame[], f: ScheduleFilter): ScheduleGame[] {
  const text = f.text.trim().toLowerCase()
  return games.filter((g) => {
    if (f.week !== ALL && g.week !== f.week) return false
    if (f.team !== ALL && g.home !== f.team && g.away !== f.team) return false
    if (!text) return true
    return [g.home, g.away, g.homeAbbr, g.awayAbbr, g.week, g.weekLabel].some((s) => (s ?? '').toLowerCase().includes(text))
  })
}

/** Games grouped under their weeks, weeks in kickoff order. */
export function groupByWeek(games: ScheduleGame[]): WeekGroup[] {
  const groups = new Map<string, WeekGroup>()
  for (const g of games) {
    let group = groups.get(g.week)
    if (!group) {
      group = { week: g.week, label: g.weekLabel || g.week, games: [] }
      groups.set(g.week, group)
    }
    group.games.push(g)
  }
  return [...groups.values()]
}

/** The league schedule's filters, what passes them grouped by week, and the summary strip's figures. */
export function useScheduleFilters(games: ScheduleGame[]) {
  const [filter, setFilter] = useState<ScheduleFilter>(noFilter)
  return useMemo(() => {
    const shown = filterGames(games, filter)
    const weeks = weeksOf(games)
    const teams = teamsOf(games)
    return {
      filter,
      setWeek: (week: string) => setFilter((f) => ({ ...f, week })),
      setTeam: (team: string) => setFilter((f) => ({ ...f, team })),
      setText: (text: string) => setFilter((f) => ({ ...f, text })),
      clear: () => setFilter(noFilter),
      isFiltered: filter.week !== ALL || filter.team !== ALL || filter.text.trim() !== '',
      weeks,
      teams,
      groups: groupByWeek(shown),
      summary: { totalGames: games.length, weeks: weeks.length, teams: teams.length, filtered: shown.length },
    }
  }, [games, filter])
}
