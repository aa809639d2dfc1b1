import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { z } from 'zod'
import { toast } from '@/lib/toast'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import { Skeleton } from '@/components/ui/skeleton'
import { ApiError, errorMessage } from '@/lib/api'
import { useConsoleLeagues, useCreateLeague } from '../api/console-api'

const SPORTS = ['football', 'basketball', 'baseball', 'hockey'] as const

// The server checks the league (its answer's field errors show under the fields); the form trims the names.
const schema = z.object({ name: z.string().trim(), displayName: z.string().trim(), sport: z.string() })
type Values = z.infer<typeof schema>

/** Leagues: the create form (League Code, Display Name, Sport) and the list with each one's badge. */
export function ConsoleLeaguesTab() {
  const leagues = useConsoleLeagues()
  const create = useCreateLeague()
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { name: '', displayName: '', sport: 'football' } })
  const fields = create.error instanceof ApiError ? create.error.fields : undefined

  const onSubmit = form.handleSubmit((v) =>
    create.mutate(
      { ...v, isActive: true },
      {
        onSuccess: () => {
          toast.success('League created successfully')
          form.resetField('name')
          form.resetField('displayName')
        },
        onError: (err) => toast.error('Failed to create league', { description: errorMessage(err, 'Please try again.') }),
      },
    ),
  )

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_1.4fr]">
      <Card>
        <CardHeader>
          <CardTitle>Create league</CardTitle>
        </CardHeader>
        <CardContent>
          <form onSubmit={onSubmit} className="grid gap-4" noValidate>
            <Field id="league-code" label="League Code" error={fields?.name}>
              <Input placeholder="NFL" autoComplete="off" {...form.register('name')} />
            </Field>
            <Field id="league-display-name" label="Display Name" error={fields?.displayName}>
              <Input placeholder="National Football League" {...form.register('displayName')} />
            </Field>
            <Field id="league-sport" label="Sport" error={fields?.sport}>
              <NativeSelect {...form.register('sport')}>
                {SPORTS.map((s) => (
                  <option key={s} value={s}>
                    {s[0].toUpperCase() + s.slice(1)}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Creating...' : 'Create League'}
            </Button>
          </form>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Leagues</CardTitle>
          <CardDescription>Every league, active or not.</CardDescription>
        </CardHeader>
        <CardContent>
          {leagues.isLoading ? (
            <Skeleton className="h-24" aria-label="Loading leagues" />
          ) : leagues.isError && !leagues.data ? (
            <p role="alert" className="text-sm text-destructive">
              Couldn't load the leagues.
            </p>
          ) : (leagues.data ?? []).length === 0 ? (
            <p className="text-sm text-muted-foreground">No leagues yet.</p>
          ) : (
            <ul className="divide-y">
              {(leagues.data ?? []).map((l) => (
                <li key={l.id} data-testid="league" className="flex flex-wrap items-center justify-between gap-2 py-3">
                  <div className="min-w-0">
                    <div className="font-semibold">
                      {l.name} <span className="font-normal text-muted-foreground">· {l.displayName}</span>
                    </div>
                    <div className="text-xs text-muted-foreground capitalize">
                      {l.sport}
                      {l.activeWeek ? ` · active week ${l.activeWeek}` : ''}
                    </div>
                  </div>
                  <Badge variant={l.isActive ? 'available' : 'muted'}>{l.isActive ? 'Active' : 'Inactive'}</Badge>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  )
}
