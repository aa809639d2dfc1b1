import { useState } from 'react'
import { Link } from 'react-router'
import { AlertTriangle, Bell, CircleDollarSign, Trophy, XCircle, type LucideIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover'
import { Skeleton } from '@/components/ui/skeleton'
import { useUser } from '@/lib/auth'
import { formatDateTimeET } from '@/lib/dates'
import { claimPath } from '@/lib/prizes'
import { cn } from '@/lib/utils'
import { useMarkNotificationsRead, useNotifications, type AppNotification } from '../api/notifications-api'
import { useWinToasts } from '../hooks/use-win-toasts'

const ICONS: Record<string, { icon: LucideIcon; className: string }> = {
  prize_won: { icon: Trophy, className: 'bg-lime-100 text-lime-800' },
  free_win: { icon: Trophy, className: 'bg-lime-100 text-lime-800' },
  prize_forfeit: { icon: AlertTriangle, className: 'bg-amber-100 text-amber-800' },
  prize_forfeited: { icon: XCircle, className: 'bg-red-100 text-red-700' },
}
const MONEY = { icon: CircleDollarSign, className: 'bg-sky-100 text-sky-800' }

/** Where a notification leads: a prize to its claim, money to the transactions, a pool to its page. */
export function notificationTarget(n: AppNotification): string | null {
  switch (n.kind) {
    case 'prize_won':
    case 'prize_forfeit':
      return n.prizeId ? claimPath(n.prizeId) : '/my-pools?tab=winnings'
    case 'prize_forfeited':
      return '/my-pools?tab=winnings'
    case 'payment_released':
    case 'payment_refunded':
      return '/my-pools?tab=transactions'
  }
  return n.poolId ? `/pool/${n.poolId}` : null
}

/** "9+" style: the badge never grows wider than two digits and a plus. */
function badgeText(n: number) {
  return n > 99 ? '99+' : String(n)
}

function Item({ n, onOpen }: { n: AppNotification; onOpen: (n: AppNotification) => void }) {
  const { icon: Icon, className } = ICONS[n.kind] ?? MONEY
  const to = notificationTarget(n)
  const body = (
    <>
      <span className={cn('mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full', className)}>
        <Icon className="size-4" aria-hidden="true" />
      </span>
      <span className="min-w-0 flex-1">
        <span className={cn('block text-sm leading-snug', !n.read && 'font-semibold')}>{n.message}</span>
        <span className="block text-xs text-muted-foreground">{formatDateTimeET(n.createdAt)}</span>
      </span>
      {!n.read && (
        <span className="mt-2 size-2 shrink-0 rounded-full bg-lime-500">
          <span className="sr-only">Unread</span>
        </span>
      )}
    </>
  )
  const itemClass = cn(
    'flex w-full gap-3 px-4 py-3 text-left outline-none focus-visible:bg-muted',
    !n.read && 'bg-lime-50/60',
    to && 'hover:bg-muted',
  )
  return (
    <li data-testid="notification" data-read={n.read}>
      {to ? (
        <Link to={to} className={itemClass} onClick={() => onOpen(n)}>
          {body}
        </Link>
      ) : (
        <button type="button" className={itemClass} onClick={() => onOpen(n)}>
          {body}
        </button>
      )}
    </li>
  )
}

/**
 * The bell in the top bar of a signed-in player: the unread count on a badge (the button is named
 * "Notifications, 2 unread"), the newest notifications in a popover, each leading to what it is about and
 * read when opened, and "Mark all as read". It also pops the toast of a win that arrives while the app is
 * open (useWinToasts).
 */
export function NotificationBell() {
  const { user } = useUser()
  const q = useNotifications(!!user)
  useWinToasts(q.data)
  const mark = useMarkNotificationsRead()
  const [open, setOpen] = useState(false)
  const list = q.data ?? []
  const unread = list.filter((n) => !n.read).length
  const onOpen = (n: AppNotification) => {
    if (!n.read) mark.mutate([n.id])
    setOpen(false)
  }
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button variant="navGhost" size="icon" className="relative" aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}>
          <Bell className="size-5" aria-hidden="true" />
          {unread > 0 && (
            <span
              aria-hidden="true"
              data-testid="notification-count"
              className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-lime-400 px-1 text-[11px] font-black text-navy ring-2 ring-navy"
            >
              {badgeText(unread)}
            </span>
          )}
        </Button>
      </PopoverTrigger>
      <PopoverContent aria-label="Notifications" className="flex w-96 flex-col">
        <div className="flex items-center justify-between gap-2 border-b px-4 py-2.5">
          <h2 className="text-sm font-bold">Notifications</h2>
          <Button variant="ghost" size="sm" className="h-8 px-2 text-xs" disabled={unread === 0} onClick={() => mark.mutate(undefined)}>
            Mark all as read
          </Button>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
          {q.isLoading ? (
            <div className="grid gap-3 p-4" aria-busy="true" aria-label="Loading notifications">
              <Skeleton className="h-10" />
              <Skeleton className="h-10" />
            </div>
          ) : q.isLoadingError ? (
            <p className="p-4 text-sm text-destructive">Your notifications could not be loaded. Please try again later.</p>
          ) : list.length === 0 ? (
            <div className="px-4 py-8 text-center text-sm text-muted-foreground">
              <Bell className="mx-auto mb-2 size-6" aria-hidden="true" />
              No notifications yet. Wins, prize deadlines and refunds show up here.
            </div>
          ) : (
            <ul className="divide-y">
              {list.map((n) => (
                <Item key={n.id} n={n} onOpen={onOpen} />
              ))}
            </ul>
          )}
        </div>
      </PopoverContent>
    </Popover>
  )
}
