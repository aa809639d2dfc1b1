import { useState } from 'react'
import { Link, useLocation } from 'react-router'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { AlertCircle, KeyRound, MailCheck } from 'lucide-react'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { PageContainer } from '@/components/layout/page'
import { errorMessage } from '@/lib/api'
import { useDocumentMeta } from '@/lib/use-document-meta'
import { forgotPasswordSchema, useRequestPasswordReset, type ForgotPasswordValues } from '../api/account-api'
import { applyServerFieldErrors } from '../hooks/use-server-field-errors'

/** The e-mail address the sign-in form held when its "Forgot password?" link was followed. */
function emailFromSignIn(state: unknown): string {
  const email = (state as { email?: unknown } | null)?.email
  return typeof email === 'string' ? email : ''
}

/** "/forgot-password": asks for a reset link by e-mail. The answer is the same whether or not the address is an account's. */
export function ForgotPasswordPage() {
  useDocumentMeta({ title: 'Forgot Your Password?', description: 'Get a link by e-mail to choose a new Squares password.' })
  const location = useLocation()
  const request = useRequestPasswordReset()
  const [sent, setSent] = useState<{ email: string; message: string } | null>(null)
  const [alert, setAlert] = useState<string | null>(null)
  const form = useForm<ForgotPasswordValues>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: emailFromSignIn(location.state) },
  })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit((values) => {
    setAlert(null)
    request.mutate(values, {
      onSuccess: (answer) => setSent({ email: values.email.trim(), message: answer.message }),
      onError: (err) => {
        if (!applyServerFieldErrors(err, form.setError, ['email'])) setAlert(errorMessage(err, 'The link could not be sent. Please try again.'))
      },
    })
  })

  return (
    <PageContainer className="max-w-lg">
      <Card>
        <CardHeader>
          <div className="mb-1 flex size-12 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
            {sent ? <MailCheck className="size-6" aria-hidden="true" /> : <KeyRound className="size-6" aria-hidden="true" />}
          </div>
          <h1 className="text-2xl leading-tight font-bold tracking-tight">{sent ? 'Check your email' : 'Forgot your password?'}</h1>
          <CardDescription>
            {sent
              ? `If ${sent.email} belongs to a Squares account, a link to choose a new password is on its way.`
              : "Enter the email address you sign in with and we'll send you a link to choose a new password."}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          {sent ? (
            <>
              <Alert variant="success">
                <MailCheck aria-hidden="true" />
                <AlertTitle>Reset link requested</AlertTitle>
                <AlertDescription>{sent.message}</AlertDescription>
              </Alert>
              <p className="text-sm text-muted-foreground">
                No email after a few minutes? Check your spam folder, make sure the address is the one you signed up with, or
                send another link. Only the newest link works.
              </p>
              <div className="flex flex-col gap-2 sm:flex-row">
                <Button variant="outline" onClick={() => setSent(null)}>
                  Send another link
                </Button>
                <Button asChild>
                  <Link to="/login">Back to sign in</Link>
                </Button>
              </div>
            </>
          ) : (
            <>
              <div aria-live="assertive">
                {alert && (
                  <Alert variant="destructive">
                    <AlertCircle aria-hidden="true" />
                    <AlertTitle>Something went wrong</AlertTitle>
                    <AlertDescription>{alert}</AlertDescription>
                  </Alert>
                )}
              </div>
              <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Forgot password">
                <Field id="forgot-email" label="Email" error={errors.email?.message}>
                  <Input type="email" autoComplete="email" placeholder="you@example.com" {...form.register('email')} />
                </Field>
                <Button type="submit" size="lg" className="w-full" disabled={request.isPending}>
                  {request.isPending && <Spinner label="Sending" />}
                  Send reset link
                </Button>
              </form>
              <p className="text-sm text-muted-foreground">
                Remembered it?{' '}
                <Link to="/login" className="font-semibold text-primary underline-offset-4 hover:underline">
                  Back to sign in
                </Link>
              </p>
              <p className="text-xs text-muted-foreground">
                Admin accounts sign in with a username and are not reset by email: the operator sets a new password with{' '}
                <code className="rounded bg-muted px-1">squares create-admin</code>.
              </p>
            </>
          )}
        </CardContent>
      </Card>
    </PageContainer>
  )
}
