import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { z } from 'zod'
import { Plus, X } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import { Spinner } from '@/components/ui/spinner'
import { formatDateTimeET } from '@/lib/dates'
import { LEAGUE_NCAAB } from '@/lib/periods'
import { builtInPresets, halvesLeague } from '@/lib/rules'
import type { Game } from '@/lib/types'
import { useRulesPresets, type CreatePrivatePoolInput } from '../api/private-pools-api'
import { CollectionFields } from './collection-fields'
import { RulesFields } from './rules-fields'
import { defaultRulesValues, legacySchedule, validateRules, valuesToRules, type RulesErrors, type RulesValues } from './rules-form'
import {
  DEFAULT_VALUES,
  defaultPayBy,
  dollars,
  fromLocalInput,
  NO_LIMITS,
  toLocalInput,
  validate,
  validEmail,
  type FieldErrors,
  type FieldKey,
  type HostLimits,
} from './private-pool-form-rules'

/** The fee field's hint: what this player may charge. */
function feeHint(limits: HostLimits): string {
  if (!limits.paidAllowed) return 'Free only: paid pools are not available where you live.'
  return `0 for a free pool; up to ${dollars(limits.maxFeeCents ?? 100_000)} a square.`
}

/** The form's values: the pool's, and the address being typed into Invite by Email. */
type Values = z.infer<ReturnType<typeof formSchema>>

/** An address typed but not added yet is invited too. */
function withTyped(v: Values): string[] {
  const typed = v.email.trim().toLowerCase()
  return typed && !v.inviteEmails.includes(typed) ? [...v.inviteEmails, typed] : v.inviteEmails
}

/** The form's rules (private-pool-form-rules validate, with the server's limits) as a zod schema. */
function formSchema(limits: HostLimits, games: Game[]) {
  return z
    .object({
      gameId: z.string(),
      name: z.string(),
      entryFee: z.string(),
      maxSquaresPerPlayer: z.string(),
      inviteEmails: z.array(z.string()),
      payoutSchedule: z.string(),
      collection: z.enum(['card', 'host']),
      paymentInstructions: z.string(),
      payBy: z.string(),
      email: z.string(),
      rules: z.object({
        grid: z.enum(['100', '50', '25']),
        numbers: z.enum(['once', 'per-period']),
        unfilled: z.enum(['cancel', 'play']),
        payouts: z.record(z.string(), z.string()),
        reversePercent: z.string(),
        everyScorePercent: z.string(),
      }),
    })
    .superRefine((v, ctx) => {
      const game = games.find((g) => String(g.id) === v.gameId)
      for (const [path, message] of Object.entries(validate({ ...v, inviteEmails: withTyped(v) }, limits, game?.gameDate))) {
        ctx.addIssue({ code: 'custom', path: [path], message })
      }
      // The rules as the server checks them: errors named as the API names them ("rules.payouts").
      for (const [path, message] of Object.entries(validateRules(v.rules, game?.leagueId))) {
        ctx.addIssue({ code: 'custom', path: path.split('.'), message })
      }
    })
}

export function PrivatePoolForm({
  games,
  pending,
  serverErrors,
  limits = NO_LIMITS,
  onSubmit,
}: {
  games: Game[]
  pending: boolean
  serverErrors?: FieldErrors
  /** The server's fee cap and whether this player may host a paid pool. */
  limits?: HostLimits
  onSubmit: (input: CreatePrivatePoolInput) => void
}) {
  const schema = useMemo(() => formSchema(limits, games), [limits, games])
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    // A player who may not host a paid pool starts from a free one.
    defaultValues: {
      ...DEFAULT_VALUES,
      entryFee: limits.paidAllowed ? DEFAULT_VALUES.entryFee : '0',
      email: '',
      rules: defaultRulesValues(undefined),
    },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  })
  const { errors } = form.formState
  const shown: FieldErrors = { ...serverErrors }
  const keys: FieldKey[] = ['gameId', 'name', 'entryFee', 'maxSquaresPerPlayer', 'inviteEmails', 'payoutSchedule', 'collection', 'paymentInstructions', 'payBy']
  for (const key of keys) {
    if (errors[key]?.message) shown[key] = errors[key].message
  }
  // What became of the last address added (not valid, already listed); typing clears it.
  const [emailNote, setEmailNote] = useState<string | undefined>()
  const [gameId, inviteEmails, collection, instructions, payBy, entryFee, rulesValues] = useWatch({
    control: form.control,
    name: ['gameId', 'inviteEmails', 'collection', 'paymentInstructions', 'payBy', 'entryFee', 'rules'],
  })
  const game = games.find((g) => String(g.id) === gameId)
  const leagueId = game?.leagueId
  const presets = useRulesPresets(leagueId)
  // The server's presets for the chosen game's league; the same built in until a game is chosen or if they cannot be read.
  const presetList = presets.data?.length ? presets.data : builtInPresets(leagueId)
  // Halves and quarters pay different periods: a game of the other kind starts from its league's standard rules.
  const halves = halvesLeague(leagueId)
  const rulesHalves = useRef(false)
  useEffect(() => {
    if (halves === rulesHalves.current) return
    rulesHalves.current = halves
    form.setValue('rules', defaultRulesValues(halves ? LEAGUE_NCAAB : undefined))
  }, [form, halves])
  const fee = Number(entryFee)
  const feeCents = entryFee.trim() !== '' && Number.isFinite(fee) && fee >= 0 && fee <= 1000 ? Math.round(fee * 100) : null
  const rulesErrors: RulesErrors = { ...(serverErrors as RulesErrors | undefined) }
  for (const key of ['grid', 'numbers', 'payouts', 'reversePercent', 'everyScorePercent', 'unfilled'] as const) {
    const message = (errors.rules?.[key] as { message?: string } | undefined)?.message
    if (message) rulesErrors[`rules.${key}`] = message
  }
  const setRules = (v: RulesValues) => {
    form.setValue('rules', v)
    form.clearErrors('rules')
  }
  const payByDefault = game ? toLocalInput(defaultPayBy(game.gameDate)) : ''
  // The deadline shown follows the game until the host sets one.
  const [payByDirty, setPayByDirty] = useState(false)
  useEffect(() => {
    if (!payByDirty) form.setValue('payBy', payByDefault)
  }, [form, payByDefault, payByDirty])

  // Changing a field clears its error until the next submit.
  const field = (name: 'gameId' | 'name' | 'entryFee' | 'maxSquaresPerPlayer' | 'collection' | 'paymentInstructions' | 'payBy') =>
    form.register(name, {
      onChange: () => {
        form.clearErrors(name)
        if (name === 'payBy') setPayByDirty(true)
      },
    })
  const setEmails = (list: string[]) => {
    form.setValue('inviteEmails', list)
    form.clearErrors('inviteEmails')
  }

  const addEmail = () => {
    const e = form.getValues('email').trim().toLowerCase()
    if (!e) return
    if (!validEmail(e)) {
      setEmailNote('Invalid email address')
      return
    }
    setEmailNote(inviteEmails.includes(e) ? `${e} is already on the list.` : undefined)
    if (!inviteEmails.includes(e)) setEmails([...inviteEmails, e])
    form.setValue('email', '')
  }
  const onEmailKey = (ev: KeyboardEvent<HTMLInputElement>) => {
    if (ev.key === 'Enter' || ev.key === ',') {
      ev.preventDefault()
      addEmail()
    }
  }

  const submit = form.handleSubmit((v) => {
    const leagueOf = games.find((g) => String(g.id) === v.gameId)?.leagueId
    const rules = valuesToRules(v.rules, leagueOf)
    const schedule = legacySchedule(rules, leagueOf)
    onSubmit({
      gameId: Number(v.gameId),
      name: v.name.trim(),
      entryFee: Number(v.entryFee),
      maxSquaresPerPlayer: Number(v.maxSquaresPerPlayer),
      inviteEmails: withTyped(v),
      rules,
      ...(schedule ? { payoutSchedule: schedule } : {}),
      ...(v.collection === 'host'
        ? {
            collection: 'host' as const,
            paymentInstructions: v.paymentInstructions.trim(),
            // Untouched, the deadline is the server's default (the one shown).
            ...(payByDirty && v.payBy ? { payBy: fromLocalInput(v.payBy)?.toISOString() } : {}),
          }
        : {}),
    })
  })

  return (
    <form onSubmit={submit} noValidate className="grid gap-5" aria-label="Create private pool">
      <Field id="pp-game" label="Game" error={shown.gameId}>
        <NativeSelect {...field('gameId')}>
          <option value="">Select a game</option>
          {games.map((g) => (
            <option key={g.id} value={g.id}>
              {g.awayTeam} @ {g.homeTeam} · {formatDateTimeET(g.gameDate)}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id="pp-name" label="Pool Name" error={shown.name}>
        <Input maxLength={80} placeholder="Office Super Bowl Pool" {...field('name')} />
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="pp-fee" label="Entry Fee ($ per square)" error={shown.entryFee} hint={feeHint(limits)}>
          <Input
            type="number"
            inputMode="decimal"
            min={0}
            max={limits.paidAllowed ? (limits.maxFeeCents ?? 100_000) / 100 : 0}
            step={0.01}
            {...field('entryFee')}
          />
        </Field>
        <Field id="pp-max" label="Max Squares per Player" error={shown.maxSquaresPerPlayer} hint="From 1 to 25.">
          <Input type="number" inputMode="numeric" min={1} max={25} step={1} {...field('maxSquaresPerPlayer')} />
        </Field>
      </div>
      <RulesFields value={rulesValues} onChange={setRules} errors={rulesErrors} leagueId={leagueId} feeCents={feeCents} presets={presetList} />
      <CollectionFields
        collection={collection}
        instructions={instructions}
        payBy={payBy}
        defaultPayBy={payByDefault}
        errors={shown}
        register={field}
      />
      <Field id="pp-email" label="Invite by Email" optional error={shown.inviteEmails ?? emailNote} hint="Press Enter or Add after each address." wireControl={false}>
        <div className="flex gap-2">
          <Input
            id="pp-email"
            type="email"
            placeholder="friend@example.com"
            aria-invalid={shown.inviteEmails || emailNote ? true : undefined}
            {...form.register('email', { onChange: () => setEmailNote(undefined) })}
            onKeyDown={onEmailKey}
          />
          <Button type="button" variant="outline" onClick={addEmail}>
            <Plus aria-hidden="true" /> Add
          </Button>
        </div>
      </Field>
      {inviteEmails.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Invited addresses">
          {inviteEmails.map((m) => (
            <li key={m} className="flex max-w-full items-center gap-1 rounded-full bg-muted py-1 pr-1 pl-3 text-sm">
              <span className="truncate">{m}</span>
              <button
                type="button"
                className="rounded-full p-1 hover:bg-background"
                aria-label={`Remove ${m}`}
                onClick={() => setEmails(inviteEmails.filter((x) => x !== m))}
              >
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="text-sm text-muted-foreground">
        {collection === 'host'
          ? `Squares charges no fee and holds none of this pool’s money: you collect it and pay the winners. ${rulesValues.unfilled === 'play' ? 'A pool that is not full 2 hours before kickoff is played as it stands.' : 'A pool that is not full 2 hours before kickoff is cancelled.'}`
          : `Private pools keep no house fee: the whole pot goes to the winners. ${rulesValues.unfilled === 'play' ? 'A pool that is not full 2 hours before kickoff is played as it stands.' : 'A pool that is not full 2 hours before kickoff is cancelled and every payment returned.'}`}
      </p>
      <Button type="submit" size="lg" disabled={pending}>
        {pending && <Spinner label="Creating pool" />}
        Create Private Pool
      </Button>
    </form>
  )
}
