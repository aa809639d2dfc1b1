import { useEffect, useRef, useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { AlertCircle } from 'lucide-react'
import { Alert, AlertDescription } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { ApiError, errorMessage } from '@/lib/api'
import { useAdminLoginCode, type AdminSession } from '../api/two-factor-api'

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
  const [recovery, setRecovery] = useState(false)
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const input = useRef<HTMLInputElement>(null)
  useEffect(() => input.current?.focus(), [recovery])

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    if (!code.trim()) {
      setError(recovery ? 'Enter one of your recovery codes.' : 'Enter the 6-digit code from your authenticator app.')
      return
    }
    setError(null)
    send.mutate(
      { challenge, code },
      {
        onSuccess: onSignedIn,
        onError: (err) => {
          if (err instanceof ApiError && err.status === 401) {
            onRestart(err.serverMessage || 'This sign-in has expired. Please sign in again.')
            return
          }
          const msg = errorMessage(err, 'Invalid authentication code')
          setError(msg)
          setCode('')
          toast.error('Login Failed', { description: msg })
        },
      },
    )
  }

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
          <Input ref={input} autoComplete="off" spellCheck={false} value={code} onChange={(e) => setCode(e.target.value)} />
        ) : (
          <Input
            ref={input}
            autoComplete="one-time-code"
            inputMode="numeric"
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
        )}
      </Field>
      <Button type="submit" size="lg" disabled={send.isPending}>
        {send.isPending && <Spinner label="Verifying" />}
        {send.isPending ? 'Verifying...' : 'Verify and sign in'}
      </Button>
      <Button
        type="button"
        variant="link"
        onClick={() => {
          setRecovery(!recovery)
          setCode('')
          setError(null)
        }}
      >
        {recovery ? 'Use the authenticator app instead' : 'Use a recovery code'}
      </Button>
    </form>
  )
}
