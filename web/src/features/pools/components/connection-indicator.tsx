import { Wifi, WifiOff } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { useRealtimeStatus } from '@/lib/realtime'
import { cn } from '@/lib/utils'

/** Connected / Disconnected for the live-update socket, with a Live badge while connected. */
export function ConnectionIndicator({ className }: { className?: string }) {
  const { status, error } = useRealtimeStatus()
  const connected = status === 'connected'
  const label = connected ? 'Connected' : status === 'connecting' ? 'Connecting…' : 'Disconnected'
  return (
    <div className={cn('flex items-center gap-2', className)} data-testid="connection-indicator" data-status={status}>
      <span
        role="status"
        title={!connected && error ? `${error}. Retrying…` : undefined}
        className={cn(
          'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold',
          connected ? 'bg-emerald-500/15 text-emerald-200' : 'bg-white/10 text-white/70',
        )}
      >
        {connected ? <Wifi className="size-3.5" aria-hidden="true" /> : <WifiOff className="size-3.5" aria-hidden="true" />}
        {label}
        {!connected && status === 'disconnected' && error && <span className="sr-only">: {error}. Retrying.</span>}
      </span>
      {connected && (
        <Badge variant="live" className="px-2">
          Live
        </Badge>
      )}
    </div>
  )
}
