import { useEffect, useRef } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { z } from 'zod'
import { toast } from '@/lib/toast'
import { AlertCircle } from 'lucide-react'
import { Alert, AlertDescription } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { ApiError, errorMessage } from '@/lib/api'
import { useAdminLoginCode, type AdminSession } from '../api/two-factor-api'

// The code is sent as typed; an empty one is refused here with the words of the kind of code asked for.
const schema = z
  .object({ code: z.string(), recovery: z.boolean() })
  .superRefine((v, ctx) => {
    if (v.code.trim() === '') {
      ctx.addIssue({
        code: 'custom',
        path: ['code'],
        message: v.recovery ? 'Enter one of your recovery codes.' : 'Enter the 6-digit code from your authenticator app.',
      })
    }
  })
type Values = z.infer<typeof schema>

/**
 * The admin sign-in's second step: the authenticator app's code, or one of the recovery codes, traded
 * with the password step's challenge for the session. An expired challenge starts the sign-in again.
 */
export function AdminCodeStep({
  challenge,
  onSignedIn,
  onRestart,
}: {
  challenge: string
  onSignedIn: (session: AdminSession) => void
  onRestart: (message: string) => void
}) {
  const send = useAdminLoginCode()
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { code: '', recovery: false }, reValidateMode: 'onSubmit' })
  const recovery = useWatch({ control: form.control, name: 'recovery' })
  const error = form.formState.errors.code?.message ?? null
  const input = useRef<HTMLInputElement | null>(null)
  useEffect(() => input.current?.focus(), [recovery])
  const { ref, ...code } = form.register('code')
  const codeRef = (el: HTMLInputElement | null) => {
    ref(el)
    input.current = el
  }

  const onSubmit = form.handleSubmit((v) =>
    send.mutate(
      { challenge, code: v.code },
      {
        onSuccess: onSignedIn,
        onError: (err) => {
          if (err instanceof ApiError && err.status === 401) {
            onRestart(err.serverMessage || 'This sign-in has expired. Please sign in again.')
            return
          }
          const msg = errorMessage(err, 'Invalid authentication code')
          form.setValue('code', '')
          form.setError('code', { message: msg })
          toast.error('Login Failed', { description: msg })
        },
      },
    ),
  )

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Two-factor code">
      <p className="text-sm text-muted-foreground">
        {recovery
          ? 'Enter one of the recovery codes you saved when you set up two-factor sign-in. Each works once.'
          : 'Open your authenticator app and enter the 6-digit code for Squares.'}
      </p>
      {error && (
        <Alert variant="destructive">
          <AlertCircle aria-hidden="true" />
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      )}
      <Field id="admin-code" label={recovery ? 'Recovery code' : 'Authentication code'} error={error ?? undefined}>
        {recovery ? (
          <Input ref={codeRef} autoComplete="off" spellCheck={false} {...code} />
        ) : (
          <Input ref={codeRef} autoComplete="one-time-code" inputMode="numeric" {...code} />
        )}
      </Field>
      <Button type="submit" size="lg" disabled={send.isPending}>
        {send.isPending && <Spinner label="Verifying" />}
        {send.isPending ? 'Verifying...' : 'Verify and sign in'}
      </Button>
      <Button type="button" variant="link" onClick={() => form.reset({ code: '', recovery: !recovery })}>
        {recovery ? 'Use the authenticator app instead' : 'Use a recovery code'}
      </Button>
    </form>
  )
}
