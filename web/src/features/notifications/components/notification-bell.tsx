import { lazy, Suspense, useState } from 'react'
import { useUser } from '@/lib/auth'
import { useOnDemand } from '@/lib/use-on-demand'
import { useMarkNotificationsRead, useNotifications, type AppNotification } from '../api/notifications-api'
import { useWinToasts } from '../hooks/use-win-toasts'
import { BellButton } from './bell-button'

const loadPopover = () => import('./notification-popover')
const NotificationPopover = lazy(() => loadPopover().then((m) => ({ default: m.NotificationPopover })))

/**
 * The bell in the top bar of a signed-in player: the unread count on a badge (the button is named
 * "Notifications, 2 unread"), the newest notifications in a popover, each leading to what it is about and
 * read when opened, and "Mark all as read". It also pops the toast of a win that arrives while the app is
 * open (useWinToasts). The popover's code loads once the page is idle, and is drawn at the first tap on the
 * bell, which then opens it: until then the bell is drawn alike without it.
 */
export function NotificationBell() {
  const { user } = useUser()
  const q = useNotifications(!!user)
  useWinToasts(q.data)
  const mark = useMarkNotificationsRead()
  const [open, setOpen] = useState(false)
  const { ready, now, warm } = useOnDemand(loadPopover)
  const list = q.data ?? []
  const unread = list.filter((n) => !n.read).length
  const onOpen = (n: AppNotification) => {
    if (!n.read) mark.mutate([n.id])
    setOpen(false)
  }
  const bell = (
    <BellButton
      unread={unread}
      aria-haspopup="dialog"
      aria-expanded={false}
      onPointerEnter={warm}
      onFocus={warm}
      onClick={() => {
        setOpen(true)
        now()
      }}
    />
  )
  if (!ready) return bell
  return (
    <Suspense fallback={bell}>
      <NotificationPopover
        open={open}
        onOpenChange={setOpen}
        list={list}
        unread={unread}
        loading={q.isLoading}
        failed={q.isLoadingError}
        onOpen={onOpen}
        onMarkAll={() => mark.mutate(undefined)}
      />
    </Suspense>
  )
}
