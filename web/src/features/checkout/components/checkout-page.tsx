import { lazy, Suspense, useEffect, useMemo } from 'react'
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router'
import { toast } from 'sonner'
import { AlertTriangle, ArrowLeft, Ban, CalendarClock, Clock, ShieldCheck, TimerOff } from 'lucide-react'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { Spinner } from '@/components/ui/spinner'
import { PageContainer, PageHeader } from '@/components/layout/page'
import { Matchup } from '@/components/pools/team-chip'
import { ApiError, errorMessage } from '@/lib/api'
import { useServerConfig } from '@/lib/config'
import { formatDateTimeET } from '@/lib/dates'
import { formatCents, formatMoney, toCents } from '@/lib/money'
import { useDocumentMeta } from '@/lib/use-document-meta'
import { cn } from '@/lib/utils'
import { checkoutKey, forgetCheckout, useCancelCheckout, usePoolForCheckout, usePurchaseSquares, type CheckoutRequest, type CheckoutSquare } from '../api/checkout-api'
import { formatCountdown, useCountdown } from '../hooks/use-countdown'
import { useEscrowPayment } from '../hooks/use-escrow-payment'
import { SandboxCardForm } from './sandbox-card-form'

// Stripe's React code loads only when the server uses Stripe.
const StripeCardForm = lazy(() => import('./stripe-card-form'))

/** Reads ?poolId=..&squares=<JSON [{row,column,price}]>&amount=..; null when anything is missing or malformed. */
export function parseCheckoutParams(params: URLSearchParams): CheckoutRequest | null {
  const poolId = params.get('poolId') ?? ''
  const rawSquares = params.get('squares')
  const amount = params.get('amount') ?? ''
  if (!/^\d+$/.test(poolId) || !rawSquares || !amount || !Number.isFinite(Number(amount)) || Number(amount) <= 0) return null
  let list: unknown
  try {
    list = JSON.parse(rawSquares)
  } catch {
    return null
  }
  if (!Array.isArray(list) || list.length === 0) return null
  const squares: CheckoutSquare[] = []
  for (const item of list) {
    const s = item as { row?: unknown; column?: unknown; price?: unknown }
    if (!Number.isInteger(s?.row) || !Number.isInteger(s?.column)) return null
    const row = s.row as number
    const column = s.column as number
    if (row < 0 || row > 9 || column < 0 || column > 9) return null
    squares.push({ row, column, price: typeof s.price === 'string' || typeof s.price === 'number' ? String(s.price) : '' })
  }
  return { poolId: Number(poolId), squares, amount }
}

function NoRefundWarning() {
  return (
    <Alert variant="warning">
      <Ban aria-hidden="true" />
      <AlertTitle>No withdrawals</AlertTitle>
      <AlertDescription>
        <p>Squares cannot be sold back or withdrawn once bought.</p>
        <p>Refunds happen only if the pool is cancelled before the game.</p>
        <p>Your card is held, not charged, until the pool is complete.</p>
      </AlertDescription>
    </Alert>
  )
}

function isUnauthorized(err: unknown) {
  if (err instanceof ApiError && err.status === 401) return true
  return /Unauthorized/i.test(err instanceof Error ? err.message : typeof err === 'string' ? err : '')
}

function Checkout({ request }: { request: CheckoutRequest }) {
  const navigate = useNavigate()
  const { config, isLoading: configLoading } = useServerConfig()
  const poolQuery = usePoolForCheckout(request.poolId)
  const pool = poolQuery.data ?? null
  const escrow = useEscrowPayment(request)
  const purchase = usePurchaseSquares(request.poolId)
  const cancel = useCancelCheckout(request.poolId)
  const payment = escrow.status === 'ready' ? escrow.payment : null
  const left = useCountdown(payment?.expiresAt)
  const expired = left !== null && left <= 0
  const poolPath = `/pool/${request.poolId}`
  const key = checkoutKey(request)

  // Creating the payment failed: say why and go back to the pool.
  useEffect(() => {
    if (escrow.status !== 'error') return
    toast.error('Error', { description: errorMessage(escrow.error, 'Failed to start the payment') })
    void navigate(poolPath, { replace: true })
  }, [escrow, navigate, poolPath])

  useEffect(() => {
    if (expired) forgetCheckout(key)
  }, [expired, key])

  const cents = payment ? toCents(payment.amount) : toCents(request.amount)
  const amountLabel = formatCents(cents)
  const price = pool ? toCents(pool.entryFee) : Math.round(cents / request.squares.length)

  const completePurchase = async () => {
    if (!payment) return
    try {
      await purchase.mutateAsync({ squares: request.squares, paymentIntentId: payment.paymentIntentId })
      forgetCheckout(key)
      toast.success('Payment Secured', {
        description: 'Your squares are reserved. The funds are held, not charged, until the game completes.',
      })
      void navigate(poolPath, { replace: true })
    } catch (err) {
      if (isUnauthorized(err)) {
        toast.error('Unauthorized', { description: 'You are logged out. Logging in again...' })
        window.setTimeout(() => window.location.assign('/api/login'), 500)
        return
      }
      if (err instanceof ApiError && err.status === 422) {
        // The provider's answer (a decline): the squares stay held, so the player may try another card.
        toast.error('Payment Failed', { description: errorMessage(err, 'An error occurred during payment') })
        return
      }
      forgetCheckout(key)
      toast.error('Error', { description: errorMessage(err, 'Failed to complete square purchase') })
      if (err instanceof ApiError && err.status === 409) void navigate(poolPath, { replace: true })
    }
  }

  const cancelCheckout = async () => {
    if (!payment) return
    try {
      await cancel.mutateAsync(payment.paymentId)
      forgetCheckout(key)
      toast.success('Checkout cancelled', { description: 'Your squares were released. Nothing was charged.' })
      void navigate(poolPath, { replace: true })
    } catch (err) {
      toast.error('Error', { description: errorMessage(err, 'Failed to cancel the checkout') })
    }
  }

  const provider = config?.paymentsProvider ?? payment?.provider ?? 'sandbox'
  const formDisabled = !payment || expired || purchase.isPending

  return (
    <PageContainer className="max-w-5xl">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <Link to={poolPath} className="inline-flex items-center gap-1 text-sm font-semibold text-muted-foreground hover:text-foreground">
          <ArrowLeft className="size-4" aria-hidden="true" /> Back to Pool
        </Link>
        {payment && !expired && (
          <Button variant="ghost" size="sm" onClick={cancelCheckout} disabled={cancel.isPending || purchase.isPending}>
            {cancel.isPending ? <Spinner className="size-4" /> : null} Cancel checkout
          </Button>
        )}
      </div>
      <PageHeader eyebrow="Secure checkout" title="Pay for your squares" description="Your squares are held for you while you pay." />

      <div className="grid items-start gap-6 md:grid-cols-[minmax(0,1fr)_20rem] md:grid-rows-[auto_1fr]">
        {/* Phones: summary, card form, warning. From md up: the form on the left, summary and warning on the right. */}
        <aside className="md:col-start-2 md:row-start-1" aria-label="Order summary">
          <Card>
            <CardHeader className="pb-3">
              <CardTitle>Order summary</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4 text-sm">
              {poolQuery.isLoading ? (
                <Skeleton className="h-12" />
              ) : pool ? (
                <div className="grid gap-2">
                  <div className="font-semibold text-muted-foreground">{pool.name}</div>
                  {pool.game && <Matchup away={pool.game.awayTeam} home={pool.game.homeTeam} awayColor={pool.game.awayTeamColor} homeColor={pool.game.homeTeamColor} size="sm" />}
                  {pool.game && (
                    <div className="flex items-center gap-1.5 text-xs text-muted-foreground">
                      <CalendarClock className="size-3.5" aria-hidden="true" /> {formatDateTimeET(pool.game.gameDate)}
                    </div>
                  )}
                </div>
              ) : null}
              <div>
                <div className="mb-2 font-semibold" data-testid="checkout-count">
                  {request.squares.length} {request.squares.length === 1 ? 'square' : 'squares'}
                </div>
                <ul className="flex flex-wrap gap-1.5" aria-label="Squares in this purchase">
                  {request.squares.map((s) => (
                    <li key={`${s.row}-${s.column}`} className="rounded-md bg-brand px-2 py-1 text-xs font-bold text-brand-foreground">
                      Row {s.row + 1}, column {s.column + 1}
                    </li>
                  ))}
                </ul>
              </div>
              <dl className="grid gap-1 border-t pt-3">
                <div className="flex justify-between">
                  <dt className="text-muted-foreground">
                    {request.squares.length} × {formatCents(price)}
                  </dt>
                  <dd>{formatCents(price * request.squares.length)}</dd>
                </div>
                <div className="flex justify-between text-base">
                  <dt className="font-bold">Total</dt>
                  <dd className="font-black" data-testid="checkout-total">
                    {payment ? formatMoney(payment.amount) : amountLabel}
                  </dd>
                </div>
              </dl>
            </CardContent>
          </Card>
        </aside>

        <Card className="md:col-start-1 md:row-span-2 md:row-start-1">
          <CardHeader className="flex-row flex-wrap items-center justify-between gap-3 pb-3">
            <CardTitle className="flex items-center gap-2">
              <ShieldCheck className="size-5 text-emerald-700" aria-hidden="true" /> Card payment
            </CardTitle>
            {payment && left !== null && (
              <span
                className={cn(
                  'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-bold tabular-nums',
                  expired ? 'bg-destructive/10 text-destructive' : left < 60_000 ? 'bg-amber-100 text-amber-900' : 'bg-emerald-100 text-emerald-800',
                )}
                role="timer"
                aria-label={expired ? 'Hold expired' : `Squares held for ${formatCountdown(left)}`}
              >
                <Clock className="size-3.5" aria-hidden="true" />
                {expired ? 'Hold expired' : `Held for ${formatCountdown(left)}`}
              </span>
            )}
          </CardHeader>
          <CardContent className="grid gap-4">
            {escrow.status !== 'ready' || configLoading ? (
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
            ) : provider === 'stripe' ? (
              <Suspense fallback={<Skeleton className="h-32" />}>
                <StripeCardForm
                  publishableKey={config?.stripePublishableKey ?? null}
                  clientSecret={payment!.clientSecret}
                  amountLabel={amountLabel}
                  disabled={formDisabled}
                  onPaid={completePurchase}
                />
              </Suspense>
            ) : provider === 'sandbox' ? (
              <SandboxCardForm paymentIntentId={payment!.paymentIntentId} amountLabel={amountLabel} disabled={formDisabled} onPaid={completePurchase} />
            ) : (
              <Alert variant="destructive">
                <AlertTriangle aria-hidden="true" />
                <AlertTitle>Unknown payment provider</AlertTitle>
                <AlertDescription>This server uses a payment provider ("{provider}") this page does not support.</AlertDescription>
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
  if (!request) return <Navigate to="/dashboard" replace />
  return <Checkout request={request} />
}
