import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'
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
  const [gameId, setGameId] = useState('')
  const [home, setHome] = useState('0')
  const [away, setAway] = useState('0')
  const [quarter, setQuarter] = useState('1')
  const [status, setStatus] = useState('live')
  const [correction, setCorrection] = useState(false)
  const game = open.find((g) => String(g.id) === gameId)
  const fields = enter.error instanceof ApiError ? enter.error.fields : undefined

  const pick = (id: string) => {
    setGameId(id)
    const g = open.find((x) => String(x.id) === id)
    setHome(String(g?.homeScore ?? 0))
    setAway(String(g?.awayScore ?? 0))
    setQuarter(String(Math.max(1, g?.quarter ?? 1)))
    enter.reset()
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    if (!game) return
    enter.mutate(
      { gameId: game.id, homeScore: Number(home), awayScore: Number(away), quarter: Number(quarter), status, correction },
      {
        onSuccess: (res) => {
          const ended = (res.endedPeriods ?? []).map((p) => p.periodLabel).join(', ')
          toast.success(res.changed ? 'Score updated' : 'No change', {
            description: `${teamNickname(game.awayTeam)} ${res.game?.awayScore ?? away} @ ${teamNickname(game.homeTeam)} ${res.game?.homeScore ?? home}${ended ? ` · ended: ${ended}` : ''}`,
          })
          setCorrection(false)
        },
        onError: (err) => toast.error('Score update refused', { description: errorMessage(err, 'Please try again.') }),
      },
    )
  }

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
            <NativeSelect value={gameId} onChange={(e) => pick(e.target.value)} disabled={games.isLoading}>
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
              <Input type="number" inputMode="numeric" min={0} value={away} onChange={(e) => setAway(e.target.value)} />
            </Field>
            <Field id="score-home" label={game ? `${game.homeTeam} (home)` : 'Home score'} error={fields?.homeScore}>
              <Input type="number" inputMode="numeric" min={0} value={home} onChange={(e) => setHome(e.target.value)} />
            </Field>
            <Field id="score-quarter" label="Quarter" error={fields?.quarter}>
              <NativeSelect value={quarter} onChange={(e) => setQuarter(e.target.value)}>
                {QUARTERS.map(([v, l]) => (
                  <option key={v} value={v}>
                    {l}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field id="score-status" label="Status" error={fields?.status}>
              <NativeSelect value={status} onChange={(e) => setStatus(e.target.value)}>
                {STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {s === 'ht' ? 'Halftime' : s[0].toUpperCase() + s.slice(1)}
                  </option>
                ))}
              </NativeSelect>
            </Field>
          </div>
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" className="mt-0.5 size-4" checked={correction} onChange={(e) => setCorrection(e.target.checked)} />
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
