import { useId } from 'react'
import { Copy, KeyRound } from 'lucide-react'
import { toast } from '@/lib/toast'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import type { RecordKey } from '@/lib/api.gen'
import { formatCents } from '@/lib/money'
import type { CheckDone } from '../hooks/use-record-check'
import { Hash } from './record-parts'

/** The key the checkpoints were checked against, to compare with the key published elsewhere. */
export function RecordKeyCard({ recordKey }: { recordKey: RecordKey }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(recordKey.publicKey)
      toast.success('Copied!', { description: 'The record key is on your clipboard.' })
    } catch {
      toast.error('Could not copy', { description: recordKey.publicKey })
    }
  }
  return (
    <Card>
      <CardHeader className="flex-row items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-violet-100 text-violet-700">
          <KeyRound className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <CardTitle className="text-base">The server’s record key</CardTitle>
          <CardDescription>
            Every checkpoint was checked against this {recordKey.algorithm} public key, read from /.well-known/squares-record-key. Compare it
            with the key this site publishes elsewhere: a different key means the checkpoints prove nothing.
          </CardDescription>
        </div>
      </CardHeader>
      <CardContent className="flex items-stretch gap-2">
        <Hash value={recordKey.publicKey} className="flex-1 py-2" />
        <Button variant="outline" size="icon" onClick={() => void copy()} aria-label="Copy the record key">
          <Copy aria-hidden="true" />
        </Button>
      </CardContent>
    </Card>
  )
}

/** What the replay found: the draw, the prizes and the money, as the record tells them. */
export function RecordFactsCard({ result }: { result: CheckDone }) {
  const { replay } = result
  const t = replay.totals
  const titleId = useId()
  const rows: [string, string][] = []
  if (replay.drawn) {
    const b = replay.beacon?.data
    rows.push(['Numbers', `${replay.drawn.data.derivation}${b?.status === 'verified' ? `, beacon round ${b.round}` : b ? ', no beacon (unavailable)' : ', no beacon'}`])
  }
  if (replay.prizes.size) rows.push(['Prizes recorded', `${replay.prizes.size}, ${formatCents(t.prizes)}`])
  if (replay.fee) rows.push(['Fee', formatCents(replay.fee.amount)])
  if (t.moneyIn) rows.push(['Money in', `${formatCents(t.moneyIn)}${t.house ? ` (the house ${formatCents(t.house)})` : ''}`])
  if (t.refunds) rows.push(['Refunds', formatCents(t.refunds)])
  if (t.paidOut) rows.push(['Paid out', formatCents(t.paidOut)])
  if (replay.cancelled) rows.push(['Cancelled', replay.cancelled.reason || 'yes'])
  rows.push(['Checkpoints', String(result.checkpoints.length)])
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId} className="text-base">
          What the record says
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
          {rows.map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="font-semibold text-muted-foreground">{k}</dt>
              <dd className="min-w-0 break-words">{v}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  )
}
