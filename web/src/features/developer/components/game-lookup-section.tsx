import { useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { z } from 'zod'
import { History, Search } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { formatDateTimeET } from '@/lib/dates'
import { useGameDetails, useHistoricalGames, type GameDetails } from '../api/score-feed-api'
import type { RecordCall } from '../api/logged-call'
import { CallErrorAlert, TestSection } from './test-section'

// The spec's check: the lookup needs a game id.
const lookupSchema = z.object({ gameId: z.string().refine((v) => v.trim() !== '', { error: 'Please enter a game ID' }) })
const seasonSchema = z.object({ season: z.string() })

const TONE = { LIVE: 'live', COMPLETED: 'completed', SCHEDULED: 'scheduled' } as const

/** One game: teams, status, score and the end score of each period it has ended. */
export function GameCard({ game }: { game: GameDetails }) {
  return (
    <div className="grid gap-1.5 rounded-lg border p-3 text-sm" data-testid={`game-${game.id}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold">
          {game.awayTeam} @ {game.homeTeam}
        </span>
        <Badge variant={TONE[game.displayStatus] ?? 'muted'}>{game.displayStatus}</Badge>
      </div>
      <p className="text-xs text-muted-foreground">
        Game {game.id} · {formatDateTimeET(game.gameDate)}
        {game.week ? ` · ${game.week}` : ''}
      </p>
      <p className="font-mono">
        {game.homeScore === null ? 'No score yet' : `Away ${game.awayScore} - Home ${game.homeScore}${game.quarter ? ` · Q${game.quarter}` : ''}`}
      </p>
      {game.periods.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label={`Periods of game ${game.id}`}>
          {game.periods.map((p) => (
            <li key={p.period} className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs">
              {p.periodLabel} {p.awayScore}-{p.homeScore}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

/** A game's details by id, and a season's completed games. */
export function GameLookupSection({ record }: { record: RecordCall }) {
  const details = useGameDetails(record)
  const history = useHistoricalGames(record)
  const lookup = useForm<z.infer<typeof lookupSchema>>({ resolver: zodResolver(lookupSchema), defaultValues: { gameId: '' }, reValidateMode: 'onSubmit' })
  const seasons = useForm<z.infer<typeof seasonSchema>>({
    resolver: zodResolver(seasonSchema),
    defaultValues: { season: String(new Date().getFullYear() - (new Date().getMonth() < 7 ? 1 : 0)) },
  })
  const season = useWatch({ control: seasons.control, name: 'season' })
  const gameError = lookup.formState.errors.gameId?.message

  const lookUp = lookup.handleSubmit((v) => details.mutate(v.gameId))
  const listSeason = seasons.handleSubmit((v) => history.mutate(v.season))

  return (
    <TestSection
      id="game-lookup"
      step={3}
      title="Look up games"
      description="A game with the end score of each period, or every completed game of a season."
      endpoints={['GET /api/game-details/{id}', 'GET /api/historical-games/{season}']}
    >
      <form noValidate onSubmit={lookUp} className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end" aria-label="Game details">
        <Field id="details-game-id" label="Game ID" error={gameError}>
          <Input inputMode="numeric" {...lookup.register('gameId')} />
        </Field>
        <Button type="submit" variant="secondary" disabled={details.isPending}>
          {details.isPending ? <Spinner label="Looking up" /> : <Search aria-hidden="true" />} Game details
        </Button>
      </form>
      {details.isSuccess && <GameCard game={details.data} />}
      {details.isError && <CallErrorAlert error={details.error} fallback="The game could not be loaded." />}

      <form noValidate onSubmit={listSeason} className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end" aria-label="Historical games">
        <Field id="history-season" label="Season">
          <Input inputMode="numeric" {...seasons.register('season')} />
        </Field>
        <Button type="submit" variant="secondary" disabled={history.isPending}>
          {history.isPending ? <Spinner label="Loading the season" /> : <History aria-hidden="true" />} Completed games
        </Button>
      </form>
      {history.isSuccess &&
        (history.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No completed game in season {season.trim()}.</p>
        ) : (
          <div className="grid max-h-96 gap-2 overflow-y-auto" aria-label={`Completed games of ${season.trim()}`} role="region">
            <p className="text-xs text-muted-foreground">
              {history.data.length} completed game{history.data.length === 1 ? '' : 's'}
            </p>
            {history.data.map((g) => (
              <GameCard key={g.id} game={g} />
            ))}
          </div>
        ))}
      {history.isError && <CallErrorAlert error={history.error} fallback="The season could not be loaded." />}
    </TestSection>
  )
}
