import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { toast } from '@/lib/toast'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { errorMessage } from '@/lib/api'
import { codeSchema, type CodeValues } from '../api/code-schema'
import { useEnableTwoFactor, useTwoFactorSetup } from '../api/two-factor-api'
import { CodeField } from './code-field'

/** Set-up: a new secret as a QR code and a key, confirmed with a current code. */
export function TwoFactorEnrol({ onEnabled }: { onEnabled: (recoveryCodes: string[]) => void }) {
  const setup = useTwoFactorSetup()
  const enable = useEnableTwoFactor()
  const form = useForm<CodeValues>({
    resolver: zodResolver(codeSchema('Enter the 6-digit code your app shows.')),
    defaultValues: { code: '' },
    reValidateMode: 'onSubmit',
  })
  const error = form.formState.errors.code?.message
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

  const onSubmit = form.handleSubmit(({ code }) =>
    enable.mutate(code, {
      onSuccess: (r) => {
        toast.success('Two-factor sign-in is on')
        onEnabled(r.recoveryCodes ?? [])
      },
      onError: (err) => form.setError('code', { message: errorMessage(err, 'Invalid authentication code') }),
    }),
  )

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
        <CodeField id="enrol-code" label="Code from your app" registration={form.register('code')} error={error} />
        <Button type="submit" className="justify-self-start" disabled={enable.isPending}>
          {enable.isPending && <Spinner label="Confirming" />}
          Turn on
        </Button>
      </form>
    </div>
  )
}
