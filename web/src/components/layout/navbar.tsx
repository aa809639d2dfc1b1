import { useState, type ReactNode } from 'react'
import { Link, NavLink, useLocation } from 'react-router'
import { CalendarDays, ChevronDown, LifeBuoy, LogIn, LogOut, Menu, Plus, Settings, User as UserIcon, X } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import { Logo } from '@/components/layout/logo'
import { useServerConfig } from '@/lib/config'
import { useLeagues, useSelectedLeague } from '@/lib/leagues'
import { userInitial, useSignOut, useUser } from '@/lib/auth'
import type { User } from '@/lib/types'
import { cn } from '@/lib/utils'

const PLAYER_LINKS = [
  { to: '/how-to-play', label: 'How to Play' },
  { to: '/', label: 'Dashboard', end: true },
  { to: '/pool-of-the-week', label: 'Pool of the Week' },
  { to: '/my-pools', label: 'My Pools' },
]

function navLinkClass({ isActive }: { isActive: boolean }) {
  return cn(
    'rounded-md px-2.5 py-2 text-sm font-semibold whitespace-nowrap transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-lime-300/70',
    isActive ? 'bg-white/12 text-lime-300' : 'text-white/80 hover:bg-white/10 hover:text-white',
  )
}

function LeagueSelector({ className }: { className?: string }) {
  const { data: leagues } = useLeagues()
  const { selectedLeague, setSelectedLeague } = useSelectedLeague()
  const list = leagues ?? []
  return (
    <Select value={list.some((l) => String(l.id) === selectedLeague) ? selectedLeague : ''} onValueChange={setSelectedLeague}>
      <SelectTrigger
        aria-label="League"
        className={cn('h-9 w-[7.5rem] border-white/20 bg-white/10 text-white data-[placeholder]:text-white/70 [&_svg]:text-white', className)}
      >
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

function SchedulesMenu() {
  const { data: leagues } = useLeagues()
  return (
    <DropdownMenu>
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

export function UserAvatar({ user, className }: { user: User; className?: string }) {
  return (
    <Avatar className={className}>
      {user.profileImageUrl && <AvatarImage src={user.profileImageUrl} alt="" />}
      <AvatarFallback>{userInitial(user)}</AvatarFallback>
    </Avatar>
  )
}

function AvatarMenu({ user }: { user: User }) {
  const signOut = useSignOut()
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ')
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <button
          type="button"
          aria-label="Account menu"
          className="rounded-full outline-none focus-visible:ring-[3px] focus-visible:ring-lime-300/80"
        >
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

function MobileMenu({ open, user, onClose }: { open: boolean; user: User | null; onClose: () => void }) {
  const signOut = useSignOut()
  const { devMode } = useServerConfig()
  const { data: leagues } = useLeagues()
  if (!open) return null
  const itemClass = ({ isActive }: { isActive: boolean }) =>
    cn(
      'block rounded-md px-3 py-3 text-base font-semibold outline-none focus-visible:ring-[3px] focus-visible:ring-lime-300/70',
      isActive ? 'bg-white/10 text-lime-300' : 'text-white/90 hover:bg-white/10',
    )
  return (
    <div id="mobile-menu" className="border-t border-white/10 bg-navy xl:hidden">
      <nav aria-label="Mobile" className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-3">
        {user ? (
          <>
            {PLAYER_LINKS.map((l) => (
              <NavLink key={l.to} to={l.to} end={l.end} className={itemClass} onClick={onClose}>
                {l.label}
              </NavLink>
            ))}
            <NavLink to="/create-private-pool" className={itemClass} onClick={onClose}>
              Create Private Pool
            </NavLink>
            <NavLink to="/account" className={itemClass} onClick={onClose}>
              Account
            </NavLink>
            {(leagues ?? []).length > 0 && (
              <div className="mt-2 border-t border-white/10 pt-2">
                <div className="px-3 pb-1 text-xs font-bold tracking-widest text-white/50 uppercase">League Schedules</div>
                {(leagues ?? []).map((l) => (
                  <NavLink key={l.id} to={`/schedule/${l.name.toLowerCase()}`} className={itemClass} onClick={onClose}>
                    {l.displayName || l.name}
                  </NavLink>
                ))}
              </div>
            )}
            <div className="mt-2 flex items-center justify-between gap-3 border-t border-white/10 pt-3">
              <div className="flex min-w-0 items-center gap-3">
                <UserAvatar user={user} />
                <div className="min-w-0 text-sm">
                  <div className="truncate font-semibold text-white">{[user.firstName, user.lastName].filter(Boolean).join(' ') || 'Player'}</div>
                  <div className="truncate text-white/60">{user.email}</div>
                </div>
              </div>
              <LeagueSelector />
            </div>
            <Button
              variant="outline"
              className="mt-3 border-white/25 bg-transparent text-white hover:bg-white/10 hover:text-white"
              disabled={signOut.isPending}
              onClick={() => {
                onClose()
                signOut.mutate()
              }}
            >
              <LogOut aria-hidden="true" /> Sign Out
            </Button>
          </>
        ) : (
          <>
            <NavLink to="/dashboard" className={itemClass} onClick={onClose}>
              Pools
            </NavLink>
            <NavLink to="/how-to-play" className={itemClass} onClick={onClose}>
              How to Play
            </NavLink>
            <NavLink to="/pool-of-the-week" className={itemClass} onClick={onClose}>
              Pool of the Week
            </NavLink>
            <Button asChild variant="brand" className="mt-2">
              <Link to="/login" onClick={onClose}>
                <LogIn aria-hidden="true" /> Sign In / Register
              </Link>
            </Button>
            {devMode && (
              <Button asChild variant="outline" className="border-amber-300/50 bg-transparent text-amber-200 hover:bg-amber-300/10 hover:text-amber-100">
                <Link to="/emergency-login" onClick={onClose}>
                  <LifeBuoy aria-hidden="true" /> Emergency Login (testing only)
                </Link>
              </Button>
            )}
          </>
        )}
      </nav>
    </div>
  )
}

/** `notifications`: the signed-in player's bell (features/notifications, mounted by the app shell). */
export function Navbar({ notifications }: { notifications?: ReactNode }) {
  const { user } = useUser()
  const location = useLocation()
  // The menu belongs to the page it was opened on: navigating closes it.
  const [openOn, setOpenOn] = useState<string | null>(null)
  const open = openOn === location.pathname
  const setOpen = (value: boolean) => setOpenOn(value ? location.pathname : null)

  return (
    <header className="sticky top-0 z-40 bg-navy text-white shadow-[0_1px_0_rgba(255,255,255,0.06)]">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6 lg:px-8">
        <Link to="/" className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-lime-300/70" aria-label="Squares home">
          <Logo />
        </Link>

        <nav aria-label="Main" className="hidden items-center gap-0.5 xl:flex">
          {user ? (
            <>
              {PLAYER_LINKS.map((l) => (
                <NavLink key={l.to} to={l.to} end={l.end} className={navLinkClass}>
                  {l.label}
                </NavLink>
              ))}
              <SchedulesMenu />
            </>
          ) : (
            <>
              <NavLink to="/dashboard" className={navLinkClass}>
                Pools
              </NavLink>
              <NavLink to="/how-to-play" className={navLinkClass}>
                How to Play
              </NavLink>
              <NavLink to="/pool-of-the-week" className={navLinkClass}>
                Pool of the Week
              </NavLink>
            </>
          )}
        </nav>

        <div className="flex items-center gap-2">
          {user && notifications}
          {user ? (
            <>
              <Button asChild variant="brand" size="sm" className="hidden xl:inline-flex">
                <Link to="/create-private-pool">
                  <Plus aria-hidden="true" /> Create Private Pool
                </Link>
              </Button>
              <LeagueSelector className="hidden xl:flex" />
              <div className="hidden xl:block">
                <AvatarMenu user={user} />
              </div>
            </>
          ) : (
            <Button asChild variant="brand" size="sm" className="hidden sm:inline-flex">
              <Link to="/login">Player Signup/Signin</Link>
            </Button>
          )}
          <Button
            variant="navGhost"
            size="icon"
            className="xl:hidden"
            aria-expanded={open}
            aria-controls="mobile-menu"
            aria-label={open ? 'Close menu' : 'Open menu'}
            onClick={() => setOpen(!open)}
          >
            {open ? <X className="size-6" /> : <Menu className="size-6" />}
          </Button>
        </div>
      </div>
      <MobileMenu open={open} user={user} onClose={() => setOpen(false)} />
    </header>
  )
}
