import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'

/**
 * A code field as authenticator apps fill it (numeric keyboard, one-time-code autofill), or, when it also
 * takes recovery codes (letters and digits), a plain text field.
 */
export function CodeField({
  id,
  label,
  value,
  onChange,
  error,
  numeric = true,
}: {
  id: string
  label: string
  value: string
  onChange: (v: string) => void
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
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  )
}
