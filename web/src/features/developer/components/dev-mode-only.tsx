import { Link } from 'react-router'
import { ServerOff } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { PageContainer } from '@/components/layout/page'

/** What a developer page shows on a server that is not in development mode (its calls answer 404). */
export function DevModeOnly({ page }: { page: string }) {
  return (
    <PageContainer className="max-w-2xl">
      <Card>
        <CardHeader>
          <div className="mb-2 flex size-12 items-center justify-center rounded-full bg-amber-100 text-amber-700">
            <ServerOff className="size-6" aria-hidden="true" />
          </div>
          <CardTitle className="text-2xl">Developer pages are available only in development mode</CardTitle>
          <CardDescription className="text-base">
            This server is not running in development mode, so the {page.toLowerCase()} calls are switched off (the server answers 404).
          </CardDescription>
        </CardHeader>
        <CardContent>
          <p className="mb-5 text-sm text-muted-foreground">
            Start a development server (<code className="rounded bg-muted px-1 py-0.5 text-xs">SQUARES_DEV=1</code>) to use this page.
          </p>
          <Button asChild>
            <Link to="/dashboard">Back to Dashboard</Link>
          </Button>
        </CardContent>
      </Card>
    </PageContainer>
  )
}

/** The page skeleton while the server's configuration loads. */
export function DevPageLoading({ label = 'Loading the test page' }: { label?: string }) {
  return (
    <PageContainer className="max-w-7xl">
      <div className="grid gap-4" aria-busy="true" aria-label={label}>
        <Skeleton className="h-10 w-72" />
        <Skeleton className="h-48" />
        <Skeleton className="h-48" />
      </div>
    </PageContainer>
  )
}
