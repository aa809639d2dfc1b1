import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react'
import { Link, NavLink, useLocation } from 'react-router'
import { CalendarDays, ChevronDown, LifeBuoy, LogIn, LogOut, Menu, Plus, X } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { selectTriggerClass } from '@/components/ui/select-trigger-class'
import { Logo } from '@/components/layout/logo'
import { useServerConfig } from '@/lib/config'
import { useOnDemand } from '@/lib/use-on-demand'
import { useLeagues, useSelectedLeague } from '@/lib/leagues'
import { useSignOut, useUser } from '@/lib/auth'
import type { User } from '@/lib/types'
import { cn } from '@/lib/utils'
import { avatarTriggerClass, leagueTriggerClass, UserAvatar } from './navbar-parts'

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

type MenuName = 'league' | 'schedules' | 'avatar'

const loadMenus = () => import('./navbar-menus')

/**
 * The top bar's menus (navbar-menus.tsx) load once the page's first screen is drawn, when the browser is
 * idle, and are drawn at the first tap on one of their triggers: Radix's select and menus, with their
 * positioning code, are 10 kB of the first script on the wire (Brotli) and 20-40 ms of a render, and a
 * phone's first screen has no use for them (a phone does not even show them). Their triggers are drawn
 * alike until then; a tap on one draws the menus (loading them first if need be) and opens that one.
 */
function useMenus() {
  const { ready, now, warm } = useOnDemand(loadMenus)
  const [opened, setOpened] = useState<MenuName | null>(null)
  const open = (name: MenuName) => {
    setOpened(name)
    now()
  }
  // Once drawn, a menu a tap opened is an ordinary menu: the next one mounted (the phone menu's league
  // selector, opened again later) starts closed.
  const shown = useCallback((name: MenuName) => setOpened((o) => (o === name ? null : o)), [])
  // Pointing at a trigger fetches the code, but draws nothing anew: the trigger under the pointer stays the
  // element the coming tap lands on.
  return { ready, opened, open, shown, warm }
}

/** Mounted with a loaded menu, in its Suspense boundary: says the menu is drawn. */
function Shown({ name, then }: { name: MenuName; then: (name: MenuName) => void }) {
  useEffect(() => then(name), [name, then])
  return null
}
type Menus = ReturnType<typeof useMenus>

const LeagueSelect = lazy(() => loadMenus().then((m) => ({ default: m.LeagueSelect })))
const SchedulesMenuLoaded = lazy(() => loadMenus().then((m) => ({ default: m.SchedulesMenu })))
const AvatarMenuLoaded = lazy(() => loadMenus().then((m) => ({ default: m.AvatarMenu })))

/** A trigger drawn before its menu has loaded: pointing at it fetches the menus, a tap opens this one. */
function triggerProps(menus: Menus, name: MenuName) {
  return {
    onPointerEnter: menus.warm,
    onFocus: menus.warm,
    onPointerDown: () => menus.open(name),
    onClick: () => menus.open(name),
  }
}

function LeagueSelector({ menus, className }: { menus: Menus; className?: string }) {
  const { data: leagues } = useLeagues()
  const { selectedLeague } = useSelectedLeague()
  const selected = (leagues ?? []).find((l) => String(l.id) === selectedLeague)
  const fallback = (
    <button
      type="button"
      role="combobox"
      aria-label="League"
      aria-expanded={false}
      aria-autocomplete="none"
      data-placeholder={selected ? undefined : ''}
      className={cn(selectTriggerClass, leagueTriggerClass, className)}
      {...triggerProps(menus, 'league')}
    >
      <span data-slot="select-value" style={{ pointerEvents: 'none' }}>
        {selected ? selected.name : 'League'}
      </span>
      <ChevronDown className="size-4 opacity-60" aria-hidden="true" />
    </button>
  )
  if (!menus.ready) return fallback
  return (
    <Suspense fallback={fallback}>
      <LeagueSelect className={className} defaultOpen={menus.opened === 'league'} />
      <Shown name="league" then={menus.shown} />
    </Suspense>
  )
}

function SchedulesMenu({ menus }: { menus: Menus }) {
  const fallback = (
    <Button variant="navGhost" size="sm" className="font-semibold" aria-haspopup="menu" aria-expanded={false} {...triggerProps(menus, 'schedules')}>
      <CalendarDays aria-hidden="true" />
      League Schedules
      <ChevronDown aria-hidden="true" />
    </Button>
  )
  if (!menus.ready) return fallback
  return (
    <Suspense fallback={fallback}>
      <SchedulesMenuLoaded defaultOpen={menus.opened === 'schedules'} />
      <Shown name="schedules" then={menus.shown} />
    </Suspense>
  )
}

function AvatarMenu({ menus, user }: { menus: Menus; user: User }) {
  const fallback = (
    <button
      type="button"
      aria-label="Account menu"
      aria-haspopup="menu"
      aria-expanded={false}
      className={avatarTriggerClass}
      {...triggerProps(menus, 'avatar')}
    >
      <UserAvatar user={user} className="ring-2 ring-white/20" />
    </button>
  )
  if (!menus.ready) return fallback
  return (
    <Suspense fallback={fallback}>
      <AvatarMenuLoaded user={user} defaultOpen={menus.opened === 'avatar'} />
      <Shown name="avatar" then={menus.shown} />
    </Suspense>
  )
}

function MobileMenu({ open, user, menus, onClose }: { open: boolean; user: User | null; menus: Menus; onClose: () => void }) {
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
              <LeagueSelector menus={menus} />
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
  const menus = useMenus()

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
              <SchedulesMenu menus={menus} />
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
              <LeagueSelector menus={menus} className="hidden xl:flex" />
              <div className="hidden xl:block">
                <AvatarMenu menus={menus} user={user} />
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
      <MobileMenu open={open} user={user} menus={menus} onClose={() => setOpen(false)} />
    </header>
  )
}
