import { useState } from 'react'
import { useNavigate } from 'react-router'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { toast } from '@/lib/toast'
import { Eye, EyeOff, FlaskConical } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { PageContainer } from '@/components/layout/page'
import { errorMessage } from '@/lib/api'
import { authKeys, startSession } from '@/lib/auth'
import { useDocumentMeta } from '@/lib/use-document-meta'
import { testRegisterSchema, type TestRegisterValues } from '../api/schemas'
import { toTestRegisterBody, useRegister } from '../api/auth-api'
import { applyServerFieldErrors } from '../hooks/use-server-field-errors'

export function TestRegistrationPage() {
  useDocumentMeta({ title: 'Registration Test Page' })
  const [showPassword, setShowPassword] = useState(false)
  const register = useRegister()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const form = useForm<TestRegisterValues>({
    resolver: zodResolver(testRegisterSchema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '' },
  })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit((values) => {
    register.mutate(toTestRegisterBody(values), {
      onSuccess: ({ user }) => {
        toast.success('Welcome to Squares!', { description: 'Account created successfully' })
        if (user) startSession(queryClient, user)
        void queryClient.invalidateQueries({ queryKey: authKeys.user }).then(() => navigate('/', { replace: true }))
      },
      onError: (err) => {
        applyServerFieldErrors(err, form.setError, ['firstName', 'lastName', 'email', 'password'])
        toast.error('Registration Failed', { description: errorMessage(err, 'Failed to create account') })
      },
    })
  })

  return (
    <PageContainer className="max-w-lg">
      <Card>
        <CardHeader>
          <div className="mb-1 flex size-10 items-center justify-center rounded-lg bg-violet-100 text-violet-700">
            <FlaskConical className="size-5" aria-hidden="true" />
          </div>
          <CardTitle className="text-2xl">Registration Test Page</CardTitle>
          <CardDescription>Create an account with the minimum details. Age verification follows separately.</CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Registration test">
            <div className="grid gap-4 sm:grid-cols-2">
              <Field id="test-first-name" label="First Name" error={errors.firstName?.message}>
                <Input autoComplete="given-name" {...form.register('firstName')} />
              </Field>
              <Field id="test-last-name" label="Last Name" optional error={errors.lastName?.message}>
                <Input autoComplete="family-name" {...form.register('lastName')} />
              </Field>
            </div>
            <Field id="test-email" label="Email" error={errors.email?.message}>
              <Input type="email" autoComplete="email" {...form.register('email')} />
            </Field>
            <Field id="test-password" label="Password" error={errors.password?.message} wireControl={false}>
              <div className="relative">
                <Input
                  id="test-password"
                  type={showPassword ? 'text' : 'password'}
                  autoComplete="new-password"
                  placeholder="Min 8 characters"
                  className="pr-11"
                  aria-invalid={errors.password ? true : undefined}
                  aria-describedby={errors.password ? 'test-password-error' : undefined}
                  {...form.register('password')}
                />
                <button
                  type="button"
                  onClick={() => setShowPassword((s) => !s)}
                  aria-label={showPassword ? 'Hide password' : 'Show password'}
                  aria-pressed={showPassword}
                  className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-md text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
                >
                  {showPassword ? <EyeOff className="size-4" /> : <Eye className="size-4" />}
                </button>
              </div>
            </Field>
            <Button type="submit" size="lg" className="w-full" disabled={register.isPending}>
              {register.isPending && <Spinner label="Creating account" />}
              {register.isPending ? 'Creating Account...' : 'Create Account'}
            </Button>
          </form>
        </CardContent>
      </Card>
    </PageContainer>
  )
}
