import type { ComponentProps, ReactNode } from 'react'
import { AlertCircle } from 'lucide-react'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Badge } from '@/components/ui/badge'
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card'
import { ApiError, errorMessage } from '@/lib/api'
import { cn } from '@/lib/utils'

// Building blocks shared by the payment test page's sections.

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Too Large',
  422: 'Unprocessable',
  429: 'Too Many Requests',
  500: 'Server Error',
  503: 'Unavailable',
}

/** "201 Created", "404 Not Found"; "No answer" when the request never got one. */
export function statusLabel(status: number | null): string {
  if (status === null) return 'No answer'
  return STATUS_TEXT[status] ? `${status} ${STATUS_TEXT[status]}` : String(status)
}

export function StatusBadge({ status, className }: { status: number | null; className?: string }) {
  const variant = status === null || status >= 500 ? 'destructive' : status >= 400 ? 'warning' : 'available'
  return (
    <Badge variant={variant} className={cn('font-mono', className)}>
      {statusLabel(status)}
    </Badge>
  )
}

/** A payment status as the provider names it ("requires_capture"), coloured by what it means. */
export function PaymentStatusBadge({ status, ...props }: { status: string } & ComponentProps<'span'>) {
  const variant =
    status === 'requires_capture' || status === 'succeeded'
      ? 'completed'
      : status === 'canceled' || status === 'cancelled'
        ? 'muted'
        : 'warning'
  return (
    <Badge variant={variant} className="font-mono tracking-normal" {...props}>
      {status}
    </Badge>
  )
}

export function TestSection({
  id,
  step,
  title,
  description,
  endpoints,
  children,
}: {
  id: string
  step: number
  title: string
  description: ReactNode
  endpoints: string[]
  children: ReactNode
}) {
  const headingId = `${id}-title`
  return (
    <section aria-labelledby={headingId} id={id} className="scroll-mt-20">
      <Card>
        <CardHeader>
          <div className="flex items-start gap-3">
            <span aria-hidden="true" className="flex size-8 shrink-0 items-center justify-center rounded-full bg-navy text-sm font-black text-white">
              {step}
            </span>
            <div className="grid min-w-0 gap-1.5">
              <h2 id={headingId} className="text-lg leading-tight font-bold tracking-tight">
                {title}
              </h2>
              <CardDescription>{description}</CardDescription>
              <ul className="flex flex-wrap gap-1.5" aria-label="Calls">
                {endpoints.map((e) => (
                  <li key={e}>
                    <code className="rounded bg-muted px-1.5 py-0.5 text-xs break-all text-muted-foreground">{e}</code>
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </CardHeader>
        <CardContent className="grid gap-5">{children}</CardContent>
      </Card>
    </section>
  )
}

export interface ResultItem {
  label: string
  value: ReactNode
  mono?: boolean
  testId?: string
}

/** A call's answer as label / value rows. */
export function ResultList({ items, label }: { items: ResultItem[]; label: string }) {
  return (
    <dl aria-label={label} className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[max-content_minmax(0,1fr)]">
      {items.map((item) => (
        <div key={item.label} className="grid gap-0.5 sm:col-span-2 sm:grid-cols-subgrid sm:items-center sm:gap-x-4">
          <dt className="text-xs font-semibold text-muted-foreground sm:text-sm sm:font-medium">{item.label}</dt>
          <dd className={cn('min-w-0 break-all', item.mono && 'font-mono text-[13px]')} data-testid={item.testId}>
            {item.value}
          </dd>
        </div>
      ))}
    </dl>
  )
}

/**
 * A failed call: its status, the server's message, and any field errors not already shown next to
 * their inputs (`shownFields`).
 */
export function CallErrorAlert({ error, fallback, shownFields = [] }: { error: unknown; fallback: string; shownFields?: string[] }) {
  const status = error instanceof ApiError ? error.status : null
  const others = error instanceof ApiError && error.fields ? Object.entries(error.fields).filter(([name]) => !shownFields.includes(name)) : []
  return (
    <Alert variant="destructive" className="[overflow-wrap:anywhere]">
      <AlertCircle aria-hidden="true" />
      <AlertTitle>{status === null ? 'No answer from the server' : `The server answered ${statusLabel(status)}`}</AlertTitle>
      <AlertDescription>
        <p>{errorMessage(error, fallback)}</p>
        {others.length > 0 && (
          <ul className="list-disc pl-4">
            {others.map(([name, message]) => (
              <li key={name}>
                <span className="font-mono text-xs">{name}</span>: {message}
              </li>
            ))}
          </ul>
        )}
      </AlertDescription>
    </Alert>
  )
}

/** Pretty-printed JSON, scrolling when long. */
export function JsonBlock({ value, className, label }: { value: unknown; className?: string; label?: string }) {
  const text = value === undefined ? '' : JSON.stringify(value, null, 2)
  return (
    <pre
      aria-label={label}
      tabIndex={0}
      className={cn(
        'max-h-56 overflow-auto rounded-md bg-slate-950 p-3 font-mono text-xs leading-relaxed whitespace-pre-wrap text-slate-100 [overflow-wrap:anywhere] outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
        className,
      )}
    >
      <code>{text}</code>
    </pre>
  )
}
