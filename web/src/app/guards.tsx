import { lazy, Suspense, type ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'
import { useUser } from '@/lib/auth'
import { signInPath } from '@/lib/return-to'

// Each screen is its own chunk: a visitor's landing page does not download the dashboard, nor a player's
// dashboard the landing (the root layout's Suspense shows a spinner while one loads).
const LandingPage = lazy(() => import('@/features/landing/components/landing-page').then((m) => ({ default: m.LandingPage })))
const DashboardPage = lazy(() => import('@/features/dashboard/components/dashboard-page').then((m) => ({ default: m.DashboardPage })))

const AdminDashboardPage = lazy(() =>
  import('@/features/admin-console/components/admin-dashboard-page').then((m) => ({ default: m.AdminDashboardPage })),
)
const AdminLoginPage = lazy(() => import('@/features/admin-security/components/admin-login-page').then((m) => ({ default: m.AdminLoginPage })))

const PushNotificationsCard = lazy(() => import('@/features/push/components/push-notifications-card').then((m) => ({ default: m.PushNotificationsCard })))

/** The player dashboard, with the card that turns this device's push notifications on. */
function PlayerDashboard() {
  return <DashboardPage extra={<Suspense fallback={null}><PushNotificationsCard /></Suspense>} />
}

/** "/": landing for visitors, the role's dashboard when signed in. */
export function HomeRoute() {
  const { user, isAdmin } = useUser()
  if (!user) return <LandingPage />
  return isAdmin ? <AdminDashboardPage /> : <PlayerDashboard />
}

/** "/dashboard": the role's dashboard; visitors see the pool list (they must sign in to join). */
export function DashboardRoute() {
  const { isAdmin } = useUser()
  return isAdmin ? <AdminDashboardPage /> : <PlayerDashboard />
}

/**
 * Screens only for signed-in users: a visitor is sent to sign in, and comes back to this very address
 * (its query and fragment too: a checkout's squares, the account's settings) once signed in.
 */
export function SignedIn({ children }: { children: ReactNode }) {
  const { user } = useUser()
  const { pathname, search, hash } = useLocation()
  return user ? <>{children}</> : <Navigate to={signInPath(pathname + search + hash)} replace />
}

/** Screens only for visitors; signed-in users get their dashboard. */
export function SignedOut({ children }: { children: ReactNode }) {
  const { user } = useUser()
  return user ? <HomeRoute /> : <>{children}</>
}

/** Admin area entry points: visitors get the admin login. */
export function AdminEntry({ children }: { children?: ReactNode }) {
  const { user } = useUser()
  if (!user) return <AdminLoginPage />
  return children ? <>{children}</> : <HomeRoute />
}

/** Anything else: landing page signed out, role dashboard signed in. */
export function FallbackRoute() {
  return <HomeRoute />
}
