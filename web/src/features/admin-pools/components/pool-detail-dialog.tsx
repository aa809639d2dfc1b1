import { Home } from 'lucide-react'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Skeleton } from '@/components/ui/skeleton'
import { gameLabel } from '@/lib/game-label'
import type { Pool, Square } from '@/lib/types'
import { usePoolSquares } from '../api/pool-admin-api'
import { PoolStatusBadge } from './pool-status-badge'
import { weekLabel } from '../hooks/weeks'

/** Digits as a list of 10, from a list or a comma-separated text; null before the draw. */
export function digitsOf(v: number[] | string | null | undefined): number[] | null {
  const list = typeof v === 'string' ? v.split(',').map((x) => Number(x.trim())) : v
  return list && list.length === 10 && list.every((d) => Number.isInteger(d)) ? list : null
}

/** A pool's game and its grid: the header digits show '?' until the numbers are drawn. */
export function PoolDetailDialog({ pool, onClose }: { pool: Pool | null; onClose: () => void }) {
  return (
    <Dialog open={pool !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">{pool && <PoolDetail pool={pool} />}</DialogContent>
    </Dialog>
  )
}

function PoolDetail({ pool: p }: { pool: Pool }) {
  const squares = usePoolSquares(p.id)
  const g = p.game
  return (
    <>
      <DialogHeader>
        <DialogTitle className="flex flex-wrap items-center gap-2">
          {p.name} #{p.id} <PoolStatusBadge status={p.status} />
        </DialogTitle>
        <DialogDescription>
          {g ? `${gameLabel(g)}${g.week ? ` · ${weekLabel(g.week)}` : ''}` : `Game ${p.gameId}`}
        </DialogDescription>
      </DialogHeader>
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-muted-foreground">Entry fee</dt>
          <dd className="font-medium">${p.entryFee}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Squares</dt>
          <dd className="font-medium">
            {p.currentParticipants} / {p.maxParticipants}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Players</dt>
          <dd className="font-medium">{p.distinctPlayers ?? 0}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Pot</dt>
          <dd className="font-medium">${p.totalPot}</dd>
        </div>
        {g && (
          <div className="col-span-2 sm:col-span-4">
            <dt className="text-muted-foreground">Game</dt>
            <dd className="font-medium">
              {g.status}
              {g.homeScore !== null && g.awayScore !== null ? ` · ${g.awayTeam} ${g.awayScore}, ${g.homeTeam} ${g.homeScore}` : ''}
            </dd>
          </div>
        )}
      </dl>
      {squares.isLoading ? <Skeleton className="aspect-square w-full" aria-label="Loading the grid" /> : <Grid pool={p} squares={squares.data ?? []} />}
    </>
  )
}

function Grid({ pool, squares }: { pool: Pool; squares: Square[] }) {
  const home = digitsOf(pool.homeNumbers)
  const away = digitsOf(pool.awayNumbers)
  const at = new Map(squares.map((s) => [`${s.row},${s.column}`, s]))
  const head = 'flex items-center justify-center bg-emerald-900 font-bold text-white'
  return (
    <div className="overflow-x-auto">
      <p className="mb-1 text-xs text-muted-foreground">
        Columns: {pool.game?.homeTeam ?? 'home'} digit · rows: {pool.game?.awayTeam ?? 'away'} digit
      </p>
      <div role="grid" aria-label="Pool grid" className="grid min-w-[18rem] grid-cols-11 gap-px rounded-md border bg-border text-[10px] sm:text-xs">
        <div role="row" className="contents">
          <div role="columnheader" className={`${head} aspect-square`} aria-label="corner" />
          {Array.from({ length: 10 }, (_, c) => (
            <div key={c} role="columnheader" className={`${head} aspect-square`}>
              {home ? home[c] : '?'}
            </div>
          ))}
        </div>
        {Array.from({ length: 10 }, (_, r) => (
          <div key={r} role="row" className="contents">
            <div role="rowheader" className={`${head} aspect-square`}>
              {away ? away[r] : '?'}
            </div>
            {Array.from({ length: 10 }, (_, c) => {
              const s = at.get(`${r},${c}`)
              const house = s?.userId === 'admin'
              const name = s?.user ? `${s.user.firstName ?? ''} ${(s.user.lastName ?? '').slice(0, 1)}`.trim() : ''
              const initials = s?.user ? `${(s.user.firstName ?? '').slice(0, 1)}${(s.user.lastName ?? '').slice(0, 1)}` : ''
              return (
                <div
                  key={c}
                  role="gridcell"
                  aria-label={s ? `Row ${r}, column ${c}: ${house ? 'house' : name || 'taken'}` : `Row ${r}, column ${c}: open`}
                  title={s ? (house ? 'House' : name) : undefined}
                  className={`flex aspect-square items-center justify-center overflow-hidden p-0.5 text-center leading-tight ${s ? (house ? 'bg-amber-100' : 'bg-emerald-100') : 'bg-card'}`}
                >
                  {house ? (
                    <Home className="size-3" aria-hidden="true" />
                  ) : (
                    <>
                      <span className="sm:hidden" aria-hidden="true">
                        {initials}
                      </span>
                      <span className="hidden truncate sm:inline" aria-hidden="true">
                        {name}
                      </span>
                    </>
                  )}
                </div>
              )
            })}
          </div>
        ))}
      </div>
    </div>
  )
}
