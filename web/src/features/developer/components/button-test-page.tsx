import { toast } from '@/lib/toast'
import { Activity, BellRing, MousePointerClick, RotateCcw } from 'lucide-react'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { PageContainer, PageHeader } from '@/components/layout/page'
import { errorMessage } from '@/lib/api'
import { useServerConfig } from '@/lib/config'
import { useDocumentMeta } from '@/lib/use-document-meta'
import { useButtonTest } from '../hooks/use-button-test'
import { DevModeOnly, DevPageLoading } from './dev-mode-only'

const TITLE = 'Test Page'
const VARIANTS = ['default', 'brand', 'secondary', 'outline', 'ghost', 'destructive', 'link'] as const

/** /test: the basic button page (development mode only): buttons that respond, a toast, a server check. */
export function ButtonTestPage() {
  useDocumentMeta({ title: TITLE })
  const { devMode, isLoading } = useServerConfig()
  const t = useButtonTest()
  if (isLoading) return <DevPageLoading />
  if (!devMode) return <DevModeOnly page={TITLE} />

  return (
    <PageContainer className="max-w-3xl">
      <PageHeader eyebrow="Developer" title={TITLE} description="A basic page to check that buttons, toasts and the server answer." />
      <div className="grid gap-6">
        <Card>
          <CardHeader>
            <CardTitle>Click test</CardTitle>
            <CardDescription>Each click counts once.</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-wrap items-center gap-3">
            <Button type="button" onClick={t.click}>
              <MousePointerClick aria-hidden="true" /> Click me
            </Button>
            <Button type="button" variant="outline" onClick={t.resetClicks} disabled={t.clicks === 0}>
              <RotateCcw aria-hidden="true" /> Reset
            </Button>
            <p aria-live="polite" className="text-sm font-semibold" data-testid="click-count">
              {t.clicks === 0 ? 'Not clicked yet' : `Clicked ${t.clicks} time${t.clicks === 1 ? '' : 's'}`}
            </p>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Button styles</CardTitle>
            <CardDescription>Every button style of the app; each shows a toast.</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-wrap gap-2">
            {VARIANTS.map((v) => (
              <Button key={v} type="button" variant={v} onClick={() => toast.success(`The ${v} button works`)}>
                {v === 'default' ? <BellRing aria-hidden="true" /> : null}
                {v[0].toUpperCase() + v.slice(1)}
              </Button>
            ))}
            <Button type="button" disabled>
              Disabled
            </Button>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Server check</CardTitle>
            <CardDescription>
              Calls <code className="rounded bg-muted px-1 text-xs">GET /healthz</code>, which also checks the database.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-3">
            <div>
              <Button type="button" variant="secondary" onClick={() => t.health.mutate()} disabled={t.health.isPending}>
                {t.health.isPending ? <Spinner label="Checking the server" /> : <Activity aria-hidden="true" />}
                {t.health.isPending ? 'Checking…' : 'Check the server'}
              </Button>
            </div>
            {t.health.isSuccess && (
              <Alert variant="success">
                <Activity aria-hidden="true" />
                <AlertTitle>The server answered: {t.health.data?.status ?? 'ok'}</AlertTitle>
                <AlertDescription>The server and its database are up.</AlertDescription>
              </Alert>
            )}
            {t.health.isError && (
              <Alert variant="destructive">
                <Activity aria-hidden="true" />
                <AlertTitle>The server check failed</AlertTitle>
                <AlertDescription>{errorMessage(t.health.error, t.health.error.message)}</AlertDescription>
              </Alert>
            )}
          </CardContent>
        </Card>
      </div>
    </PageContainer>
  )
}
