import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { toast } from '@/lib/toast'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { errorMessage } from '@/lib/api'
import { codeSchema, type CodeValues } from '../api/code-schema'
import { useDisableTwoFactor } from '../api/two-factor-api'
import { CodeField } from './code-field'

/** Turning it off needs a current code or a recovery code. */
export function TwoFactorDisable({ required }: { required: boolean }) {
  const disable = useDisableTwoFactor()
  const form = useForm<CodeValues>({
    resolver: zodResolver(codeSchema('Enter a code from your app or a recovery code.')),
    defaultValues: { code: '' },
    reValidateMode: 'onSubmit',
  })
  const error = form.formState.errors.code?.message
  const onSubmit = form.handleSubmit(({ code }) =>
    disable.mutate(code, {
      onSuccess: () => toast.success('Two-factor sign-in is off'),
      onError: (err) => form.setError('code', { message: errorMessage(err, 'Invalid authentication code') }),
    }),
  )
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
        registration={form.register('code')}
        error={error}
      />
      <Button type="submit" variant="destructive" className="justify-self-start" disabled={disable.isPending}>
        {disable.isPending && <Spinner label="Turning off" />}
        Turn off two-factor sign-in
      </Button>
    </form>
  )
}
