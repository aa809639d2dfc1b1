import { LogOut, MonitorSmartphone, Smartphone, Monitor } from 'lucide-react'
import { toast } from '@/lib/toast'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { Spinner } from '@/components/ui/spinner'
import { errorMessage } from '@/lib/api'
import { formatDateTimeET } from '@/lib/dates'
import { useRevokeOtherSessions, useSessions, type AccountSession } from '../api/account-api'

function DeviceIcon({ device }: { device: string }) {
  const Icon = /iPhone|iPad|Android/.test(device) ? Smartphone : Monitor
  return <Icon className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
}

function DeviceRow({ session }: { session: AccountSession }) {
  return (
    <li className="flex gap-3 py-3" data-testid="device">
      <DeviceIcon device={session.device} />
      <div className="min-w-0 flex-1 text-sm">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{session.device}</span>
          {session.current && <Badge variant="available">This device</Badge>}
        </div>
        <div className="text-muted-foreground">
          Signed in {formatDateTimeET(session.createdAt)}
          {!session.current && <> · last active {formatDateTimeET(session.lastSeenAt)}</>}
        </div>
      </div>
    </li>
  )
}

/** The devices signed in to the account, this one first, and "Sign out other devices". */
export function DevicesCard() {
  const sessions = useSessions()
  const revoke = useRevokeOtherSessions()
  const list = sessions.data ?? []
  const others = list.filter((s) => !s.current).length

  const onRevoke = () =>
    revoke.mutate(undefined, {
      onSuccess: (answer) => toast.success('Other devices signed out', { description: answer.message }),
      onError: (err) => toast.error('Could not sign out other devices', { description: errorMessage(err, 'Please try again.') }),
    })

  return (
    <Card id="devices" className="scroll-mt-24">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <MonitorSmartphone className="size-5 text-muted-foreground" aria-hidden="true" /> Devices
        </CardTitle>
        <CardDescription>Where your account is signed in. Sign out anywhere you don't recognise, then change your password.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {sessions.isLoading ? (
          <div className="grid gap-2">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : sessions.isError ? (
          <p className="text-sm text-destructive">Your devices could not be loaded. Please try again later.</p>
        ) : (
          <ul className="divide-y" aria-label="Signed-in devices">
            {list.map((s) => (
              <DeviceRow key={s.id} session={s} />
            ))}
          </ul>
        )}
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="outline" onClick={onRevoke} disabled={revoke.isPending || sessions.isLoading || others === 0}>
            {revoke.isPending ? <Spinner label="Signing out" /> : <LogOut aria-hidden="true" />}
            Sign out other devices
          </Button>
          {!sessions.isLoading && !sessions.isError && others === 0 && (
            <span className="text-sm text-muted-foreground">No other device is signed in.</span>
          )}
        </div>
      </CardContent>
    </Card>
  )
}
