import { Link } from 'react-router'
import { AlertTriangle, Bell, CircleDollarSign, Trophy, XCircle, type LucideIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover'
import { Skeleton } from '@/components/ui/skeleton'
import { formatDateTimeET } from '@/lib/dates'
import { claimPath } from '@/lib/prizes'
import { cn } from '@/lib/utils'
import type { AppNotification } from '../api/notifications-api'
import { BellButton } from './bell-button'

// The bell's popover, with Radix's popover under it: loaded once the page's first screen is drawn
// (notification-bell.tsx), which draws the same bell until then.

const ICONS: Record<string, { icon: LucideIcon; className: string }> = {
  prize_won: { icon: Trophy, className: 'bg-lime-100 text-lime-800' },
  free_win: { icon: Trophy, className: 'bg-lime-100 text-lime-800' },
  prize_forfeit: { icon: AlertTriangle, className: 'bg-amber-100 text-amber-800' },
  prize_forfeited: { icon: XCircle, className: 'bg-red-100 text-red-700' },
}
const MONEY = { icon: CircleDollarSign, className: 'bg-sky-100 text-sky-800' }

/** Where a notification leads: a prize to its claim, money to the transactions, a pool to its page. */
function notificationTarget(n: AppNotification): string | null {
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

/** The bell's popover: the newest notifications, each leading to what it is about, and "Mark all as read". */
export function NotificationPopover({
  open,
  onOpenChange,
  list,
  unread,
  loading,
  failed,
  onOpen,
  onMarkAll,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  list: AppNotification[]
  unread: number
  loading: boolean
  failed: boolean
  onOpen: (n: AppNotification) => void
  onMarkAll: () => void
}) {
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>
        <BellButton unread={unread} />
      </PopoverTrigger>
      <PopoverContent aria-label="Notifications" className="flex w-96 flex-col">
        <div className="flex items-center justify-between gap-2 border-b px-4 py-2.5">
          <h2 className="text-sm font-bold">Notifications</h2>
          <Button variant="ghost" size="sm" className="h-8 px-2 text-xs" disabled={unread === 0} onClick={onMarkAll}>
            Mark all as read
          </Button>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
          {loading ? (
            <div className="grid gap-3 p-4" aria-busy="true" aria-label="Loading notifications">
              <Skeleton className="h-10" />
              <Skeleton className="h-10" />
            </div>
          ) : failed ? (
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
