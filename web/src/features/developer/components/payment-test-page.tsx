import { FlaskConical } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { PageContainer, PageHeader } from '@/components/layout/page'
import { useServerConfig } from '@/lib/config'
import { useDocumentMeta } from '@/lib/use-document-meta'
import { useResponseLog } from '../hooks/use-response-log'
import { DevModeOnly, DevPageLoading } from './dev-mode-only'
import { EscrowAdminSection } from './escrow-admin-section'
import { EscrowPaymentSection } from './escrow-payment-section'
import { PaymentIntentSection } from './payment-intent-section'
import { ResponseLogPanel } from './response-log-panel'

const TITLE = 'Payment & Escrow Test'

/** /payment-test: developer page for card payments, escrow holds and admin release / refund (development mode only). */
export function PaymentTestPage() {
  useDocumentMeta({ title: TITLE })
  const { config, devMode, isLoading } = useServerConfig()
  const log = useResponseLog()

  if (isLoading) return <DevPageLoading />
  if (!devMode) return <DevModeOnly page={TITLE} />
  const provider = config?.paymentsProvider ?? 'sandbox'

  return (
    <PageContainer className="max-w-7xl">
      <PageHeader
        eyebrow="Developer"
        title={TITLE}
        description={
          <>
            Try card payments, escrow holds and their release or refund against this server. Only test cards: nothing is charged.
            <span className="mt-2 flex flex-wrap gap-2">
              <Badge variant="warning">
                <FlaskConical aria-hidden="true" /> Development mode
              </Badge>
              <Badge variant="outline">
                Payments: <span className="font-mono">{provider}</span>
              </Badge>
              <a href="#response-log" className="text-xs font-semibold text-primary underline-offset-4 hover:underline lg:hidden">
                Jump to the response log ({log.entries.length})
              </a>
            </span>
          </>
        }
      />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="grid min-w-0 gap-6">
          <PaymentIntentSection record={log.record} provider={provider} />
          <EscrowPaymentSection record={log.record} />
          <EscrowAdminSection record={log.record} />
        </div>
        <div className="min-w-0 lg:sticky lg:top-20">
          <ResponseLogPanel entries={log.entries} onClear={log.clear} />
        </div>
      </div>
    </PageContainer>
  )
}
