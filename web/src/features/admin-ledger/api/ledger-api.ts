import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { GameNameParts } from '@/lib/game-label'
import { queryKeys } from '@/lib/query-keys'

/** A pool's game as the ledger's rows name it. */
export type LedgerGame = GameNameParts & { id: number; week?: string }

/** An account's balance (GET /api/admin/ledger/summary), with the pool or player it belongs to named. */
export interface LedgerAccount {
  account: string
  /** Dollars as a signed decimal string, "-110.00". */
  balance: string
  poolId?: number
  poolName?: string
  game?: LedgerGame
  userId?: number
  userName?: string
  userEmail?: string
}

export interface LedgerSummary {
  accounts: LedgerAccount[]
  /** The sum over all accounts: "0.00" when the books balance. */
  total: string
  balanced: boolean
}

/** One entry of a transaction: money into the account (negative: out of it). */
export interface LedgerEntry {
  account: string
  amount: string
}

/** One balanced movement of money (GET /api/admin/ledger/transactions). */
export interface LedgerTransaction {
  id: number
  kind: string
  amount: string
  poolId: number | null
  poolName: string
  game: LedgerGame | null
  userId: number | null
  userName: string
  userEmail: string
  paymentId: string | null
  memo: string
  createdAt: string
  entries: LedgerEntry[]
}

export interface LedgerPage {
  transactions: LedgerTransaction[]
  total: number
  page: number
  pageSize: number
}

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
