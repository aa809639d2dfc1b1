import { Bell, BellOff, BellRing, Loader2, Smartphone } from 'lucide-react'
import { Alert, AlertDescription } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { usePushNotifications, type PushState } from '../hooks/use-push-notifications'

const ABOUT = "Get a notification on this device when you win, when a pool you're in fills up and its numbers are drawn, when a pool is cancelled, and when a friend invites you."

const TEXT: Record<Exclude<PushState, 'loading'>, string> = {
  off: ABOUT,
  on: 'Notifications are on for this device: wins, pools filled and drawn, cancelled pools and invitations.',
  denied: "Notifications are blocked for this site. Allow them in your browser's site settings, then reload this page.",
  unsupported: 'This browser cannot show notifications. Try Chrome, Edge, Firefox or Safari.',
  'needs-install': 'On iPhone and iPad, add Squares to your Home Screen (Share, then Add to Home Screen) and open it from there to turn notifications on.',
}

/** "Turn on notifications": this device's push notifications, for a signed-in player. */
export function PushNotificationsCard() {
  const push = usePushNotifications()
  if (!push.available) return null
  const { state, busy } = push
  const Icon = state === 'on' ? BellRing : state === 'denied' ? BellOff : state === 'needs-install' ? Smartphone : Bell
  return (
    <Card data-testid="push-card" aria-labelledby="push-heading" role="region">
      <CardHeader className="flex-row items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-navy text-lime-300" aria-hidden="true">
          <Icon className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          {/* A section of the dashboard: a heading of the level under its h1. */}
          <CardTitle id="push-heading" level={2}>
            Notifications
          </CardTitle>
          <CardDescription className="mt-1" aria-live="polite">
            {state === 'loading' ? 'Checking this device…' : TEXT[state]}
          </CardDescription>
        </div>
      </CardHeader>
      {(state === 'off' || state === 'on' || push.error) && (
        <CardContent className="grid gap-3">
          {push.error && (
            <Alert variant="destructive">
              <AlertDescription>{push.error}</AlertDescription>
            </Alert>
          )}
          {state === 'off' && (
            <Button className="w-full sm:w-auto sm:justify-self-start" onClick={() => void push.turnOn()} disabled={busy}>
              {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Bell aria-hidden="true" />}
              {busy ? 'Turning on…' : 'Turn on notifications'}
            </Button>
          )}
          {state === 'on' && (
            <Button variant="outline" className="w-full sm:w-auto sm:justify-self-start" onClick={() => void push.turnOff()} disabled={busy}>
              {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <BellOff aria-hidden="true" />}
              {busy ? 'Turning off…' : 'Turn off notifications'}
            </Button>
          )}
        </CardContent>
      )}
    </Card>
  )
}
