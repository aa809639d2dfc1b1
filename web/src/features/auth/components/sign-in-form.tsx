import { Link } from 'react-router'
import { useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { loginSchema, type LoginValues } from '../api/schemas'
import type { AuthAnswer } from '../api/auth-api'
import { useLogin } from '../api/auth-api'
import { applyServerFieldErrors } from '../hooks/use-server-field-errors'

export function SignInForm({
  onSuccess,
  onError,
  onSubmitStart,
}: {
  onSuccess: (answer: AuthAnswer) => void
  onError: (err: unknown) => void
  onSubmitStart?: () => void
}) {
  const login = useLogin()
  const form = useForm<LoginValues>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } })
  const { errors } = form.formState
  const typedEmail = useWatch({ control: form.control, name: 'email' })

  const onSubmit = form.handleSubmit((values) => {
    onSubmitStart?.()
    login.mutate(values, {
      onSuccess,
      onError: (err) => {
        applyServerFieldErrors(err, form.setError, ['email', 'password'])
        onError(err)
      },
    })
  })

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Sign in">
      <Field id="signin-email" label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" placeholder="you@example.com" {...form.register('email')} />
      </Field>
      <Field id="signin-password" label="Password" error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" placeholder="Your password" {...form.register('password')} />
      </Field>
      <div className="-mt-2 text-right text-sm">
        {/* The address typed so far goes along, so that it need not be typed again. */}
        <Link
          to="/forgot-password"
          state={{ email: typedEmail }}
          className="font-semibold text-primary underline-offset-4 hover:underline"
        >
          Forgot password?
        </Link>
      </div>
      <Button type="submit" variant="default" size="lg" className="mt-1 w-full" disabled={login.isPending}>
        {login.isPending && <Spinner label="Signing in" />}
        Sign In
      </Button>
    </form>
  )
}
