import { AlertTriangle, CheckCircle2, CircleAlert } from 'lucide-react'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { useReadiness, type ReadinessCheck } from '../api/dashboard-api'

/** The production-readiness checklist: what this server and its database really have, as it reports. */
export function ReadinessChecklist() {
  const q = useReadiness()
  const checks = q.data ?? []
  const ready = checks.filter((c) => c.ok).length
  return (
    <Card>
      <CardHeader>
        <CardTitle>Production readiness</CardTitle>
        <CardDescription>
          {q.data && checks.length > 0 ? `${ready} of ${checks.length} ready` : 'Checked by the server each time this page opens.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {q.isLoading ? (
          <div className="grid gap-2" aria-busy="true" aria-label="Loading readiness checks">
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} className="h-9" />
            ))}
          </div>
        ) : q.isError && !q.data ? (
          <Alert variant="destructive">
            <AlertTriangle aria-hidden="true" />
            <AlertTitle>Couldn't load the readiness checks</AlertTitle>
            <AlertDescription>
              <Button size="sm" variant="outline" className="mt-1" onClick={() => void q.refetch()} disabled={q.isFetching}>
                Try again
              </Button>
            </AlertDescription>
          </Alert>
        ) : checks.length === 0 ? (
          <p className="text-sm text-muted-foreground">The server reported no checks.</p>
        ) : (
          <ul className="grid gap-3 text-sm" aria-label="Readiness checks">
            {checks.map((c) => (
              <CheckRow key={c.key} check={c} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}

function CheckRow({ check }: { check: ReadinessCheck }) {
  const Icon = check.ok ? CheckCircle2 : CircleAlert
  return (
    <li className="flex min-w-0 gap-2">
      <Icon className={check.ok ? 'mt-0.5 size-4 shrink-0 text-emerald-700' : 'mt-0.5 size-4 shrink-0 text-amber-600'} aria-hidden="true" />
      <div className="min-w-0">
        <div className="font-medium">
          {check.label} <span className="sr-only">{check.ok ? 'Ready' : 'Not ready'}</span>
        </div>
        <p className="break-words text-muted-foreground">{check.detail}</p>
      </div>
    </li>
  )
}
