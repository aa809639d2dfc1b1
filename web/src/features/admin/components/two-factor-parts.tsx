import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { errorMessage } from '@/lib/api'
import { useDisableTwoFactor, useEnableTwoFactor, useTwoFactorSetup } from '../api/two-factor-api'

/**
 * A code field as authenticator apps fill it (numeric keyboard, one-time-code autofill), or, when it also
 * takes recovery codes (letters and digits), a plain text field.
 */
function CodeField({
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

/** Set-up: a new secret as a QR code and a key, confirmed with a current code. */
export function TwoFactorEnrol({ onEnabled }: { onEnabled: (recoveryCodes: string[]) => void }) {
  const setup = useTwoFactorSetup()
  const enable = useEnableTwoFactor()
  const [code, setCode] = useState('')
  const [error, setError] = useState<string>()
  const secret = setup.data

  if (!secret) {
    return (
      <div className="grid gap-2">
        {setup.isError && <p className="text-sm text-destructive">{errorMessage(setup.error, 'The set-up could not start.')}</p>}
        <Button className="justify-self-start" onClick={() => setup.mutate()} disabled={setup.isPending}>
          {setup.isPending && <Spinner label="Starting" />}
          Set up two-factor sign-in
        </Button>
      </div>
    )
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    if (!code.trim()) {
      setError('Enter the 6-digit code your app shows.')
      return
    }
    setError(undefined)
    enable.mutate(code, {
      onSuccess: (r) => {
        toast.success('Two-factor sign-in is on')
        onEnabled(r.recoveryCodes ?? [])
      },
      onError: (err) => setError(errorMessage(err, 'Invalid authentication code')),
    })
  }

  return (
    <div className="grid gap-4">
      <ol className="grid list-decimal gap-3 pl-5 text-sm">
        <li>
          Scan this QR code with your authenticator app.
          <img src={secret.qrCode} alt="QR code of your two-factor secret" width={200} height={200} className="mt-2 rounded-md border bg-white" />
        </li>
        <li>
          Or enter this key by hand:{' '}
          <code data-testid="totp-secret" className="break-all rounded bg-muted px-1.5 py-0.5 font-mono">
            {secret.secret}
          </code>
          <details className="mt-1">
            <summary className="cursor-pointer text-muted-foreground">Show the setup link</summary>
            <code className="mt-1 block break-all font-mono text-xs">{secret.otpauthUrl}</code>
          </details>
        </li>
        <li>Enter the code the app shows to finish.</li>
      </ol>
      <form onSubmit={onSubmit} noValidate className="grid gap-3" aria-label="Confirm two-factor set-up">
        <CodeField id="enrol-code" label="Code from your app" value={code} onChange={setCode} error={error} />
        <Button type="submit" className="justify-self-start" disabled={enable.isPending}>
          {enable.isPending && <Spinner label="Confirming" />}
          Turn on
        </Button>
      </form>
    </div>
  )
}

/** The recovery codes, shown once after enabling. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <section aria-labelledby="recovery-title" className="grid gap-3">
      <h3 id="recovery-title" className="font-semibold">
        Save your recovery codes
      </h3>
      <p className="text-sm text-muted-foreground">
        If you lose your phone, each of these codes signs you in once instead of an app code. They are shown only now:
        keep them somewhere safe, such as a password manager.
      </p>
      <ul data-testid="recovery-codes" className="grid grid-cols-2 gap-2 font-mono text-sm">
        {codes.map((c) => (
          <li key={c} className="rounded bg-muted px-2 py-1 text-center">
            {c}
          </li>
        ))}
      </ul>
      <Button className="justify-self-start" onClick={onDone}>
        I have saved my recovery codes
      </Button>
    </section>
  )
}

/** Turning it off needs a current code or a recovery code. */
export function TwoFactorDisable({ required }: { required: boolean }) {
  const disable = useDisableTwoFactor()
  const [code, setCode] = useState('')
  const [error, setError] = useState<string>()
  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    if (!code.trim()) {
      setError('Enter a code from your app or a recovery code.')
      return
    }
    setError(undefined)
    disable.mutate(code, {
      onSuccess: () => toast.success('Two-factor sign-in is off'),
      onError: (err) => setError(errorMessage(err, 'Invalid authentication code')),
    })
  }
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3 border-t pt-4" aria-label="Turn off two-factor sign-in">
      <p className="text-sm text-muted-foreground">
        To move to a new phone, turn it off and set it up again.
        {required && ' This server requires it: the admin pages stay closed until you set it up again.'}
      </p>
      <CodeField
        id="disable-code"
        label="Code from your app or a recovery code"
        numeric={false}
        value={code}
        onChange={setCode}
        error={error}
      />
      <Button type="submit" variant="destructive" className="justify-self-start" disabled={disable.isPending}>
        {disable.isPending && <Spinner label="Turning off" />}
        Turn off two-factor sign-in
      </Button>
    </form>
  )
}
