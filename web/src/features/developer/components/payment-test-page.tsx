import { Link } from 'react-router'
import { FlaskConical, ServerOff } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { PageContainer, PageHeader } from '@/components/layout/page'
import { useServerConfig } from '@/lib/config'
import { useDocumentMeta } from '@/lib/use-document-meta'
import { useResponseLog } from '../hooks/use-response-log'
import { EscrowAdminSection } from './escrow-admin-section'
import { EscrowPaymentSection } from './escrow-payment-section'
import { PaymentIntentSection } from './payment-intent-section'
import { ResponseLogPanel } from './response-log-panel'

const TITLE = 'Payment & Escrow Test'

function DevModeOnly() {
  return (
    <PageContainer className="max-w-2xl">
      <Card>
        <CardHeader>
          <div className="mb-2 flex size-12 items-center justify-center rounded-full bg-amber-100 text-amber-700">
            <ServerOff className="size-6" aria-hidden="true" />
          </div>
          <CardTitle className="text-2xl">Developer pages are available only in development mode</CardTitle>
          <CardDescription className="text-base">
            This server is not running in development mode, so the {TITLE.toLowerCase()} calls are switched off (the server answers 404).
          </CardDescription>
        </CardHeader>
        <CardContent>
          <p className="mb-5 text-sm text-muted-foreground">
            Start a development server (<code className="rounded bg-muted px-1 py-0.5 text-xs">SQUARES_DEV=1</code>) to use this page.
          </p>
          <Button asChild>
            <Link to="/dashboard">Back to Dashboard</Link>
          </Button>
        </CardContent>
      </Card>
    </PageContainer>
  )
}

function Loading() {
  return (
    <PageContainer className="max-w-7xl">
      <div className="grid gap-4" aria-busy="true" aria-label="Loading the test page">
        <Skeleton className="h-10 w-72" />
        <Skeleton className="h-48" />
        <Skeleton className="h-48" />
      </div>
    </PageContainer>
  )
}

/** /payment-test: developer page for card payments, escrow holds and admin release / refund (development mode only). */
export function PaymentTestPage() {
  useDocumentMeta({ title: TITLE })
  const { config, devMode, isLoading } = useServerConfig()
  const log = useResponseLog()

  if (isLoading) return <Loading />
  if (!devMode) return <DevModeOnly />
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
