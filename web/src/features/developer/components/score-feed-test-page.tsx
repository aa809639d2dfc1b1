import { FlaskConical } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { PageContainer, PageHeader } from '@/components/layout/page'
import { useUser } from '@/lib/auth'
import { useServerConfig } from '@/lib/config'
import { useDocumentMeta } from '@/lib/use-document-meta'
import { useResponseLog } from '../hooks/use-response-log'
import { DevModeOnly, DevPageLoading } from './dev-mode-only'
import { FeedStatusSection } from './feed-status-section'
import { GameLookupSection } from './game-lookup-section'
import { ResponseLogPanel } from './response-log-panel'
import { ScoreCalculationSection } from './score-calculation-section'
import { ScoreUpdateSection } from './score-update-section'

const TITLE = 'Live Score Feed Test'

/** /score-feed-test: the score feed's status, manual score updates and the game calls (development mode only). */
export function ScoreFeedTestPage() {
  useDocumentMeta({ title: TITLE })
  const { devMode, isLoading } = useServerConfig()
  const log = useResponseLog()
  const { isAdmin } = useUser()
  if (isLoading) return <DevPageLoading />
  if (!devMode) return <DevModeOnly page={TITLE} />

  return (
    <PageContainer className="max-w-7xl">
      <PageHeader
        eyebrow="Developer"
        title={TITLE}
        description={
          <>
            See how the score feed is doing, send a score update by hand, and try the game and winner calls against this server.
            <span className="mt-2 flex flex-wrap gap-2">
              <Badge variant="warning">
                <FlaskConical aria-hidden="true" /> Development mode
              </Badge>
              <a href="#response-log" className="text-xs font-semibold text-primary underline-offset-4 hover:underline lg:hidden">
                Jump to the response log ({log.entries.length})
              </a>
            </span>
          </>
        }
      />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="grid min-w-0 gap-6">
          <FeedStatusSection record={log.record} isAdmin={isAdmin} />
          <ScoreUpdateSection record={log.record} isAdmin={isAdmin} />
          <GameLookupSection record={log.record} />
          <ScoreCalculationSection record={log.record} />
        </div>
        <div className="min-w-0 lg:sticky lg:top-20">
          <ResponseLogPanel entries={log.entries} onClear={log.clear} />
        </div>
      </div>
    </PageContainer>
  )
}
