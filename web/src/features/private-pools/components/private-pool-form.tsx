import { useState, type FormEvent, type KeyboardEvent } from 'react'
import { Plus, X } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import { Spinner } from '@/components/ui/spinner'
import { formatDateTimeET } from '@/lib/dates'
import type { Game } from '@/lib/types'
import type { CreatePrivatePoolInput } from '../api/private-pools-api'
import {
  DEFAULT_VALUES,
  dollars,
  NO_LIMITS,
  scheduleOptions,
  validate,
  validEmail,
  type FieldErrors,
  type HostLimits,
  type PrivatePoolValues,
} from './private-pool-form-rules'

/** The fee field's hint: what this player may charge. */
function feeHint(limits: HostLimits): string {
  if (!limits.paidAllowed) return 'Free only: paid pools are not available where you live.'
  return `0 for a free pool; up to ${dollars(limits.maxFeeCents ?? 100_000)} a square.`
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
  // A player who may not host a paid pool starts from a free one.
  const [values, setValues] = useState<PrivatePoolValues>(limits.paidAllowed ? DEFAULT_VALUES : { ...DEFAULT_VALUES, entryFee: '0' })
  const [errors, setErrors] = useState<FieldErrors>({})
  const [email, setEmail] = useState('')
  const [emailNote, setEmailNote] = useState<string | undefined>()
  const shown: FieldErrors = { ...serverErrors, ...errors }
  const game = games.find((g) => String(g.id) === values.gameId)
  const schedules = scheduleOptions(game?.leagueId)
  const schedule = schedules.some((s) => s.value === values.payoutSchedule) ? values.payoutSchedule : schedules[0].value

  const set = <K extends keyof PrivatePoolValues>(key: K, value: PrivatePoolValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }))
    setErrors((e) => ({ ...e, [key]: undefined }))
  }

  const addEmail = () => {
    const e = email.trim().toLowerCase()
    if (!e) return
    if (!validEmail(e)) {
      setEmailNote('Invalid email address')
      return
    }
    setEmailNote(values.inviteEmails.includes(e) ? `${e} is already on the list.` : undefined)
    if (!values.inviteEmails.includes(e)) set('inviteEmails', [...values.inviteEmails, e])
    setEmail('')
  }
  const onEmailKey = (ev: KeyboardEvent<HTMLInputElement>) => {
    if (ev.key === 'Enter' || ev.key === ',') {
      ev.preventDefault()
      addEmail()
    }
  }

  const submit = (ev: FormEvent) => {
    ev.preventDefault()
    // An address typed but not added yet is invited too.
    const typed = email.trim().toLowerCase()
    const emails = typed && !values.inviteEmails.includes(typed) ? [...values.inviteEmails, typed] : values.inviteEmails
    const all = { ...values, inviteEmails: emails }
    const found = validate(all, limits)
    setErrors(found)
    if (Object.keys(found).length > 0) return
    onSubmit({
      gameId: Number(all.gameId),
      name: all.name.trim(),
      entryFee: Number(all.entryFee),
      maxSquaresPerPlayer: Number(all.maxSquaresPerPlayer),
      inviteEmails: emails,
      payoutSchedule: schedule,
    })
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-5" aria-label="Create private pool">
      <Field id="pp-game" label="Game" error={shown.gameId}>
        <NativeSelect value={values.gameId} onChange={(e) => set('gameId', e.target.value)}>
          <option value="">Select a game</option>
          {games.map((g) => (
            <option key={g.id} value={g.id}>
              {g.awayTeam} @ {g.homeTeam} · {formatDateTimeET(g.gameDate)}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id="pp-name" label="Pool Name" error={shown.name}>
        <Input value={values.name} maxLength={80} placeholder="Office Super Bowl Pool" onChange={(e) => set('name', e.target.value)} />
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="pp-fee" label="Entry Fee ($ per square)" error={shown.entryFee} hint={feeHint(limits)}>
          <Input
            type="number"
            inputMode="decimal"
            min={0}
            max={limits.paidAllowed ? (limits.maxFeeCents ?? 100_000) / 100 : 0}
            step={0.01}
            value={values.entryFee}
            onChange={(e) => set('entryFee', e.target.value)}
          />
        </Field>
        <Field id="pp-max" label="Max Squares per Player" error={shown.maxSquaresPerPlayer} hint="From 1 to 25.">
          <Input type="number" inputMode="numeric" min={1} max={25} step={1} value={values.maxSquaresPerPlayer} onChange={(e) => set('maxSquaresPerPlayer', e.target.value)} />
        </Field>
      </div>
      <Field id="pp-schedule" label="Payout Schedule" error={shown.payoutSchedule} hint="Share of the prize pool paid at each period.">
        <NativeSelect value={schedule} onChange={(e) => set('payoutSchedule', e.target.value)}>
          {schedules.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id="pp-email" label="Invite by Email" optional error={shown.inviteEmails ?? emailNote} hint="Press Enter or Add after each address." wireControl={false}>
        <div className="flex gap-2">
          <Input
            id="pp-email"
            type="email"
            value={email}
            placeholder="friend@example.com"
            aria-invalid={shown.inviteEmails || emailNote ? true : undefined}
            onChange={(e) => {
              setEmail(e.target.value)
              setEmailNote(undefined)
            }}
            onKeyDown={onEmailKey}
          />
          <Button type="button" variant="outline" onClick={addEmail}>
            <Plus aria-hidden="true" /> Add
          </Button>
        </div>
      </Field>
      {values.inviteEmails.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Invited addresses">
          {values.inviteEmails.map((m) => (
            <li key={m} className="flex max-w-full items-center gap-1 rounded-full bg-muted py-1 pr-1 pl-3 text-sm">
              <span className="truncate">{m}</span>
              <button
                type="button"
                className="rounded-full p-1 hover:bg-background"
                aria-label={`Remove ${m}`}
                onClick={() => set('inviteEmails', values.inviteEmails.filter((x) => x !== m))}
              >
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="text-sm text-muted-foreground">
        Private pools keep no house fee: the whole pot goes to the winners. A pool that is not full 2 hours before kickoff is cancelled and
        every payment returned.
      </p>
      <Button type="submit" size="lg" disabled={pending}>
        {pending && <Spinner label="Creating pool" />}
        Create Private Pool
      </Button>
    </form>
  )
}
