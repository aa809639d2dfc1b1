import type { ComponentProps } from 'react'
import { Bell } from 'lucide-react'
import { Button } from '@/components/ui/button'

/** "9+" style: the badge never grows wider than two digits and a plus. */
function badgeText(n: number) {
  return n > 99 ? '99+' : String(n)
}

/** The bell: named "Notifications, 2 unread", the count on a badge. Its props go to the button (a trigger's). */
export function BellButton({ unread, ...props }: { unread: number } & ComponentProps<typeof Button>) {
  return (
    <Button variant="navGhost" size="icon" className="relative" aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'} {...props}>
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
  )
}
