import { cn } from '@/lib/utils'

/** A hash, key or signature: monospaced, broken anywhere so that it fits a phone. */
export function Hash({ value, className }: { value: string; className?: string }) {
  return <code className={cn('block rounded-md bg-muted/70 px-2 py-1 font-mono text-xs break-all text-foreground', className)}>{value || '—'}</code>
}
