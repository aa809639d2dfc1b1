import { createContext, useContext, useMemo, useState, type ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { queryTimes } from './query-client'
import type { League } from './types'
import { queryKeys } from './query-keys'
import type { ActiveWeek } from '@/lib/api.gen'

export function useLeagues() {
  return useQuery<League[] | null>({
    queryKey: queryKeys.leagues.all,
    ...queryTimes.leagues,
  })
}

export type { ActiveWeek }

/** A league's active week, read afresh each time a screen that shows it opens. */
export function useActiveWeek(leagueId: number) {
  return useQuery<ActiveWeek | null>({ queryKey: queryKeys.leagues.activeWeek(leagueId), enabled: leagueId > 0, staleTime: 0, refetchOnMount: true })
}

interface LeagueContextValue {
  selectedLeague: string
  setSelectedLeague: (id: string) => void
}

const LeagueContext = createContext<LeagueContextValue | null>(null)

/** The league chosen in the top bar's selector; '1' (NFL) by default. */
export function LeagueProvider({ children, initial = '1' }: { children: ReactNode; initial?: string }) {
  const [selectedLeague, setSelectedLeague] = useState(initial)
  const value = useMemo(() => ({ selectedLeague, setSelectedLeague }), [selectedLeague])
  return <LeagueContext.Provider value={value}>{children}</LeagueContext.Provider>
}

export function useSelectedLeague(): LeagueContextValue {
  const ctx = useContext(LeagueContext)
  if (!ctx) return { selectedLeague: '1', setSelectedLeague: () => {} }
  return ctx
}
