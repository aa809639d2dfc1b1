import { useState } from 'react'
import { toast } from '@/lib/toast'
import { MousePointerClick, Shuffle } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { Spinner } from '@/components/ui/spinner'
import { errorMessage } from '@/lib/api'
import type { HostBoard } from '../hooks/use-host-board'
import { playerKey, playerRef, useAssign, type PlayerAccount } from '../hooks/use-host-pool'

const plural = (n: number) => `${n} ${n === 1 ? 'square' : 'squares'}`

/**
 * Gives squares to a chosen player: N at random, or the free squares the host taps on the board (the board
 * then picks for that player until the host gives them or stops).
 */
export function HostAssign({ poolId, players, board, free }: { poolId: number; players: PlayerAccount[]; board: HostBoard; free: number }) {
  const assign = useAssign(poolId, {
    onSuccess: (a, input) => {
      toast.success('Squares given', { description: `${plural(a.squares.length)} to ${input.name}.` })
      board.setTarget(null)
    },
    onError: (err) => toast.error('Squares not given', { description: errorMessage(err, 'Please try again.') }),
  })
  const [who, setWho] = useState('')
  const [count, setCount] = useState('1')
  const player = players.find((p) => playerKey(p) === who)
  const n = Number(count)
  const countOk = Number.isInteger(n) && n >= 1 && n <= 25

  const give = (input: { squares: { row: number; column: number }[] } | { random: number }, to: PlayerAccount) =>
    assign.mutate({ ...playerRef(to), ...input, name: to.name })

  if (board.assigning && board.target) {
    const to = players.find((p) => playerKey(p) === playerKey(board.target!.player))
    return (
      <div className="grid gap-2 rounded-lg border-2 border-lime-400 bg-lime-50 p-3 text-sm" role="group" aria-label={`Picking squares for ${board.target.name}`}>
        <p aria-live="polite">
          Tap free squares on the board for <strong>{board.target.name}</strong>: {plural(board.picked.length)} picked.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" disabled={!to || board.picked.length === 0 || assign.isPending} onClick={() => to && give({ squares: board.picked }, to)}>
            {assign.isPending && <Spinner label="Giving squares" />}
            Give {plural(board.picked.length)}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => board.setTarget(null)}>
            Stop picking
          </Button>
        </div>
      </div>
    )
  }

  return (
    <div className="grid gap-3">
      <div className="grid gap-1.5">
        <Label htmlFor="assign-player">Give squares to</Label>
        <NativeSelect id="assign-player" value={who} onChange={(e) => setWho(e.target.value)}>
          <option value="">Choose a player</option>
          {players.map((p) => (
            <option key={playerKey(p)} value={playerKey(p)}>
              {p.name} ({plural(p.squares)})
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <Button
          size="sm"
          variant="outline"
          disabled={!player || free === 0}
          onClick={() => player && board.setTarget({ player: playerRef(player), name: player.name })}
        >
          <MousePointerClick aria-hidden="true" /> Pick on the board
        </Button>
        <div className="grid gap-1">
          <Label htmlFor="assign-count" className="text-xs">
            How many
          </Label>
          <Input id="assign-count" type="number" inputMode="numeric" min={1} max={25} className="h-8 w-20" value={count} onChange={(e) => setCount(e.target.value)} />
        </div>
        <Button size="sm" variant="outline" disabled={!player || !countOk || free === 0 || assign.isPending} onClick={() => player && give({ random: n }, player)}>
          {assign.isPending ? <Spinner label="Giving squares" /> : <Shuffle aria-hidden="true" />} Give at random
        </Button>
      </div>
      {free === 0 && <p className="text-xs text-muted-foreground">The board is full.</p>}
    </div>
  )
}
