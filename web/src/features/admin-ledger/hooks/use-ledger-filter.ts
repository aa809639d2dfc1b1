import { useAddressFilter } from '@/lib/use-address-filter'
import type { LedgerFilter } from '../api/ledger-api'

export const LEDGER_PAGE_SIZE = 25

/**
 * The transactions list's filters and page, kept in the address, so /admin/ledger?poolId=12&kind=capture
 * links to a pool's captures. Page 1 is left out of the address.
 */
export function useLedgerFilter() {
  const { params, update, clear } = useAddressFilter<'poolId' | 'kind'>()
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1)
  const filter: LedgerFilter = {
    poolId: /^\d+$/.test(params.get('poolId') ?? '') ? params.get('poolId')! : '',
    kind: params.get('kind') ?? '',
    page,
    pageSize: LEDGER_PAGE_SIZE,
  }
  return {
    filter,
    page,
    /** Filters by pool and kind at once ("" for any). */
    apply: (v: { poolId: string; kind: string }) => update({ poolId: v.poolId.trim(), kind: v.kind }),
    setPage: (p: number) => update({ page: p > 1 ? String(p) : '' }),
    clear,
    active: !!(filter.poolId || filter.kind),
  }
}
