import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Calculator } from 'lucide-react'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { ApiError } from '@/lib/api'
import { useScoreCalculation, type ScoreCalculation } from '../api/score-feed-api'
import type { RecordCall } from '../api/logged-call'
import { calculationSchema, checkCalculation, type CalculationValues } from '../hooks/score-forms'
import { CallErrorAlert, ResultList, TestSection } from './test-section'

function Result({ r }: { r: ScoreCalculation }) {
  if (!r.numbersGenerated)
    return (
      <Alert variant="warning">
        <Calculator aria-hidden="true" />
        <AlertTitle>No digits drawn yet</AlertTitle>
        <AlertDescription>{r.message}</AlertDescription>
      </Alert>
    )
  return (
    <ResultList
      label="Winning square"
      items={[
        { label: 'Digits', value: `away ${r.awayDigit}, home ${r.homeDigit}`, testId: 'calc-digits' },
        { label: 'Square', value: `row ${(r.row ?? 0) + 1}, column ${(r.column ?? 0) + 1}`, testId: 'calc-square' },
        { label: 'Owner', value: r.owned ? (r.isHouse ? 'House' : `${r.firstName} (user ${r.userId})`) : 'Nobody', testId: 'calc-owner' },
      ]}
    />
  )
}

/** Which square of a pool a score would make the winner (POST /api/test-score-calculation); nothing is recorded. */
export function ScoreCalculationSection({ record }: { record: RecordCall }) {
  const calc = useScoreCalculation(record)
  const form = useForm<CalculationValues>({
    resolver: zodResolver(calculationSchema),
    defaultValues: { poolId: '', awayScore: '', homeScore: '' },
    reValidateMode: 'onSubmit',
  })
  const { errors } = form.formState

  const submit = form.handleSubmit((values) => {
    const checked = checkCalculation(values)
    if ('errors' in checked) return
    calc.mutate(checked.body, {
      onError: (err) => {
        if (err instanceof ApiError && err.fields) for (const [k, message] of Object.entries(err.fields)) form.setError(k as keyof CalculationValues, { message })
      },
    })
  })

  return (
    <TestSection
      id="score-calculation"
      step={4}
      title="Which square would win?"
      description="The winner rule: the row of the away score's last digit, the column of the home score's, among the pool's drawn digits."
      endpoints={['POST /api/test-score-calculation']}
    >
      <form noValidate onSubmit={submit} className="grid gap-3 sm:grid-cols-3" aria-label="Score calculation">
        <Field id="calc-pool" label="Pool ID" error={errors.poolId?.message}>
          <Input inputMode="numeric" {...form.register('poolId')} />
        </Field>
        <Field id="calc-away" label="Away score" error={errors.awayScore?.message}>
          <Input inputMode="numeric" {...form.register('awayScore')} />
        </Field>
        <Field id="calc-home" label="Home score" error={errors.homeScore?.message}>
          <Input inputMode="numeric" {...form.register('homeScore')} />
        </Field>
        <div className="sm:col-span-3">
          <Button type="submit" variant="secondary" disabled={calc.isPending}>
            {calc.isPending ? <Spinner label="Calculating" /> : <Calculator aria-hidden="true" />} Find the winning square
          </Button>
        </div>
      </form>
      {calc.isSuccess && <Result r={calc.data} />}
      {calc.isError && <CallErrorAlert error={calc.error} fallback="The calculation failed." shownFields={Object.keys(errors)} />}
    </TestSection>
  )
}
