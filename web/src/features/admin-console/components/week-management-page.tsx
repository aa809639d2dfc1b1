import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { z } from 'zod'
import { CalendarCheck } from 'lucide-react'
import { toast } from '@/lib/toast'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import { Skeleton } from '@/components/ui/skeleton'
import { PageContainer, PageHeader } from '@/components/layout/page'
import { errorMessage } from '@/lib/api'
import { useActiveWeek } from '@/lib/leagues'
import { useDocumentMeta } from '@/lib/use-document-meta'
import { useConsoleLeagues, useConsolePools } from '../api/console-api'
import { useSetActiveWeek, WEEK_OPTIONS } from '../api/week-api'
import { AdminOnly } from '@/components/layout/admin-only'

const NFL = 1

// An empty week is refused here with a toast; the server checks the week's code.
const schema = z.object({ week: z.string().trim().min(1) })
type Values = z.infer<typeof schema>

/** /week-management: a league's active week, and advancing it (players then see only that week's pools). */
export function WeekManagementPage() {
  useDocumentMeta({ title: 'Active Week Management' })
  return (
    <AdminOnly message="You don't have permission to manage the active week. Admin authentication is required.">
      <PageContainer className="max-w-3xl">
        <PageHeader
          eyebrow="Admin"
          title="Active Week Management"
          description="Players see only the active week's pools; earlier weeks stay readable but sell nothing."
        />
        <WeekManagement />
      </PageContainer>
    </AdminOnly>
  )
}

function WeekManagement() {
  const leagues = useConsoleLeagues()
  const [leagueId, setLeagueId] = useState(NFL)
  const current = useActiveWeek(leagueId)
  const pools = useConsolePools()
  const advance = useSetActiveWeek()
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { week: '' }, shouldFocusError: false })
  const active = current.data?.activeWeek ?? null
  const weekPools = (pools.data ?? []).filter((p) => p.game?.leagueId === leagueId && p.game?.week === active)
  const onSubmit = form.handleSubmit(
    ({ week }) =>
      advance.mutate(
        { leagueId, week },
        {
          onSuccess: (res) => {
            toast.success('Week Updated Successfully', { description: `The active week is now ${res.activeWeek}.` })
            form.reset({ week: '' })
          },
          onError: (err) => toast.error('Update Failed', { description: errorMessage(err, 'Failed to update active week') }),
        },
      ),
    () => toast.error('No Week Selected', { description: 'Please select a week to advance to' }),
  )
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>League</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <Field id="week-league" label="League">
            <NativeSelect
              value={leagueId}
              onChange={(e) => {
                setLeagueId(Number(e.target.value))
                form.reset({ week: '' })
              }}
              disabled={leagues.isLoading}
            >
              {(leagues.data ?? [{ id: NFL, name: 'NFL', displayName: 'NFL' }]).map((l) => (
                <option key={l.id} value={l.id}>
                  {l.displayName || l.name}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <div className="flex flex-wrap items-center gap-3" aria-live="polite">
            <CalendarCheck className="size-5 text-emerald-700" aria-hidden="true" />
            <span className="text-sm text-muted-foreground">Current active week</span>
            {current.isLoading ? (
              <Skeleton className="h-6 w-16" />
            ) : active ? (
              <Badge variant="available" className="text-sm" data-testid="active-week">
                {active}
              </Badge>
            ) : (
              <Badge variant="muted" data-testid="active-week">
                None: players see every week
              </Badge>
            )}
          </div>
          {active && !pools.isLoading && (
            <p className="text-sm text-muted-foreground">
              {weekPools.length} {weekPools.length === 1 ? 'pool' : 'pools'} in {active},{' '}
              {weekPools.filter((p) => ['active', 'full', 'started'].includes(p.status)).length} visible to players.
            </p>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Advance the week</CardTitle>
          <CardDescription>Choose the week players should see next.</CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end" noValidate>
            {leagueId === NFL ? (
              <Field id="week-new" label="New week">
                <NativeSelect {...form.register('week')}>
                  <option value="">Select a week</option>
                  {WEEK_OPTIONS.map((w) => (
                    <option key={w} value={w} disabled={w === active}>
                      {w}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
            ) : (
              <Field id="week-new" label="New week" hint="A short code: letters, digits or hyphens">
                <Input placeholder="2026-11-29" {...form.register('week')} />
              </Field>
            )}
            <Button type="submit" disabled={advance.isPending}>
              {advance.isPending ? 'Updating...' : 'Advance Week'}
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  )
}
