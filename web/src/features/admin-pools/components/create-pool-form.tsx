import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { z } from 'zod'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Field } from '@/components/ui/field'
import { NativeSelect } from '@/components/ui/native-select'
import { gameLabel } from '@/lib/game-label'
import { TIER_FEES } from '@/lib/tiers'
import type { Game } from '@/lib/types'
import { weekLabel } from '../hooks/weeks'

const tierName = (fee: string) => (fee === '0.00' ? 'Free Pool' : `$${Number(fee)} Pool`)

const missing = 'Please fill in all fields'
const schema = z.object({ fee: z.string().min(1, { error: missing }), gameId: z.string().min(1, { error: missing }) })
type Values = z.infer<typeof schema>

/** The create-pool form: a pool name (its price tier) and a game. */
export function CreatePoolForm({ games, onCreate, busy }: { games: Game[]; onCreate: (v: { name: string; entryFee: string; gameId: number }, done: () => void) => void; busy: boolean }) {
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { fee: '', gameId: '' }, reValidateMode: 'onSubmit', shouldFocusError: false })
  const { errors } = form.formState
  const error = errors.fee?.message ?? errors.gameId?.message
  const submit = form.handleSubmit(({ fee, gameId }) =>
    onCreate({ name: tierName(fee), entryFee: fee, gameId: Number(gameId) }, () => form.resetField('fee')),
  )
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="text-lg">Create pool</CardTitle>
      </CardHeader>
      <CardContent>
        <form className="grid gap-3" onSubmit={submit} noValidate>
          <Field id="create-name" label="Pool name">
            <NativeSelect {...form.register('fee')}>
              <option value="">Choose a tier</option>
              {TIER_FEES.map((f) => (
                <option key={f} value={f}>
                  {tierName(f)}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field id="create-game" label="Game">
            <NativeSelect {...form.register('gameId')}>
              <option value="">Choose a game</option>
              {games.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.week ? `${weekLabel(g.week)} · ` : ''}
                  {gameLabel(g)}
                </option>
              ))}
            </NativeSelect>
          </Field>
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <Button type="submit" disabled={busy}>
            Create Pool
          </Button>
        </form>
      </CardContent>
    </Card>
  )
}
