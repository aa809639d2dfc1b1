import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { todayISO } from '@/lib/dates'
import { registerSchema, type RegisterValues } from '../api/schemas'
import { toRegisterBody, useRegister, type AuthAnswer } from '../api/auth-api'
import { applyServerFieldErrors } from '../hooks/use-server-field-errors'

const FIELDS = ['firstName', 'lastName', 'email', 'password', 'dateOfBirth', 'residenceState'] as const

export function SignUpForm({
  onSuccess,
  onError,
  onSubmitStart,
}: {
  onSuccess: (answer: AuthAnswer) => void
  onError: (err: unknown) => void
  onSubmitStart?: () => void
}) {
  const register = useRegister()
  const form = useForm<RegisterValues>({
    resolver: zodResolver(registerSchema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '', dateOfBirth: '', residenceState: '' },
  })
  const { errors } = form.formState
  const stateField = form.register('residenceState')

  const onSubmit = form.handleSubmit((values) => {
    onSubmitStart?.()
    register.mutate(toRegisterBody(values), {
      onSuccess,
      onError: (err) => {
        applyServerFieldErrors(err, form.setError, FIELDS)
        onError(err)
      },
    })
  })

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Sign up">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="signup-first-name" label="First Name" error={errors.firstName?.message}>
          <Input autoComplete="given-name" placeholder="First name" {...form.register('firstName')} />
        </Field>
        <Field id="signup-last-name" label="Last Name" error={errors.lastName?.message}>
          <Input autoComplete="family-name" placeholder="Last name" {...form.register('lastName')} />
        </Field>
      </div>
      <Field id="signup-email" label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" placeholder="you@example.com" {...form.register('email')} />
      </Field>
      <Field id="signup-password" label="Password" error={errors.password?.message}>
        <Input type="password" autoComplete="new-password" placeholder="Min 8 characters" {...form.register('password')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="signup-dob" label="Date of Birth" error={errors.dateOfBirth?.message}>
          <Input type="date" autoComplete="bday" max={todayISO()} {...form.register('dateOfBirth')} />
        </Field>
        <Field
          id="signup-state"
          label="US State"
          optional
          error={errors.residenceState?.message}
          hint="Used to verify eligibility for sports betting"
        >
          <Input
            placeholder="CA"
            maxLength={2}
            autoComplete="address-level1"
            className="uppercase placeholder:normal-case"
            {...stateField}
            onChange={(e) => {
              e.target.value = e.target.value.replace(/[^a-zA-Z]/g, '').toUpperCase().slice(0, 2)
              void stateField.onChange(e)
            }}
          />
        </Field>
      </div>
      <Button type="submit" variant="default" size="lg" className="mt-1 w-full" disabled={register.isPending}>
        {register.isPending && <Spinner label="Creating account" />}
        Create Account
      </Button>
    </form>
  )
}
