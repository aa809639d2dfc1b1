import * as React from 'react'
import { Label } from '@/components/ui/label'
import { cn } from '@/lib/utils'

/**
 * Label + control + hint + error, wired for screen readers: the control gets aria-invalid and
 * aria-describedby pointing at the hint and the error.
 */
export function Field({
  id,
  label,
  error,
  hint,
  optional,
  className,
  children,
  wireControl = true,
}: {
  id: string
  label: React.ReactNode
  error?: string
  hint?: React.ReactNode
  optional?: boolean
  className?: string
  children: React.ReactElement<Record<string, unknown>>
  /** Set false when the child is a wrapper that wires its own control (id, aria-*) itself. */
  wireControl?: boolean
}) {
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined
  const control = wireControl
    ? React.cloneElement(children, {
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })
    : children
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id}>
        {label}
        {optional && <span className="font-normal text-muted-foreground">(optional)</span>}
      </Label>
      {control}
      {hint && !error && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  )
}
