import { useState } from 'react'
import { Link, NavLink, useLocation } from 'react-router'
import { LogOut, Menu, ShieldCheck, X } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Logo } from '@/components/layout/logo'
import { useAdminSignOut } from '@/lib/auth'
import { cn } from '@/lib/utils'

// Every admin screen, grouped as the operator works: the spec's links (Dashboard, Pool of the Week, Pool
// Management, User Management, Pool Cancellation, Analytics) with the screens it leaves out beside them.
const ADMIN_LINKS = [
  { to: '/production-dashboard', label: 'Dashboard' },
  { to: '/pool-of-the-week', label: 'Pool of the Week' },
  { to: '/admin-simple', label: 'Pool Management' },
  { to: '/admin/pools', label: 'Pool Activation Center' },
  { to: '/week-management', label: 'Week Management' },
  { to: '/admin/users', label: 'User Management' },
  { to: '/admin/pool-cancellation', label: 'Pool Cancellation' },
  { to: '/admin/payouts', label: 'Payouts' },
  { to: '/admin/ledger', label: 'Ledger' },
  { to: '/admin/analytics', label: 'Analytics' },
  { to: '/admin/audit', label: 'Audit' },
]

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-2 py-1.5 text-sm font-semibold whitespace-nowrap outline-none focus-visible:ring-[3px] focus-visible:ring-amber-300/70',
    isActive ? 'bg-white/12 text-amber-300' : 'text-white/80 hover:bg-white/10 hover:text-white',
  )

/**
 * The admin's bar: the logo, the ADMIN badge and Logout, and a row of every admin screen below them on wide
 * screens; a menu with the same links (and the admin's own Security) on narrower ones. On wide screens the
 * dashboard links Security.
 */
export function AdminNavbar() {
  const signOut = useAdminSignOut()
  const location = useLocation()
  // The menu belongs to the page it was opened on: navigating closes it.
  const [openOn, setOpenOn] = useState<string | null>(null)
  const open = openOn === location.pathname
  const setOpen = (value: boolean) => setOpenOn(value ? location.pathname : null)
  return (
    <header className="sticky top-0 z-40 border-b-2 border-amber-400 bg-navy text-white">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6 lg:px-8 xl:max-w-none">
        <div className="flex items-center gap-3">
          <Link
            to="/production-dashboard"
            aria-label="Admin dashboard"
            className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-amber-300/70"
          >
            <Logo />
          </Link>
          <Badge variant="admin">
            <ShieldCheck aria-hidden="true" /> ADMIN
          </Badge>
        </div>
        <div className="flex items-center gap-2">
          <Button variant="navGhost" size="sm" className="hidden xl:inline-flex" disabled={signOut.isPending} onClick={() => signOut.mutate()}>
            <LogOut aria-hidden="true" /> Logout
          </Button>
          <Button
            variant="navGhost"
            size="icon"
            className="xl:hidden"
            aria-expanded={open}
            aria-controls="admin-mobile-menu"
            aria-label={open ? 'Close menu' : 'Open menu'}
            onClick={() => setOpen(!open)}
          >
            {open ? <X className="size-6" /> : <Menu className="size-6" />}
          </Button>
        </div>
      </div>
      <nav aria-label="Admin" className="hidden border-t border-white/10 px-6.5 py-1.5 xl:block">
        <ul className="flex flex-wrap items-center gap-x-0.5 gap-y-1">
          {ADMIN_LINKS.map((l) => (
            <li key={l.to}>
              <NavLink to={l.to} className={(st) => cn(linkClass(st), 'px-1.5 text-[0.8125rem]')}>
                {l.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {open && (
        <nav
          id="admin-mobile-menu"
          aria-label="Admin mobile"
          className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-white/10 px-4 py-3 xl:hidden"
        >
          <div className="mx-auto flex max-w-7xl flex-col gap-1">
            {ADMIN_LINKS.map((l) => (
              <NavLink key={l.to} to={l.to} className={(s) => cn(linkClass(s), 'py-2')}>
                {l.label}
              </NavLink>
            ))}
            {/* The admin's own account settings. */}
            <NavLink to="/admin/security" className={(s) => cn(linkClass(s), 'py-2')}>
              Security
            </NavLink>
            <Button
              variant="outline"
              className="mt-2 border-white/25 bg-transparent text-white hover:bg-white/10 hover:text-white"
              disabled={signOut.isPending}
              onClick={() => signOut.mutate()}
            >
              <LogOut aria-hidden="true" /> Logout
            </Button>
          </div>
        </nav>
      )}
    </header>
  )
}
