import type { UseFormRegisterReturn } from 'react-hook-form'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'

/**
 * A code field as authenticator apps fill it (numeric keyboard, one-time-code autofill), or, when it also
 * takes recovery codes (letters and digits), a plain text field.
 */
export function CodeField({
  id,
  label,
  registration,
  error,
  numeric = true,
}: {
  id: string
  label: string
  registration: UseFormRegisterReturn
  error?: string
  numeric?: boolean
}) {
  return (
    <Field id={id} label={label} error={error}>
      <Input
        autoComplete={numeric ? 'one-time-code' : 'off'}
        inputMode={numeric ? 'numeric' : undefined}
        spellCheck={numeric ? undefined : false}
        className="max-w-48"
        {...registration}
      />
    </Field>
  )
}
