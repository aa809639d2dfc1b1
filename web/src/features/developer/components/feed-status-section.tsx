import { RadioTower, RefreshCw, ShieldAlert } from 'lucide-react'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { Spinner } from '@/components/ui/spinner'
import { ApiError } from '@/lib/api'
import { formatDateTimeET } from '@/lib/dates'
import { usePollFeed, useFeedStatus, type FeedPoll } from '../api/score-feed-api'
import type { RecordCall } from '../api/logged-call'
import { CallErrorAlert, ResultList, TestSection } from './test-section'

function when(iso: string | null): string {
  return iso ? formatDateTimeET(iso) : 'Never'
}

/** The feed's calls and manual score updates are for admins. */
export function AdminsOnly() {
  return (
    <Alert variant="warning">
      <ShieldAlert aria-hidden="true" />
      <AlertTitle>Admins only</AlertTitle>
      <AlertDescription>The score feed's calls are for admins. Sign in as an admin to see the feed and send score updates.</AlertDescription>
    </Alert>
  )
}

function PollResult({ poll }: { poll: FeedPoll }) {
  return (
    <Alert variant={poll.error ? 'warning' : 'success'} className="[overflow-wrap:anywhere]">
      <RadioTower aria-hidden="true" />
      <AlertTitle>{poll.error ? 'The poll failed' : 'Polled the feed'}</AlertTitle>
      <AlertDescription>
        {poll.error ||
          `${poll.scoreboards} scoreboard${poll.scoreboards === 1 ? '' : 's'} read for ${poll.games} game${poll.games === 1 ? '' : 's'}: ${poll.matchedGames} matched, ${poll.updatesApplied} update${poll.updatesApplied === 1 ? '' : 's'} applied.`}
      </AlertDescription>
    </Alert>
  )
}

/** The feed's status (GET /api/score-feed-status) and a poll of it now (GET /api/test-nfl-api). */
export function FeedStatusSection({ record, isAdmin }: { record: RecordCall; isAdmin: boolean }) {
  const status = useFeedStatus(isAdmin)
  const poll = usePollFeed(record)
  const st = status.data
  const forbidden = status.error instanceof ApiError && (status.error.status === 403 || status.error.status === 401)
  return (
    <TestSection
      id="feed-status"
      step={1}
      title="Score feed status"
      description="The configured feed: manual entry, or ESPN's scoreboard polled on an interval. Refreshed every 15 s."
      endpoints={['GET /api/score-feed-status', 'GET /api/test-nfl-api']}
    >
      {!isAdmin ? (
        <AdminsOnly />
      ) : status.isLoading ? (
        <div className="grid gap-2" aria-busy="true" aria-label="Loading the feed status">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-5 w-1/2" />
          <Skeleton className="h-5 w-3/5" />
        </div>
      ) : status.isError ? (
        forbidden ? (
          <AdminsOnly />
        ) : (
          <CallErrorAlert error={status.error} fallback="The feed status could not be loaded." />
        )
      ) : !st ? (
        <p className="text-sm text-muted-foreground">Sign in as an admin to see the feed's status.</p>
      ) : (
        <ResultList
          label="Feed status"
          items={[
            {
              label: 'Provider',
              value: (
                <span className="flex flex-wrap items-center gap-2">
                  <span className="font-mono">{st.provider}</span>
                  <Badge variant={st.ok ? 'available' : 'destructive'}>{st.ok ? 'OK' : 'Failing'}</Badge>
                </span>
              ),
              testId: 'feed-provider',
            },
            { label: 'Polled every', value: st.provider === 'manual' ? 'Not polled: scores are entered by hand' : st.interval, testId: 'feed-interval' },
            { label: 'Last poll', value: when(st.lastPoll), testId: 'feed-last-poll' },
            {
              label: 'Last error',
              value: st.lastError ? `${st.lastError}${st.lastErrorAt ? ` (${when(st.lastErrorAt)})` : ''}` : 'None',
              testId: 'feed-last-error',
            },
            { label: 'Matched games', value: st.matchedGames, testId: 'feed-matched' },
          ]}
        />
      )}
      {isAdmin && (
        <div className="flex flex-wrap gap-2">
          <Button type="button" onClick={() => poll.mutate()} disabled={poll.isPending}>
            {poll.isPending ? <Spinner label="Polling the feed" /> : <RadioTower aria-hidden="true" />}
            Poll the feed now
          </Button>
          <Button type="button" variant="outline" onClick={() => void status.refetch()} disabled={status.isFetching}>
            <RefreshCw aria-hidden="true" /> Refresh status
          </Button>
        </div>
      )}
      {poll.isSuccess && <PollResult poll={poll.data} />}
      {poll.isError && <CallErrorAlert error={poll.error} fallback="The poll failed." />}
    </TestSection>
  )
}
