import { FlaskConical } from 'lucide-react'
import { useServerConfig } from '@/lib/config'

/**
 * A strip on every page when this server's payments move no real money outside development mode (the
 * sandbox, or Stripe with test keys), as `/api/config` reports.
 */
export function TestPaymentsBanner() {
  const { testPayments } = useServerConfig()
  if (!testPayments) return null
  return (
    <div role="status" className="border-b border-amber-300 bg-amber-100 px-3 py-1.5 text-center text-xs text-amber-950 sm:text-sm">
      <p className="mx-auto flex max-w-6xl flex-wrap items-center justify-center gap-x-1.5 gap-y-0.5">
        <FlaskConical aria-hidden="true" className="size-4 shrink-0" />
        <strong className="font-semibold">Test payments, no real money.</strong>
        <span>No real card is charged on this server.</span>
      </p>
    </div>
  )
}
