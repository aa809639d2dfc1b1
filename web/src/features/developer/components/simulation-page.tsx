import { useMemo } from 'react'
import { Dices, Play, RotateCcw, Trophy } from 'lucide-react'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { PageContainer, PageHeader } from '@/components/layout/page'
import { useServerConfig } from '@/lib/config'
import { useDocumentMeta } from '@/lib/use-document-meta'
import { cn } from '@/lib/utils'
import { SIM_MAX_SCORE, SIM_MIN_SCORE, SIM_PICKS, SIM_QUARTERS, SIM_STEP_MS, type Random } from '../hooks/simulation'
import { useSimulation } from '../hooks/use-simulation'
import { DevModeOnly, DevPageLoading } from './dev-mode-only'
import { SimulationBoard } from './simulation-board'

const TITLE = 'Practice Pool Simulation'

/** /simulation: a practice pool played in the browser (development mode only). No money, nothing sent or stored. */
export function SimulationPage({ random, stepMs }: { random?: Random; stepMs?: number } = {}) {
  useDocumentMeta({ title: TITLE })
  const { devMode, isLoading } = useServerConfig()
  if (isLoading) return <DevPageLoading label="Loading the practice pool" />
  if (!devMode) return <DevModeOnly page={TITLE} />
  return <Simulation random={random} stepMs={stepMs} />
}

function Simulation({ random, stepMs }: { random?: Random; stepMs?: number }) {
  const sim = useSimulation({ random, stepMs })
  const { phase, game, ended, current, wins } = sim
  const status = useMemo(() => {
    if (phase === 'picking')
      return sim.remaining > 0 ? `Pick ${sim.remaining} more square${sim.remaining === 1 ? '' : 's'}.` : 'Five squares picked: start the game.'
    if (phase === 'running') return `${SIM_QUARTERS[current]} in play…`
    return wins.length > 0 ? `You won ${wins.length} of ${SIM_QUARTERS.length} quarters!` : 'No winning square this time.'
  }, [phase, sim.remaining, current, wins.length])

  return (
    <PageContainer className="max-w-6xl">
      <PageHeader
        eyebrow="Practice"
        title={TITLE}
        description={
          <>
            Pick exactly {SIM_PICKS} squares, then watch a simulated game: each team scores {SIM_MIN_SCORE}-{SIM_MAX_SCORE} by the end of each
            quarter, one quarter every {SIM_STEP_MS / 1000} seconds. Practice only: no money, nothing is sent or saved.
          </>
        }
      />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Card className="min-w-0">
          <CardHeader className="gap-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <CardTitle>Your board</CardTitle>
              <Badge variant={phase === 'running' ? 'live' : phase === 'finished' ? 'completed' : 'scheduled'}>
                {phase === 'running' ? 'LIVE' : phase === 'finished' ? 'COMPLETED' : 'PICKING'}
              </Badge>
            </div>
            <CardDescription aria-live="polite" data-testid="sim-status">
              {status}
            </CardDescription>
          </CardHeader>
          <CardContent className="grid justify-items-center gap-4">
            <SimulationBoard
              game={game}
              pickedKeys={sim.pickedKeys}
              ended={ended}
              picking={phase === 'picking'}
              full={sim.remaining === 0}
              onToggle={sim.toggle}
            />
            <div className="flex w-full flex-wrap justify-center gap-2">
              {phase === 'picking' ? (
                <Button type="button" onClick={sim.start} disabled={!sim.canStart}>
                  <Play aria-hidden="true" /> Start game ({sim.picks.length}/{SIM_PICKS})
                </Button>
              ) : (
                <>
                  <Button type="button" variant="outline" onClick={() => sim.reset(true)} disabled={phase === 'running'}>
                    <Dices aria-hidden="true" /> Play again
                  </Button>
                  <Button type="button" variant="ghost" onClick={() => sim.reset()}>
                    <RotateCcw aria-hidden="true" /> New pool
                  </Button>
                </>
              )}
              {phase === 'picking' && sim.picks.length > 0 && (
                <Button type="button" variant="ghost" onClick={() => sim.reset()}>
                  <RotateCcw aria-hidden="true" /> Clear picks
                </Button>
              )}
            </div>
          </CardContent>
        </Card>
        <Card className="min-w-0">
          <CardHeader>
            <CardTitle>Quarter winners</CardTitle>
            <CardDescription>A square wins when its row and column digits match the last digits of the away and home scores.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-3">
            <ol className="grid gap-2" aria-label="Quarters">
              {SIM_QUARTERS.map((q, i) => {
                const r = ended[i]
                return (
                  <li
                    key={q}
                    data-testid={`sim-quarter-${q}`}
                    className={cn('flex items-center justify-between gap-2 rounded-lg border px-3 py-2 text-sm', i === current && 'border-red-300 bg-red-50', r?.mine && 'border-amber-400 bg-amber-50')}
                  >
                    <span className="font-bold">{q}</span>
                    {r ? (
                      <span className="text-right">
                        <span className="font-mono">
                          Away {r.away} - Home {r.home}
                        </span>
                        <span className="block text-xs text-muted-foreground">
                          Row {r.cell.row + 1}, column {r.cell.column + 1}: {r.mine ? 'your square wins' : 'not yours'}
                        </span>
                      </span>
                    ) : (
                      <span className="text-muted-foreground">{i === current ? 'in play' : 'not played'}</span>
                    )}
                  </li>
                )
              })}
            </ol>
            {phase === 'finished' && (
              <Alert variant={wins.length ? 'success' : 'default'}>
                <Trophy aria-hidden="true" />
                <AlertTitle>{wins.length ? 'You won!' : 'Better luck next time'}</AlertTitle>
                <AlertDescription>
                  {wins.length ? `Your squares won ${wins.map((w) => w.quarter).join(', ')}.` : 'None of your squares won a quarter.'} This was practice:
                  no money moved.
                </AlertDescription>
              </Alert>
            )}
          </CardContent>
        </Card>
      </div>
    </PageContainer>
  )
}
