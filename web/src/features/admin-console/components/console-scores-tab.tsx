import { useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { z } from 'zod'
import { toast } from '@/lib/toast'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import { ApiError, errorMessage } from '@/lib/api'
import { gameLabel, teamNickname } from '@/lib/game-label'
import { useConsoleGames, useEnterScore } from '../api/console-api'

const STATUSES = ['scheduled', 'live', 'ht', 'completed', 'postponed', 'cancelled']
const QUARTERS = [
  ['1', 'Q1'],
  ['2', 'Q2'],
  ['3', 'Q3'],
  ['4', 'Q4'],
  ['5', 'Overtime'],
]

// The server checks the score against the game (its answer's field errors show under the fields).
const schema = z.object({
  gameId: z.string(),
  home: z.string(),
  away: z.string(),
  quarter: z.string(),
  status: z.string(),
  correction: z.boolean(),
})
type Values = z.infer<typeof schema>

/**
 * Score entry (the manual feed): an operator without a feed runs game day from here. Scores are running
 * totals; a period ends when a later one is entered, at halftime, or at the final; a lower score than the
 * game's is refused unless marked as a correction.
 */
export function ConsoleScoresTab() {
  const games = useConsoleGames()
  const enter = useEnterScore()
  const open = [...(games.data ?? [])]
    .filter((g) => !['completed', 'cancelled'].includes(g.status.toLowerCase()))
    .sort((a, b) => a.gameDate.localeCompare(b.gameDate))
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { gameId: '', home: '0', away: '0', quarter: '1', status: 'live', correction: false },
  })
  const gameId = useWatch({ control: form.control, name: 'gameId' })
  const game = open.find((g) => String(g.id) === gameId)
  const fields = enter.error instanceof ApiError ? enter.error.fields : undefined
  // Choosing a game starts from its score and quarter.
  const pick = (id: string) => {
    const g = open.find((x) => String(x.id) === id)
    form.setValue('home', String(g?.homeScore ?? 0))
    form.setValue('away', String(g?.awayScore ?? 0))
    form.setValue('quarter', String(Math.max(1, g?.quarter ?? 1)))
    enter.reset()
  }
  const onSubmit = form.handleSubmit((v) => {
    if (!game) return
    enter.mutate(
      { gameId: game.id, homeScore: Number(v.home), awayScore: Number(v.away), quarter: Number(v.quarter), status: v.status, correction: v.correction },
      {
        onSuccess: (res) => {
          const ended = (res.endedPeriods ?? []).map((p) => p.periodLabel).join(', ')
          toast.success(res.changed ? 'Score updated' : 'No change', {
            description: `${teamNickname(game.awayTeam)} ${res.game?.awayScore ?? v.away} @ ${teamNickname(game.homeTeam)} ${res.game?.homeScore ?? v.home}${ended ? ` · ended: ${ended}` : ''}`,
          })
          form.setValue('correction', false)
        },
        onError: (err) => toast.error('Score update refused', { description: errorMessage(err, 'Please try again.') }),
      },
    )
  })
  return (
    <Card>
      <CardHeader>
        <CardTitle>Score entry</CardTitle>
        <CardDescription>
          Enter the running score of a game: winners are recorded and prizes credited as each period ends.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} className="grid max-w-2xl gap-4" noValidate>
          <Field id="score-game" label="Game">
            <NativeSelect {...form.register('gameId', { onChange: (e: { target: { value: string } }) => pick(e.target.value) })} disabled={games.isLoading}>
              <option value="">{open.length === 0 && !games.isLoading ? 'No game to score' : 'Select a game'}</option>
              {open.map((g) => (
                <option key={g.id} value={g.id}>
                  {gameLabel(g)}
                  {g.week ? ` · ${g.week}` : ''}
                </option>
              ))}
            </NativeSelect>
          </Field>
          {game && (
            <p className="text-sm text-muted-foreground" aria-live="polite">
              Now: {teamNickname(game.awayTeam)} {game.awayScore ?? 0} @ {teamNickname(game.homeTeam)} {game.homeScore ?? 0}, {game.status}
              {game.quarter ? `, quarter ${game.quarter}` : ''}
            </p>
          )}
          <div className="grid grid-cols-2 items-end gap-4 sm:grid-cols-4">
            <Field id="score-away" label={game ? `${game.awayTeam} (away)` : 'Away score'} error={fields?.awayScore}>
              <Input type="number" inputMode="numeric" min={0} {...form.register('away')} />
            </Field>
            <Field id="score-home" label={game ? `${game.homeTeam} (home)` : 'Home score'} error={fields?.homeScore}>
              <Input type="number" inputMode="numeric" min={0} {...form.register('home')} />
            </Field>
            <Field id="score-quarter" label="Quarter" error={fields?.quarter}>
              <NativeSelect {...form.register('quarter')}>
                {QUARTERS.map(([v, l]) => (
                  <option key={v} value={v}>
                    {l}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field id="score-status" label="Status" error={fields?.status}>
              <NativeSelect {...form.register('status')}>
                {STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {s === 'ht' ? 'Halftime' : s[0].toUpperCase() + s.slice(1)}
                  </option>
                ))}
              </NativeSelect>
            </Field>
          </div>
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" className="mt-0.5 size-4" {...form.register('correction')} />
            <span>
              Correction: allow a lower score than the game's (never below a period that has ended).
            </span>
          </label>
          <div>
            <Button type="submit" disabled={!game || enter.isPending}>
              {enter.isPending ? 'Saving...' : 'Save Score'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  )
}
