import { lazy, Suspense, useDeferredValue, useMemo } from 'react'
import { Link, Navigate, useSearchParams } from 'react-router'
import { AlertTriangle, ArrowLeft, ShieldCheck, TimerOff } from 'lucide-react'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { Spinner } from '@/components/ui/spinner'
import { PageContainer, PageHeader } from '@/components/layout/page'
import { formatMoney } from '@/lib/money'
import { useDocumentMeta } from '@/lib/use-document-meta'
import type { CheckoutRequest } from '../api/checkout-api'
import { parseCheckoutParams } from '../hooks/checkout-params'
import { useCheckout } from '../hooks/use-checkout'
import { HoldTimer } from './hold-timer'
import { NoRefundWarning } from './no-refund-warning'
import { OrderSummary } from './order-summary'
import { SandboxCardForm } from './sandbox-card-form'

// Stripe's React code loads only when the server uses Stripe.
const StripeCardForm = lazy(() => import('./stripe-card-form'))

function Checkout({ request }: { request: CheckoutRequest }) {
  const c = useCheckout(request)
  const { payment, expired, poolPath } = c
  // The payment's answer arrives through React Query's store, which React renders at once: the card form
  // is drawn as a transition after it (in slices), the placeholder kept meanwhile (lib/use-deferred-query.ts).
  const preparing = useDeferredValue(c.preparing)

  return (
    <PageContainer className="max-w-5xl">
      {/* As tall as the Cancel button that comes with the payment, so that nothing moves down when it does. */}
      <div className="mb-4 flex min-h-9 flex-wrap items-center justify-between gap-2">
        <Link to={poolPath} className="inline-flex items-center gap-1 text-sm font-semibold text-muted-foreground hover:text-foreground">
          <ArrowLeft className="size-4" aria-hidden="true" /> Back to Pool
        </Link>
        {payment && !expired && (
          <Button variant="ghost" size="sm" onClick={c.cancelCheckout} disabled={c.cancelling || c.purchasing}>
            {c.cancelling ? <Spinner className="size-4" /> : null} Cancel checkout
          </Button>
        )}
      </div>
      <PageHeader eyebrow="Secure checkout" title="Pay for your squares" description="Your squares are held for you while you pay." />

      <div className="grid items-start gap-6 md:grid-cols-[minmax(0,1fr)_20rem] md:grid-rows-[auto_1fr]">
        {/* Phones: summary, card form, warning. From md up: the form on the left, summary and warning on the right. */}
        <aside className="md:col-start-2 md:row-start-1" aria-label="Order summary">
          <OrderSummary
            pool={c.pool}
            loading={c.poolQuery.isLoading}
            squares={request.squares}
            price={c.price}
            total={payment ? formatMoney(payment.amount) : c.amountLabel}
          />
        </aside>

        <Card className="md:col-start-1 md:row-span-2 md:row-start-1">
          <CardHeader className="flex-row flex-wrap items-center justify-between gap-3 pb-3">
            <CardTitle level={2} className="flex items-center gap-2">
              <ShieldCheck className="size-5 text-emerald-700" aria-hidden="true" /> Card payment
            </CardTitle>
            {payment && <HoldTimer until={payment.expiresAt} />}
          </CardHeader>
          <CardContent className="grid gap-4">
            {preparing || !payment ? (
              <div className="grid gap-3" aria-busy="true">
                <p className="flex items-center gap-2 text-sm text-muted-foreground">
                  <Spinner label="Holding your squares" /> Holding your squares…
                </p>
                <Skeleton className="h-10" />
                <div className="grid grid-cols-2 gap-4">
                  <Skeleton className="h-10" />
                  <Skeleton className="h-10" />
                </div>
                <Skeleton className="h-11" />
              </div>
            ) : expired ? (
              <Alert variant="destructive">
                <TimerOff aria-hidden="true" />
                <AlertTitle>Your hold expired</AlertTitle>
                <AlertDescription>
                  <p>The squares were released so other players can pick them. Go back to the pool to choose again.</p>
                  <Button asChild size="sm" className="mt-1">
                    <Link to={poolPath}>Back to Pool</Link>
                  </Button>
                </AlertDescription>
              </Alert>
            ) : c.provider === 'stripe' ? (
              <Suspense fallback={<Skeleton className="h-32" />}>
                <StripeCardForm
                  publishableKey={c.config?.stripePublishableKey ?? null}
                  clientSecret={payment.clientSecret}
                  amountLabel={c.amountLabel}
                  disabled={c.formDisabled}
                  onPaid={c.completePurchase}
                />
              </Suspense>
            ) : c.provider === 'sandbox' ? (
              <SandboxCardForm paymentIntentId={payment.paymentIntentId} amountLabel={c.amountLabel} disabled={c.formDisabled} onPaid={c.completePurchase} />
            ) : (
              <Alert variant="destructive">
                <AlertTriangle aria-hidden="true" />
                <AlertTitle>Unknown payment provider</AlertTitle>
                <AlertDescription>This server uses a payment provider ("{c.provider}") this page does not support.</AlertDescription>
              </Alert>
            )}
          </CardContent>
        </Card>
        <div className="md:col-start-2 md:row-start-2">
          <NoRefundWarning />
        </div>
      </div>
    </PageContainer>
  )
}

export function CheckoutPage() {
  useDocumentMeta({ title: 'Checkout' })
  const [params] = useSearchParams()
  const request = useMemo(() => parseCheckoutParams(params), [params])
  if (!request)
    return (
      // The screen's height until the dashboard comes: the footer would otherwise show in its place and jump
      // down again (layout shift).
      <div className="min-h-dvh">
        <Navigate to="/dashboard" replace />
      </div>
    )
  return <Checkout request={request} />
}
