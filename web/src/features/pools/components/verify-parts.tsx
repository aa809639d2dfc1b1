import { CheckCircle2, XCircle } from 'lucide-react'
import { cn } from '@/lib/utils'

/** A value to copy or compare: hashes, seeds, signatures. */
export function Mono({ children, className }: { children: React.ReactNode; className?: string }) {
  return <code className={cn('block rounded-md bg-muted px-2 py-1.5 font-mono text-xs break-all', className)}>{children}</code>
}

/** One check of the Verify panel: "label: matches" or "label: does not match" (or the words given). */
export function Match({
  ok,
  label,
  words = ['matches', 'does not match'],
  children,
}: {
  ok: boolean
  label: string
  words?: readonly [string, string]
  children?: React.ReactNode
}) {
  return (
    <li className="flex gap-2">
      {ok ? (
        <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-700" aria-hidden="true" />
      ) : (
        <XCircle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
      )}
      <div className="min-w-0">
        <span className="font-semibold">
          {label}: {ok ? words[0] : words[1]}
        </span>
        {children}
      </div>
    </li>
  )
}
