import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { toast } from '@/lib/toast'
import { AlertCircle, CheckCircle2, KeyRound } from 'lucide-react'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Field } from '@/components/ui/field'
import { Spinner } from '@/components/ui/spinner'
import { errorMessage } from '@/lib/api'
import { changePasswordSchema, useChangePassword, type ChangePasswordValues } from '../api/account-api'
import { applyServerFieldErrors } from '../hooks/use-server-field-errors'
import { PasswordInput } from './password-input'

/** Change password: the current one, checked by the server as at sign-in, and a new one. This device stays signed in. */
export function ChangePasswordCard() {
  const change = useChangePassword()
  const [alert, setAlert] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const form = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '' },
  })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit((values) => {
    setAlert(null)
    setDone(null)
    change.mutate(values, {
      onSuccess: (answer) => {
        form.reset()
        setDone(answer.message)
        toast.success('Password changed', { description: 'Your other devices have been signed out.' })
      },
      onError: (err) => {
        if (!applyServerFieldErrors(err, form.setError, ['currentPassword', 'newPassword'])) {
          setAlert(errorMessage(err, 'Your password could not be changed. Please try again.'))
        }
      },
    })
  })

  return (
    <Card id="password" className="scroll-mt-24">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <KeyRound className="size-5 text-muted-foreground" aria-hidden="true" /> Change password
        </CardTitle>
        <CardDescription>Changing it signs you out on every other device; this one stays signed in.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div aria-live="polite">
          {alert && (
            <Alert variant="destructive">
              <AlertCircle aria-hidden="true" />
              <AlertTitle>Password not changed</AlertTitle>
              <AlertDescription>{alert}</AlertDescription>
            </Alert>
          )}
          {done && (
            <Alert variant="success">
              <CheckCircle2 aria-hidden="true" />
              <AlertTitle>Password changed</AlertTitle>
              <AlertDescription>{done}</AlertDescription>
            </Alert>
          )}
        </div>
        <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:max-w-md" data-testid="change-password">
          <Field id="current-password" label="Current password" error={errors.currentPassword?.message}>
            <PasswordInput autoComplete="current-password" {...form.register('currentPassword')} />
          </Field>
          <Field id="new-password" label="New password" error={errors.newPassword?.message} hint="At least 8 characters">
            <PasswordInput autoComplete="new-password" {...form.register('newPassword')} />
          </Field>
          <div>
            <Button type="submit" disabled={change.isPending}>
              {change.isPending && <Spinner label="Saving" />}
              Change password
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  )
}
