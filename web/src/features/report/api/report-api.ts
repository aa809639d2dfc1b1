import { useQuery } from '@tanstack/react-query'
import { queryKeys } from '@/lib/query-keys'
import type { PoolReport } from '@/lib/api.gen'

/** A pool's settlement report: read fresh each time the page opens, as it is a statement of the pool's money now. */
export function usePoolReport(id: number, enabled: boolean) {
  return useQuery<PoolReport | null>({ queryKey: queryKeys.pools.report(id), enabled, staleTime: 0, refetchOnMount: 'always' })
}

/** Where the report downloads as a spreadsheet. */
export function reportCsvUrl(id: number) {
  return `/api/pools/${id}/report.csv`
}
