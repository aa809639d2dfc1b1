import { PageContainer, PageHeader } from '@/components/layout/page'
import { useDocumentMeta } from '@/lib/use-document-meta'
import { useLedgerFilter } from '../hooks/use-ledger-filter'
import { AdminOnly } from '@/components/layout/admin-only'
import { LedgerAccountsCard } from './ledger-accounts-card'
import { LedgerTransactionsCard } from './ledger-transactions-card'
import { LedgerZeroSum } from './ledger-zero-sum'

/**
 * The Ledger (/admin/ledger): the double-entry books, read-only. The zero-sum check first, then every
 * account's balance, then the transactions, filtered by pool and kind.
 */
export function LedgerPage() {
  useDocumentMeta({ title: 'Ledger' })
  return (
    <AdminOnly>
      <PageContainer className="max-w-7xl">
        <PageHeader
          eyebrow="Admin"
          title="Ledger"
          description="Every movement of money is a balanced transaction between accounts, so all accounts together sum to zero. Read-only."
        />
        <Ledger />
      </PageContainer>
    </AdminOnly>
  )
}

function Ledger() {
  const f = useLedgerFilter()
  const showPool = (poolId: number) => {
    f.apply({ poolId: String(poolId), kind: '' })
    document.getElementById('ledger-transactions')?.scrollIntoView({ behavior: 'smooth', block: 'start' })
  }
  return (
    <div className="grid gap-6">
      <LedgerZeroSum />
      <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <LedgerAccountsCard onPool={showPool} />
        <LedgerTransactionsCard f={f} />
      </div>
    </div>
  )
}
