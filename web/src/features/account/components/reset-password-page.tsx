import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { toast } from '@/lib/toast'
import { AlertCircle, CheckCircle2, KeyRound } from 'lucide-react'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card'
import { Field } from '@/components/ui/field'
import { Spinner } from '@/components/ui/spinner'
import { PageContainer } from '@/components/layout/page'
import { ApiError, errorMessage } from '@/lib/api'
import { sessionEnded } from '@/lib/auth'
import { useDocumentMeta } from '@/lib/use-document-meta'
import { resetPasswordSchema, useConfirmPasswordReset, type ResetPasswordValues } from '../api/account-api'
import { PasswordInput } from './password-input'

const INCOMPLETE = 'This password reset link is incomplete. Open the link from the email again, or request a new one.'

/** "/reset-password?token=...": the link of the reset e-mail; sets a new password once. */
export function ResetPasswordPage() {
  useDocumentMeta({ title: 'Choose a New Password' })
  const [params] = useSearchParams()
  const token = params.get('token')?.trim() ?? ''
  const queryClient = useQueryClient()
  const confirm = useConfirmPasswordReset()
  const [done, setDone] = useState<string | null>(null)
  // A link that cannot set a password (used, expired, replaced, unknown): the form gives way to the reason.
  const [badLink, setBadLink] = useState<string | null>(token ? null : INCOMPLETE)
  const [alert, setAlert] = useState<string | null>(null)
  const form = useForm<ResetPasswordValues>({ resolver: zodResolver(resetPasswordSchema), defaultValues: { password: '' } })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit((values) => {
    setAlert(null)
    confirm.mutate(
      { token, password: values.password },
      {
        onSuccess: (answer) => {
          // Every session of the account ended, this browser's too if it had one.
          sessionEnded(queryClient)
          setDone(answer.message)
          toast.success('Password changed', { description: 'Sign in with your new password.' })
        },
        onError: (err) => {
          const fields = err instanceof ApiError ? err.fields : undefined
          if (fields?.token) setBadLink(fields.token)
          else if (fields?.password) form.setError('password', { type: 'server', message: fields.password })
          else setAlert(errorMessage(err, 'Your password could not be changed. Please try again.'))
        },
      },
    )
  })

  const heading = done ? 'Password changed' : badLink ? 'This link cannot be used' : 'Choose a new password'
  return (
    <PageContainer className="max-w-lg">
      <Card>
        <CardHeader>
          <div className="mb-1 flex size-12 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
            {done ? <CheckCircle2 className="size-6" aria-hidden="true" /> : <KeyRound className="size-6" aria-hidden="true" />}
          </div>
          <h1 className="text-2xl leading-tight font-bold tracking-tight">{heading}</h1>
          {!done && !badLink && (
            <CardDescription>
              Choose a password of at least 8 characters. Every device signed in to your account will be signed out.
            </CardDescription>
          )}
        </CardHeader>
        <CardContent className="grid gap-5">
          {done ? (
            <>
              <Alert variant="success">
                <CheckCircle2 aria-hidden="true" />
                <AlertTitle>Your new password is set</AlertTitle>
                <AlertDescription>{done}</AlertDescription>
              </Alert>
              <Button asChild size="lg">
                <Link to="/login">Sign in</Link>
              </Button>
            </>
          ) : badLink ? (
            <>
              <Alert variant="destructive">
                <AlertCircle aria-hidden="true" />
                <AlertDescription>{badLink}</AlertDescription>
              </Alert>
              <div className="flex flex-col gap-2 sm:flex-row">
                <Button asChild>
                  <Link to="/forgot-password">Request a new link</Link>
                </Button>
                <Button asChild variant="outline">
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
              <form onSubmit={onSubmit} noValidate className="grid gap-4">
                <Field id="reset-password" label="New password" error={errors.password?.message} hint="At least 8 characters">
                  <PasswordInput autoComplete="new-password" placeholder="Min 8 characters" {...form.register('password')} />
                </Field>
                <Button type="submit" size="lg" className="w-full" disabled={confirm.isPending}>
                  {confirm.isPending && <Spinner label="Saving" />}
                  Reset password
                </Button>
              </form>
            </>
          )}
        </CardContent>
      </Card>
    </PageContainer>
  )
}
