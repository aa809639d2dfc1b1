import { useId } from 'react'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import { formatCents } from '@/lib/money'
import { gridShape, MAX_REVERSE_PERCENT, payingPeriodLabel, periodShares, reverseShare, sameRules, type Rules } from '@/lib/rules'
import { cn } from '@/lib/utils'
import { valuesSum, valuesToRules, type RulesErrors, type RulesValues } from './rules-form'

const GRIDS = [
  { value: '100', hint: '10 x 10, one digit a row and column' },
  { value: '50', hint: '10 x 5, two home digits a column' },
  { value: '25', hint: '5 x 5, two digits a row and column' },
] as const

function Choice({ name, value, checked, onChange, children }: { name: string; value: string; checked: boolean; onChange: () => void; children: React.ReactNode }) {
  return (
    <label
      className={cn(
        'flex min-w-0 cursor-pointer gap-2 rounded-lg border p-2.5 text-sm has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50',
        checked ? 'border-emerald-600 bg-emerald-50' : 'hover:bg-muted/60',
      )}
    >
      <input type="radio" name={name} value={value} checked={checked} onChange={onChange} className="mt-0.5 accent-emerald-700" />
      <span className="min-w-0">{children}</span>
    </label>
  )
}

function FieldError({ id, text }: { id: string; text?: string }) {
  return text ? (
    <p id={id} className="text-sm font-medium text-destructive">
      {text}
    </p>
  ) : null
}

/**
 * The "Rules" section of the private pool form: a preset, or the rules edited one by one (each period's
 * percent, reverse, every score, the numbers, a board not full), with the grid's size, the pot and each prize
 * it gives at the entry fee, and the sum, which must be 100.
 */
export function RulesFields({
  value,
  onChange,
  errors,
  leagueId,
  feeCents,
  presets,
}: {
  value: RulesValues
  onChange: (v: RulesValues) => void
  errors: RulesErrors
  leagueId: number | null | undefined
  /** The entry fee in cents, or null while it is not a valid amount. */
  feeCents: number | null
  presets: { name: string; rules: Rules }[]
}) {
  const id = useId()
  const rules = valuesToRules(value, leagueId)
  // A preset is a split of the prize (payouts, reverse, every score); the grid, numbers and board-not-full stay.
  const preset = presets.find((p) => sameRules({ ...p.rules, grid: rules.grid, numbers: rules.numbers, unfilled: rules.unfilled }, rules))
  const set = (patch: Partial<RulesValues>) => onChange({ ...value, ...patch })
  const sum = valuesSum(value)
  const squares = Number(value.grid)
  const pot = feeCents === null ? null : feeCents * squares
  const shares = pot === null ? null : periodShares(pot, rules)
  const payoutsError = errors['rules.payouts']
  return (
    <fieldset className="grid gap-4 rounded-xl border p-3 sm:p-4" aria-describedby={`${id}-sum`}>
      <legend className="px-1 text-base font-bold">Rules</legend>

      <Field id="pp-schedule" label="Payout Schedule" hint="A preset split of the prize, or Custom: set each share below.">
        <NativeSelect
          value={preset ? presetValue(preset.rules, preset.name) : 'custom'}
          onChange={(e) => {
            const chosen = presets.find((p) => presetValue(p.rules, p.name) === e.target.value)
            if (chosen) onChange(rulesValuesOf(chosen.rules, value))
          }}
        >
          {presets.map((p) => (
            <option key={p.name} value={presetValue(p.rules, p.name)}>
              {presetLabel(p.rules, p.name)}
            </option>
          ))}
          <option value="custom">Custom</option>
        </NativeSelect>
      </Field>

      <fieldset className="grid gap-2">
        <legend className="mb-1.5 text-sm font-semibold">Grid size</legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {GRIDS.map((g) => {
            const shape = gridShape(Number(g.value))
            return (
              <Choice key={g.value} name={`${id}-grid`} value={g.value} checked={value.grid === g.value} onChange={() => set({ grid: g.value })}>
                <span className="block font-semibold">{g.value} squares</span>
                <span className="block text-xs text-muted-foreground">
                  {g.hint}
                  {feeCents !== null && ` · pot ${formatCents(feeCents * shape.rows * shape.columns)}`}
                </span>
              </Choice>
            )
          })}
        </div>
        <FieldError id={`${id}-grid-error`} text={errors['rules.grid']} />
      </fieldset>

      <fieldset className="grid gap-2" aria-describedby={payoutsError ? `${id}-payouts-error` : undefined}>
        <legend className="mb-1.5 text-sm font-semibold">Payout per period (% of the prize pool)</legend>
        <div className="grid grid-cols-3 gap-2 sm:grid-cols-5">
          {Object.keys(value.payouts).map((period) => (
            <label key={period} className="grid gap-1 text-xs font-semibold">
              {payingPeriodLabel(period)}
              <Input
                type="number"
                inputMode="numeric"
                min={0}
                max={100}
                step={1}
                value={value.payouts[period]}
                aria-invalid={payoutsError ? true : undefined}
                onChange={(e) => set({ payouts: { ...value.payouts, [period]: e.target.value } })}
              />
            </label>
          ))}
        </div>
        <p className="text-xs text-muted-foreground">0 for a period that pays nothing; the final always pays and takes every rounding remainder.</p>
      </fieldset>

      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-1 text-sm font-semibold">
          <label htmlFor={`${id}-reverse`}>Reverse winner (% of each period’s prize)</label>
          <Input
            id={`${id}-reverse`}
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_REVERSE_PERCENT}
            step={1}
            value={value.reversePercent}
            aria-invalid={errors['rules.reversePercent'] ? true : undefined}
            aria-describedby={`${id}-reverse-hint`}
            onChange={(e) => set({ reversePercent: e.target.value })}
          />
          <span id={`${id}-reverse-hint`} className="text-xs font-normal text-muted-foreground">
            0 to 50: the square of the score turned around (home digit by row, away by column).
          </span>
          <FieldError id={`${id}-reverse-error`} text={errors['rules.reversePercent']} />
        </div>
        <div className="grid gap-1 text-sm font-semibold">
          <label htmlFor={`${id}-every`}>Every score pays (% of the prize pool)</label>
          <Input
            id={`${id}-every`}
            type="number"
            inputMode="numeric"
            min={0}
            max={100}
            step={1}
            value={value.everyScorePercent}
            aria-invalid={errors['rules.everyScorePercent'] ? true : undefined}
            aria-describedby={`${id}-every-hint`}
            onChange={(e) => set({ everyScorePercent: e.target.value })}
          />
          <span id={`${id}-every-hint`} className="text-xs font-normal text-muted-foreground">
            Split equally among the changes of the score; 0 to turn it off.
          </span>
          <FieldError id={`${id}-every-error`} text={errors['rules.everyScorePercent']} />
        </div>
      </div>

      <div
        id={`${id}-sum`}
        role="status"
        className={cn('rounded-lg px-3 py-2 text-sm font-semibold', sum === 100 ? 'bg-emerald-50 text-emerald-900' : 'bg-amber-50 text-amber-900')}
        data-testid="rules-sum"
      >
        {Number.isNaN(sum) ? 'Percents must be whole numbers.' : sum === 100 ? 'Total: 100%' : `Total: ${sum}%: it must be 100%.`}
      </div>
      <FieldError id={`${id}-payouts-error`} text={payoutsError} />

      <fieldset className="grid gap-2">
        <legend className="mb-1.5 text-sm font-semibold">Numbers</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          <Choice name={`${id}-numbers`} value="once" checked={value.numbers === 'once'} onChange={() => set({ numbers: 'once' })}>
            Drawn once
          </Choice>
          <Choice name={`${id}-numbers`} value="per-period" checked={value.numbers === 'per-period'} onChange={() => set({ numbers: 'per-period' })}>
            New numbers each period
          </Choice>
        </div>
        <FieldError id={`${id}-numbers-error`} text={errors['rules.numbers']} />
      </fieldset>

      <fieldset className="grid gap-2">
        <legend className="mb-1.5 text-sm font-semibold">If the board is not full</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          <Choice name={`${id}-unfilled`} value="cancel" checked={value.unfilled === 'cancel'} onChange={() => set({ unfilled: 'cancel' })}>
            Cancel the pool and return every payment
          </Choice>
          <Choice name={`${id}-unfilled`} value="play" checked={value.unfilled === 'play'} onChange={() => set({ unfilled: 'play' })}>
            Play it as it stands
          </Choice>
        </div>
        <FieldError id={`${id}-unfilled-error`} text={errors['rules.unfilled']} />
      </fieldset>

      {shares && pot !== null && sum === 100 && (
        <div className="rounded-lg bg-muted/60 p-3 text-sm" data-testid="rules-prizes">
          <p className="font-semibold">
            {pot === 0
              ? `A free pool of ${squares} squares: bragging rights only.`
              : `Pot ${formatCents(pot)} (${squares} squares x ${formatCents(feeCents!)}), no house fee. A full board pays:`}
          </p>
          {pot > 0 && (
            <ul className="mt-1 grid gap-0.5" aria-label="Prizes of a full board">
              {shares.periods.map((p) => {
                const reverse = reverseShare(p.amount, rules.reversePercent)
                return (
                  <li key={p.period}>
                    {p.label}: {formatCents(p.amount)}
                    {reverse > 0 && ` (${formatCents(p.amount - reverse)} winner, ${formatCents(reverse)} reverse)`}
                  </li>
                )
              })}
              {rules.everyScorePercent > 0 && <li>Every score: {formatCents(shares.everyScore)} split among the changes of the score</li>}
            </ul>
          )}
        </div>
      )}
    </fieldset>
  )
}

/**
 * A preset's value in the select: today's schedule ("25/25/25/25", "20/30/20/30", "50/50", "40/60") for a
 * preset that is only a schedule, as the form offered before rules, else its name.
 */
function presetValue(r: Rules, name: string): string {
  const plain = r.reversePercent === 0 && r.everyScorePercent === 0
  return plain ? r.payouts.map((p) => p.percent).join('/') : name
}

/** "Standard (25/25/25/25)", "20/30/20/30", "Every score", "Reverse". */
function presetLabel(r: Rules, name: string): string {
  const schedule = presetValue(r, name)
  return schedule === name ? name : `${name} (${schedule})`
}

/** A preset's rules as the form's values, keeping the grid, numbers and board-not-full choices already made. */
function rulesValuesOf(r: Rules, current: RulesValues): RulesValues {
  const payouts: Record<string, string> = {}
  for (const p of Object.keys(current.payouts)) payouts[p] = String(r.payouts.find((x) => x.period === p)?.percent ?? 0)
  return {
    ...current,
    payouts,
    reversePercent: String(r.reversePercent),
    everyScorePercent: String(r.everyScorePercent),
  }
}
