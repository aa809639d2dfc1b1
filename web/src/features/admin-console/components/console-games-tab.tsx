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
import { formatDateTimeET } from '@/lib/dates'
import { gameLabel, teamNickname } from '@/lib/game-label'
import { useConsoleGames, useConsoleLeagues, useCreateGame } from '../api/console-api'
import { WEEK_OPTIONS } from '../api/week-api'

// The server checks the game (its answer's field errors show under the fields); the form trims the names.
const schema = z.object({
  leagueId: z.string(),
  homeTeam: z.string().trim(),
  awayTeam: z.string().trim(),
  homeTeamColor: z.string(),
  awayTeamColor: z.string(),
  gameDate: z.string(),
  week: z.string().trim(),
})
type Values = z.infer<typeof schema>

const empty: Values = { leagueId: '', homeTeam: '', awayTeam: '', homeTeamColor: '#3b82f6', awayTeamColor: '#ef4444', gameDate: '', week: '' }

/** Games: the create form (its five tier pools come as drafts) and the scrollable list of games. */
export function ConsoleGamesTab() {
  const leagues = useConsoleLeagues()
  const games = useConsoleGames()
  const create = useCreateGame()
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: empty })
  const fields = create.error instanceof ApiError ? create.error.fields : undefined
  const list = [...(games.data ?? [])].sort((a, b) => b.gameDate.localeCompare(a.gameDate))

  const onSubmit = form.handleSubmit((v) =>
    create.mutate(
      {
        leagueId: Number(v.leagueId),
        homeTeam: v.homeTeam,
        awayTeam: v.awayTeam,
        homeTeamColor: v.homeTeamColor,
        awayTeamColor: v.awayTeamColor,
        gameDate: v.gameDate,
        week: v.week || undefined,
        status: 'scheduled',
        homeScore: 0,
        awayScore: 0,
        quarter: 0,
      },
      {
        onSuccess: () => {
          toast.success('Game created successfully', { description: 'Its five pools were created as drafts.' })
          form.reset({ ...empty, leagueId: v.leagueId })
        },
        onError: (err) => toast.error('Failed to create game', { description: errorMessage(err, 'Please try again.') }),
      },
    ),
  )
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_1.4fr]">
      <Card>
        <CardHeader>
          <CardTitle>Create game</CardTitle>
        </CardHeader>
        <CardContent>
          <form onSubmit={onSubmit} className="grid gap-4" noValidate>
            <Field id="game-league" label="League" error={fields?.leagueId}>
              <NativeSelect {...form.register('leagueId')}>
                <option value="">Select a league</option>
                {(leagues.data ?? []).map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.displayName || l.name}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <div className="grid gap-4 sm:grid-cols-[1fr_auto]">
              <Field id="game-home" label="Home Team" error={fields?.homeTeam}>
                <Input {...form.register('homeTeam')} placeholder="Buffalo Bills" />
              </Field>
              <Field id="game-home-color" label="Home colour">
                <Input type="color" {...form.register('homeTeamColor')} className="h-10 w-full p-1 sm:w-16" />
              </Field>
              <Field id="game-away" label="Away Team" error={fields?.awayTeam}>
                <Input {...form.register('awayTeam')} placeholder="Kansas City Chiefs" />
              </Field>
              <Field id="game-away-color" label="Away colour">
                <Input type="color" {...form.register('awayTeamColor')} className="h-10 w-full p-1 sm:w-16" />
              </Field>
            </div>
            <Field id="game-date" label="Game Date" hint="Eastern time" error={fields?.gameDate}>
              <Input type="datetime-local" {...form.register('gameDate')} />
            </Field>
            <Field id="game-week" label="Week" optional hint="NFL: HOF, PS1-PS4, W1-W18, WC, DIV, CONF, SB" error={fields?.week}>
              <Input {...form.register('week')} list="game-week-options" placeholder="W12" autoComplete="off" />
            </Field>
            <datalist id="game-week-options">
              {WEEK_OPTIONS.map((w) => (
                <option key={w} value={w} />
              ))}
            </datalist>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Creating...' : 'Create Game'}
            </Button>
          </form>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Games</CardTitle>
          <CardDescription>{list.length} {list.length === 1 ? 'game' : 'games'}, latest kickoff first. Times Eastern.</CardDescription>
        </CardHeader>
        <CardContent>
          {games.isLoading ? (
            <Skeleton className="h-24" aria-label="Loading games" />
          ) : games.isError && !games.data ? (
            <p role="alert" className="text-sm text-destructive">
              Couldn't load the games.
            </p>
          ) : list.length === 0 ? (
            <p className="text-sm text-muted-foreground">No games yet.</p>
          ) : (
            <ul className="max-h-[28rem] divide-y overflow-y-auto pr-1" tabIndex={0} aria-label="Games">
              {list.map((g) => (
                <li key={g.id} data-testid="game" className="flex flex-wrap items-center justify-between gap-2 py-2.5">
                  <div className="min-w-0">
                    <div className="font-semibold">{gameLabel(g)}</div>
                    <div className="text-xs text-muted-foreground">
                      {formatDateTimeET(g.gameDate)}
                      {g.week ? ` · ${g.week}` : ''}
                      {g.homeScore != null && g.awayScore != null
                        ? ` · ${teamNickname(g.awayTeam)} ${g.awayScore}, ${teamNickname(g.homeTeam)} ${g.homeScore}`
                        : ''}
                    </div>
                  </div>
                  <Badge variant="outline" className="capitalize">
                    {g.status}
                  </Badge>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  )
}
