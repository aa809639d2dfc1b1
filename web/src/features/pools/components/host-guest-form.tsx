import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { z } from 'zod'
import { toast } from '@/lib/toast'
import { UserPlus } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { ApiError, errorMessage } from '@/lib/api'
import { useAddGuest } from '../hooks/use-host-pool'

const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/
// One line of printable text, as the server's squares.PrintableLine.
const NOT_PRINTABLE = /[\p{Cc}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}]|(?![\u200c\u200d])\p{Cf}/u

/** A guest as the server takes one: a name of one printable line (at most 80), an optional e-mail. */
export const guestSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Please enter the guest's name.")
    .max(80, "A guest's name is at most 80 characters.")
    .refine((s) => !NOT_PRINTABLE.test(s), "A guest's name must be one line of printable text."),
  email: z
    .string()
    .trim()
    .refine((s) => s === '' || EMAIL.test(s), 'Invalid email address'),
})

type Values = z.infer<typeof guestSchema>

/** Adds a person without an account to the pool; with an e-mail they are invited to join as themselves. */
export function HostGuestForm({ poolId }: { poolId: number }) {
  const add = useAddGuest(poolId)
  const form = useForm<Values>({ resolver: zodResolver(guestSchema), defaultValues: { name: '', email: '' } })
  const { errors } = form.formState
  const submit = form.handleSubmit((v) =>
    add.mutate(v, {
      onSuccess: (g) => {
        toast.success('Guest added', { description: g.invited ? `${g.name} is invited at ${g.email}.` : `${g.name} can now be given squares.` })
        form.reset()
      },
      onError: (err) => {
        const fields = err instanceof ApiError ? err.fields : undefined
        if (fields?.name) form.setError('name', { message: fields.name })
        if (fields?.email) form.setError('email', { message: fields.email })
        if (!fields?.name && !fields?.email) toast.error('Guest not added', { description: errorMessage(err, 'Please try again.') })
      },
    }),
  )
  return (
    <form onSubmit={submit} noValidate className="grid gap-3" aria-label="Add a guest">
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id="guest-name" label="Guest's name" error={errors.name?.message}>
          <Input maxLength={80} autoComplete="off" placeholder="Aunt May" {...form.register('name')} />
        </Field>
        <Field id="guest-email" label="E-mail" optional error={errors.email?.message} hint="With an e-mail, they are invited to join with an account.">
          <Input type="email" autoComplete="off" placeholder="may@example.com" {...form.register('email')} />
        </Field>
      </div>
      <Button type="submit" variant="outline" className="justify-self-start" disabled={add.isPending}>
        {add.isPending ? <Spinner label="Adding" /> : <UserPlus aria-hidden="true" />} Add guest
      </Button>
    </form>
  )
}
