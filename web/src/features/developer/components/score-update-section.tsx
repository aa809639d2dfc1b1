import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Send } from 'lucide-react'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import { Spinner } from '@/components/ui/spinner'
import { ApiError } from '@/lib/api'
import { useSimulateScore, type GameDetails } from '../api/score-feed-api'
import type { RecordCall } from '../api/logged-call'
import { SCORE_STATUSES, checkScoreUpdate, scoreUpdateSchema, type ScoreUpdateValues } from '../hooks/score-forms'
import { AdminsOnly } from './feed-status-section'
import { LiveGamesList } from './live-games-list'
import { CallErrorAlert, TestSection } from './test-section'
import type { ScoreUpdate as UpdateAnswer } from '@/lib/api.gen'


const EMPTY: ScoreUpdateValues = { gameId: '', awayScore: '', homeScore: '', quarter: '1', status: 'live' }

function Answer({ a }: { a: UpdateAnswer }) {
  const ended = a.endedPeriods ?? []
  const winners = a.winners ?? []
  return (
    <Alert variant="success">
      <Send aria-hidden="true" />
      <AlertTitle>{a.changed ? 'Score updated' : 'Nothing changed (the same update was applied before)'}</AlertTitle>
      <AlertDescription>
        {a.game && (
          <p data-testid="update-game">
            Now away {a.game.awayScore ?? 0} - home {a.game.homeScore ?? 0}, quarter {a.game.quarter}, {a.game.status}.
          </p>
        )}
        {ended.length > 0 && <p>Ended: {ended.map((p) => `${p.periodLabel} ${p.awayScore}-${p.homeScore}`).join(', ')}.</p>}
        {winners.length > 0 && <p>Winners: {winners.map((w) => `${w.periodLabel} ${w.firstName} ($${w.amount})`).join(', ')}.</p>}
      </AlertDescription>
    </Alert>
  )
}

/** A manual score update through POST /api/simulate-score-update, with the live games to pick from. */
export function ScoreUpdateSection({ record, isAdmin }: { record: RecordCall; isAdmin: boolean }) {
  const send = useSimulateScore(record)
  const form = useForm<ScoreUpdateValues>({ resolver: zodResolver(scoreUpdateSchema), defaultValues: EMPTY, reValidateMode: 'onSubmit' })
  const { errors } = form.formState

  const pick = (g: GameDetails) =>
    form.reset({ gameId: String(g.id), awayScore: String(g.awayScore ?? 0), homeScore: String(g.homeScore ?? 0), quarter: String(g.quarter || 1), status: 'live' })

  const submit = form.handleSubmit((values) => {
    const checked = checkScoreUpdate(values)
    if ('errors' in checked) return
    send.mutate(checked.body, {
      onError: (err) => {
        if (err instanceof ApiError && err.fields) for (const [k, message] of Object.entries(err.fields)) form.setError(k as keyof ScoreUpdateValues, { message })
      },
    })
  })

  return (
    <TestSection
      id="score-update"
      step={2}
      title="Send a manual score update"
      description="Scores are running totals; the quarter is the one in play (5 is overtime). A later quarter ends the one before; ft ends the game."
      endpoints={['POST /api/simulate-score-update', 'GET /api/live-games']}
    >
      <LiveGamesList actionLabel="Use" onPick={isAdmin ? pick : undefined} />
      {!isAdmin ? (
        <AdminsOnly />
      ) : (
        <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Manual score update">
          <div className="grid gap-3 sm:grid-cols-2">
            <Field id="update-game-id" label="Game ID" error={errors.gameId?.message}>
              <Input inputMode="numeric" {...form.register('gameId')} />
            </Field>
            <Field id="update-status" label="Status">
              <NativeSelect {...form.register('status')}>
                {SCORE_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field id="update-away" label="Away score" error={errors.awayScore?.message}>
              <Input inputMode="numeric" {...form.register('awayScore')} />
            </Field>
            <Field id="update-home" label="Home score" error={errors.homeScore?.message}>
              <Input inputMode="numeric" {...form.register('homeScore')} />
            </Field>
            <Field id="update-quarter" label="Quarter" error={errors.quarter?.message}>
              <Input inputMode="numeric" {...form.register('quarter')} />
            </Field>
          </div>
          <div>
            <Button type="submit" disabled={send.isPending}>
              {send.isPending ? <Spinner label="Sending" /> : <Send aria-hidden="true" />}
              Send score update
            </Button>
          </div>
        </form>
      )}
      {send.isSuccess && send.data && <Answer a={send.data} />}
      {send.isError && <CallErrorAlert error={send.error} fallback="The score update failed." shownFields={Object.keys(errors)} />}
    </TestSection>
  )
}
