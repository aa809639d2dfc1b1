import { useState } from 'react'
import { Link, NavLink, useLocation } from 'react-router'
import { LogOut, Menu, ShieldCheck, X } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Logo } from '@/components/layout/logo'
import { useAdminSignOut } from '@/lib/auth'
import { cn } from '@/lib/utils'

const ADMIN_LINKS = [
  { to: '/production-dashboard', label: 'Dashboard' },
  { to: '/pool-of-the-week', label: 'Pool of the Week' },
  { to: '/admin-simple', label: 'Pool Management' },
  { to: '/admin/users', label: 'User Management' },
  { to: '/admin/pool-cancellation', label: 'Pool Cancellation' },
  { to: '/admin/payouts', label: 'Payouts' },
  { to: '/admin/analytics', label: 'Analytics' },
  { to: '/admin/audit', label: 'Audit' },
]

export function AdminNavbar() {
  const signOut = useAdminSignOut()
  const location = useLocation()
  // The menu belongs to the page it was opened on: navigating closes it.
  const [openOn, setOpenOn] = useState<string | null>(null)
  const open = openOn === location.pathname
  const setOpen = (value: boolean) => setOpenOn(value ? location.pathname : null)
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    cn(
      'rounded-md px-2 py-2 text-sm font-semibold whitespace-nowrap outline-none focus-visible:ring-[3px] focus-visible:ring-amber-300/70',
      isActive ? 'bg-white/12 text-amber-300' : 'text-white/80 hover:bg-white/10 hover:text-white',
    )
  return (
    <header className="sticky top-0 z-40 border-b-2 border-amber-400 bg-navy text-white">
      <div className="mx-auto flex h-16 max-w-7xl items-center min-[1360px]:max-w-none justify-between gap-3 px-4 sm:px-6 lg:px-8">
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
        <nav aria-label="Admin" className="hidden items-center gap-0.5 min-[1360px]:flex">
          {ADMIN_LINKS.map((l) => (
            <NavLink key={l.to} to={l.to} className={linkClass}>
              {l.label}
            </NavLink>
          ))}
        </nav>
        <div className="flex items-center gap-2">
          <Button variant="navGhost" size="sm" className="hidden min-[1360px]:inline-flex" disabled={signOut.isPending} onClick={() => signOut.mutate()}>
            <LogOut aria-hidden="true" /> Logout
          </Button>
          <Button
            variant="navGhost"
            size="icon"
            className="min-[1360px]:hidden"
            aria-expanded={open}
            aria-controls="admin-mobile-menu"
            aria-label={open ? 'Close menu' : 'Open menu'}
            onClick={() => setOpen(!open)}
          >
            {open ? <X className="size-6" /> : <Menu className="size-6" />}
          </Button>
        </div>
      </div>
      {open && (
        <nav id="admin-mobile-menu" aria-label="Admin mobile" className="border-t border-white/10 px-4 py-3 min-[1360px]:hidden">
          <div className="mx-auto flex max-w-7xl flex-col gap-1">
            {ADMIN_LINKS.map((l) => (
              <NavLink key={l.to} to={l.to} className={linkClass}>
                {l.label}
              </NavLink>
            ))}
            {/* The admin's own account settings; the desktop bar has no room for them (the dashboard links them). */}
            <NavLink to="/admin/security" className={linkClass}>
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
