import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { gameLabel } from '@/lib/game-label'
import { TIER_FEES } from '@/lib/tiers'
import type { Game } from '@/lib/types'
import { weekLabel } from '../hooks/weeks'
import { LabelledSelect } from './labelled-select'

const tierName = (fee: string) => (fee === '0.00' ? 'Free Pool' : `$${Number(fee)} Pool`)

/** The create-pool form: a pool name (its price tier) and a game. */
export function CreatePoolForm({ games, onCreate, busy }: { games: Game[]; onCreate: (v: { name: string; entryFee: string; gameId: number }, done: () => void) => void; busy: boolean }) {
  const [fee, setFee] = useState('')
  const [gameId, setGameId] = useState('')
  const [error, setError] = useState('')
  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    if (!fee || !gameId) return setError('Please fill in all fields')
    setError('')
    onCreate({ name: tierName(fee), entryFee: fee, gameId: Number(gameId) }, () => setFee(''))
  }
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="text-lg">Create pool</CardTitle>
      </CardHeader>
      <CardContent>
        <form className="grid gap-3" onSubmit={submit} noValidate>
          <LabelledSelect id="create-name" label="Pool name" value={fee} onChange={setFee}>
            <option value="">Choose a tier</option>
            {TIER_FEES.map((f) => (
              <option key={f} value={f}>
                {tierName(f)}
              </option>
            ))}
          </LabelledSelect>
          <LabelledSelect id="create-game" label="Game" value={gameId} onChange={setGameId}>
            <option value="">Choose a game</option>
            {games.map((g) => (
              <option key={g.id} value={g.id}>
                {g.week ? `${weekLabel(g.week)} · ` : ''}
                {gameLabel(g)}
              </option>
            ))}
          </LabelledSelect>
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
