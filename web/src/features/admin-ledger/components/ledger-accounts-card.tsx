import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { formatMoney, toCents } from '@/lib/money'
import { cn } from '@/lib/utils'
import { useLedgerSummary, type LedgerAccount } from '../api/ledger-api'
import { accountLabel, isPlatformAccount } from './ledger-labels'

/** Every account with its balance: the platform's own, then those of pools and players. */
export function LedgerAccountsCard({ onPool }: { onPool: (poolId: number) => void }) {
  const q = useLedgerSummary()
  const [showSettled, setShowSettled] = useState(false)
  const accounts = q.data?.accounts ?? []
  const platform = accounts.filter(isPlatformAccount)
  const others = accounts.filter((a) => !isPlatformAccount(a))
  const shown = showSettled ? others : others.filter((a) => toCents(a.balance) !== 0)
  return (
    <Card>
      <CardHeader>
        <CardTitle>Accounts</CardTitle>
        <CardDescription>Balances from every entry. Negative: money that went out of the account.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {q.isLoading ? (
          <Skeleton className="h-40" />
        ) : q.isError && !q.data ? (
          <p className="text-sm text-destructive">The accounts could not be loaded.</p>
        ) : accounts.length === 0 ? (
          <p className="text-sm text-muted-foreground">No money has moved yet: the ledger has no accounts.</p>
        ) : (
          <>
            <section aria-labelledby="ledger-platform">
              <h3 id="ledger-platform" className="mb-2 text-sm font-bold">
                Platform
              </h3>
              <AccountList label="Platform accounts" accounts={platform} onPool={onPool} />
            </section>
            <section aria-labelledby="ledger-pools">
              <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
                <h3 id="ledger-pools" className="text-sm font-bold">
                  Pools and players <span className="font-normal text-muted-foreground">({shown.length} of {others.length})</span>
                </h3>
                <label className="flex items-center gap-2 text-sm">
                  <input type="checkbox" className="size-4" checked={showSettled} onChange={(e) => setShowSettled(e.target.checked)} />
                  Show settled (zero) accounts
                </label>
              </div>
              {shown.length === 0 ? (
                <p className="text-sm text-muted-foreground">Every pool and player account is settled at zero.</p>
              ) : (
                <div className="max-h-[28rem] overflow-y-auto rounded-md border" tabIndex={0} role="region" aria-label="Pool and player accounts">
                  <AccountList label="Pool and player accounts list" accounts={shown} onPool={onPool} />
                </div>
              )}
            </section>
          </>
        )}
      </CardContent>
    </Card>
  )
}

function AccountList({ label, accounts, onPool }: { label: string; accounts: LedgerAccount[]; onPool: (poolId: number) => void }) {
  return (
    <ul className="divide-y text-sm" aria-label={label}>
      {accounts.map((a) => (
        <li key={a.account} data-testid="ledger-account" className="flex flex-wrap items-center gap-x-3 gap-y-1 px-2 py-2">
          <div className="min-w-0 flex-1 basis-48">
            <div className="font-mono text-xs break-all">{a.account}</div>
            <div className="text-muted-foreground">{accountLabel(a)}</div>
          </div>
          <span className={cn('font-bold tabular-nums', toCents(a.balance) < 0 && 'text-red-700')}>{formatMoney(a.balance)}</span>
          {a.poolId ? (
            <Button size="sm" variant="ghost" className="h-8 px-2" onClick={() => onPool(a.poolId!)} aria-label={`Transactions of pool #${a.poolId}`}>
              Transactions
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
  )
}
