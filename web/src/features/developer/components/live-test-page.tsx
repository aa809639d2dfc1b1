import { useState, type FormEvent } from 'react'
import { Radio, Trash2, X } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { PageContainer, PageHeader } from '@/components/layout/page'
import { useServerConfig } from '@/lib/config'
import { useRealtimeStatus, useRealtimeTopics } from '@/lib/realtime'
import { useDocumentMeta } from '@/lib/use-document-meta'
import { parseTopicId, useSocketLog, type Topic, type TopicKind } from '../hooks/use-socket-log'
import { DevModeOnly, DevPageLoading } from './dev-mode-only'
import { LiveGamesList } from './live-games-list'
import { SocketMessageList } from './socket-message-list'

const TITLE = 'Live Update Test'

/** Keeps one pool or game watched on the app's socket while mounted. */
function TopicWatcher({ topic }: { topic: Topic }) {
  useRealtimeTopics(topic.kind === 'pool' ? { poolId: topic.id } : { gameId: topic.id })
  return null
}

const STATUS_TONE = { connected: 'completed', connecting: 'warning', disconnected: 'destructive' } as const

/** /live-test: watch pools and games on the live-update socket and see each message as it arrives (development mode only). */
export function LiveTestPage() {
  useDocumentMeta({ title: TITLE })
  const { devMode, isLoading } = useServerConfig()
  if (isLoading) return <DevPageLoading />
  if (!devMode) return <DevModeOnly page={TITLE} />
  return <LiveTest />
}

function LiveTest() {
  const log = useSocketLog()
  const { status, error } = useRealtimeStatus()
  const [kind, setKind] = useState<TopicKind>('pool')
  const [raw, setRaw] = useState('')
  const [formError, setFormError] = useState<string | null>(null)

  const submit = (e: FormEvent) => {
    e.preventDefault()
    const parsed = parseTopicId(kind, raw)
    if ('error' in parsed) return setFormError(parsed.error)
    setFormError(null)
    setRaw('')
    log.watch({ kind, id: parsed.id })
  }

  return (
    <PageContainer className="max-w-7xl">
      {log.topics.map((t) => (
        <TopicWatcher key={`${t.kind}-${t.id}`} topic={t} />
      ))}
      <PageHeader
        eyebrow="Developer"
        title={TITLE}
        description="Watch pools and games on the live-update socket (/ws); every message it delivers is listed with the time it arrived."
      />
      <div className="grid items-start gap-6 lg:grid-cols-[22rem_minmax(0,1fr)]">
        <div className="grid min-w-0 gap-6">
          <Card>
            <CardHeader>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <CardTitle>Socket</CardTitle>
                <Badge variant={STATUS_TONE[status]} data-testid="socket-status">
                  <Radio aria-hidden="true" /> {status}
                </Badge>
              </div>
              {error && status !== 'connected' && <CardDescription className="text-destructive">{error}</CardDescription>}
            </CardHeader>
            <CardContent className="grid gap-4">
              <form onSubmit={submit} className="grid gap-3" noValidate aria-label="Subscribe">
                <div className="grid grid-cols-[7rem_minmax(0,1fr)] gap-2">
                  <div className="grid gap-1.5">
                    <Label htmlFor="topic-kind">Watch a</Label>
                    <NativeSelect id="topic-kind" value={kind} onChange={(e) => setKind(e.target.value as TopicKind)}>
                      <option value="pool">Pool</option>
                      <option value="game">Game</option>
                    </NativeSelect>
                  </div>
                  <div className="grid gap-1.5">
                    <Label htmlFor="topic-id">{kind === 'pool' ? 'Pool ID' : 'Game ID'}</Label>
                    <Input
                      id="topic-id"
                      inputMode="numeric"
                      value={raw}
                      onChange={(e) => setRaw(e.target.value)}
                      aria-invalid={!!formError}
                      aria-describedby={formError ? 'topic-error' : undefined}
                    />
                  </div>
                </div>
                {formError && (
                  <p id="topic-error" className="text-sm text-destructive">
                    {formError}
                  </p>
                )}
                <Button type="submit">Subscribe</Button>
              </form>
              <div className="grid gap-2">
                <h3 className="text-sm font-bold">Watching</h3>
                {log.topics.length === 0 ? (
                  <p className="text-sm text-muted-foreground">Nothing yet. Subscribe to a pool or a game.</p>
                ) : (
                  <ul className="flex flex-wrap gap-1.5" aria-label="Watching">
                    {log.topics.map((t) => (
                      <li key={`${t.kind}-${t.id}`}>
                        <Badge variant="outline" className="gap-1.5 py-1 pr-1">
                          {t.kind} {t.id}
                          <button
                            type="button"
                            onClick={() => log.unwatch(t)}
                            aria-label={`Stop watching ${t.kind} ${t.id}`}
                            className="rounded-full p-0.5 hover:bg-muted"
                          >
                            <X className="size-3" aria-hidden="true" />
                          </button>
                        </Badge>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            </CardContent>
          </Card>
          <LiveGamesList actionLabel="Watch" onPick={(g) => log.watch({ kind: 'game', id: g.id })} />
        </div>
        <Card className="min-w-0">
          <CardHeader>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <CardTitle>
                Messages <Badge variant="muted">{log.entries.length}</Badge>
              </CardTitle>
              <Button type="button" variant="outline" size="sm" onClick={log.clear} disabled={log.entries.length === 0}>
                <Trash2 aria-hidden="true" /> Clear
              </Button>
            </div>
            <CardDescription>Newest first. Score updates arrive as gameUpdate (game watchers) and poolUpdate (pool watchers).</CardDescription>
          </CardHeader>
          <CardContent>
            <SocketMessageList entries={log.entries} />
          </CardContent>
        </Card>
      </div>
    </PageContainer>
  )
}
