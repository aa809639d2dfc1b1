import { Component, type ErrorInfo, type ReactNode } from 'react'
import { AlertTriangle } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { isAuthNoise } from '@/lib/api'
import { isMissingChunkError, isReloadingForNewCode, page, reloadOnceForMissingCode } from '@/lib/chunk-reload'

export function ErrorFallback({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="flex min-h-[60dvh] items-center justify-center p-6">
      <div className="max-w-md rounded-xl border bg-card p-8 text-center shadow-sm">
        <AlertTriangle className="mx-auto mb-4 size-10 text-amber-500" aria-hidden="true" />
        <h1 className="text-xl font-bold">Something went wrong</h1>
        <p className="mt-2 text-sm text-muted-foreground">
          An unexpected error stopped this page from loading. Your account and squares are safe.
        </p>
        <Button className="mt-6" onClick={onRetry}>
          Try again
        </Button>
      </div>
    </div>
  )
}

/** A screen whose code could not be downloaded (offline, or a deploy the reload did not cure). */
function MissingCodeFallback() {
  return (
    <div role="alert" className="flex min-h-[60dvh] items-center justify-center p-6">
      <div className="max-w-md rounded-xl border bg-card p-8 text-center shadow-sm">
        <AlertTriangle className="mx-auto mb-4 size-10 text-amber-500" aria-hidden="true" />
        <h1 className="text-xl font-bold">This page could not be loaded</h1>
        <p className="mt-2 text-sm text-muted-foreground">
          Check your connection, then reload the page. Your account and squares are safe.
        </p>
        <Button className="mt-6" onClick={() => page.reload()}>
          Reload page
        </Button>
      </div>
    </div>
  )
}

interface State {
  error: unknown
}

export class ErrorBoundary extends Component<{ children: ReactNode; onReset?: () => void }, State> {
  state: State = { error: null }

  static getDerivedStateFromError(error: unknown): State {
    return { error }
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    if (isMissingChunkError(error) && reloadOnceForMissingCode()) {
      // The page is reloading for the new code; re-render to drop the fallback.
      this.forceUpdate()
      return
    }
    if (!isAuthNoise(error)) console.error('Render error', error, info.componentStack)
  }

  reset = () => {
    this.props.onReset?.()
    this.setState({ error: null })
  }

  render() {
    if (this.state.error) {
      if (isReloadingForNewCode()) return null
      if (isMissingChunkError(this.state.error)) return <MissingCodeFallback />
      return <ErrorFallback onRetry={this.reset} />
    }
    return this.props.children
  }
}
