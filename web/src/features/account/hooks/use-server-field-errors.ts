import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { ApiError } from '@/lib/api'

/**
 * Copies the server's per-field messages ({fields}) onto the form; returns whether any was copied (the
 * others are for an alert).
 */
export function applyServerFieldErrors<T extends FieldValues>(err: unknown, setError: UseFormSetError<T>, known: readonly string[]): boolean {
  if (!(err instanceof ApiError) || !err.fields) return false
  let any = false
  for (const [field, message] of Object.entries(err.fields)) {
    if (known.includes(field)) {
      setError(field as Path<T>, { type: 'server', message })
      any = true
    }
  }
  return any
}
