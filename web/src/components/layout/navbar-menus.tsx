import { Link } from 'react-router'
import { CalendarDays, ChevronDown, LogOut, Settings, User as UserIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import { useLeagues, useSelectedLeague } from '@/lib/leagues'
import { useSignOut } from '@/lib/auth'
import type { User } from '@/lib/types'
import { cn } from '@/lib/utils'
import { avatarTriggerClass, leagueTriggerClass, UserAvatar } from './navbar-parts'

// The top bar's menus, with Radix's select and menus under them: loaded after the page's first screen
// (navbar.tsx), which draws look-alike triggers until then.

/** The league selector (spec: placeholder "League", option values the league ids). */
export function LeagueSelect({ className, defaultOpen }: { className?: string; defaultOpen?: boolean }) {
  const { data: leagues } = useLeagues()
  const { selectedLeague, setSelectedLeague } = useSelectedLeague()
  const list = leagues ?? []
  return (
    <Select
      value={list.some((l) => String(l.id) === selectedLeague) ? selectedLeague : ''}
      onValueChange={setSelectedLeague}
      defaultOpen={defaultOpen}
    >
      <SelectTrigger aria-label="League" className={cn(leagueTriggerClass, className)}>
        <SelectValue placeholder="League" />
      </SelectTrigger>
      <SelectContent>
        {list.map((l) => (
          <SelectItem key={l.id} value={String(l.id)}>
            {l.name}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  )
}

/** League Schedules: a link per league to /schedule/{name}. */
export function SchedulesMenu({ defaultOpen }: { defaultOpen?: boolean }) {
  const { data: leagues } = useLeagues()
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <Button variant="navGhost" size="sm" className="font-semibold">
          <CalendarDays aria-hidden="true" />
          League Schedules
          <ChevronDown aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        <DropdownMenuLabel>League Schedules</DropdownMenuLabel>
        {(leagues ?? []).map((l) => (
          <DropdownMenuItem key={l.id} asChild>
            <Link to={`/schedule/${l.name.toLowerCase()}`}>{l.displayName || l.name}</Link>
          </DropdownMenuItem>
        ))}
        {(leagues ?? []).length === 0 && <DropdownMenuItem disabled>No leagues yet</DropdownMenuItem>}
      </DropdownMenuContent>
    </DropdownMenu>
  )
}

/** The avatar's menu: name, e-mail, Profile, Settings and Sign out. */
export function AvatarMenu({ user, defaultOpen }: { user: User; defaultOpen?: boolean }) {
  const signOut = useSignOut()
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ')
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <button type="button" aria-label="Account menu" className={avatarTriggerClass}>
          <UserAvatar user={user} className="ring-2 ring-white/20" />
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="font-normal">
          <div className="truncate font-semibold">{name || 'Player'}</div>
          <div className="truncate text-xs text-muted-foreground">{user.email}</div>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/account">
            <UserIcon aria-hidden="true" /> Profile
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/account#settings">
            <Settings aria-hidden="true" /> Settings
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" disabled={signOut.isPending} onSelect={() => signOut.mutate()}>
          <LogOut aria-hidden="true" /> Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
