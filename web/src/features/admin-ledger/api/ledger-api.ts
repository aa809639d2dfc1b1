import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { GameNameParts } from '@/lib/game-label'
import { queryKeys } from '@/lib/query-keys'
import type { LedgerAccount, LedgerEntry, LedgerPage, LedgerSummary, LedgerTransaction } from '@/lib/api.gen'

export type { LedgerAccount, LedgerEntry, LedgerPage, LedgerSummary, LedgerTransaction }

/** A pool's game as the ledger's rows name it. */
export type LedgerGame = GameNameParts & { id: number; week?: string }

/** The filters of the transactions list; empty strings are left out of the query. */
export interface LedgerFilter {
  poolId: string
  kind: string
  page: number
  pageSize: number
}

/** Every account's balance and the zero-sum check; read afresh each time the screen opens. */
export function useLedgerSummary() {
  return useQuery<LedgerSummary | null>({ queryKey: queryKeys.admin.ledgerSummary, staleTime: 0, refetchOnMount: true })
}

/** A page of the ledger's transactions, newest first; the previous page stays on screen while the next loads. */
export function useLedgerTransactions(filter: LedgerFilter) {
  return useQuery<LedgerPage | null>({
    queryKey: queryKeys.admin.ledgerTransactions({ ...filter }),
    staleTime: 10_000,
    placeholderData: keepPreviousData,
  })
}
