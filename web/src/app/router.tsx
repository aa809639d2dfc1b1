import { lazy, Suspense } from 'react'
import { useLocation, useRoutes, type NonIndexRouteObject, type RouteObject } from 'react-router'
import { AdminOnly } from '@/components/layout/admin-only'
import { ErrorBoundary } from '@/components/layout/error-boundary'
import { FullScreenSpinner } from '@/components/layout/full-screen-spinner'
import { AdminEntry, DashboardRoute, FallbackRoute, HomeRoute, SignedIn, SignedOut } from './guards'
import { RootLayout } from './root-layout'

// Screens load on demand; the landing page and the player dashboard (the two home screens) come with the app.
const AdminDashboardPage = lazy(() => import('@/features/admin-console/components/admin-dashboard-page').then((m) => ({ default: m.AdminDashboardPage })))
const AdminSecurityPage = lazy(() => import('@/features/admin-security/components/admin-security-page').then((m) => ({ default: m.AdminSecurityPage })))
const AdminLoginPage = lazy(() => import('@/features/admin-security/components/admin-login-page').then((m) => ({ default: m.AdminLoginPage })))
const AnalyticsPage = lazy(() => import('@/features/admin-console/components/analytics-page').then((m) => ({ default: m.AnalyticsPage })))
const ManagementConsolePage = lazy(() => import('@/features/admin-console/components/management-console-page').then((m) => ({ default: m.ManagementConsolePage })))
const PoolActivationCenterPage = lazy(() => import('@/features/admin-pools/components/pool-activation-center-page').then((m) => ({ default: m.PoolActivationCenterPage })))
const PoolCancellationPage = lazy(() => import('@/features/admin-pools/components/pool-cancellation-page').then((m) => ({ default: m.PoolCancellationPage })))
const PayoutsPage = lazy(() => import('@/features/admin-payouts/components/payouts-page').then((m) => ({ default: m.PayoutsPage })))
const PoolManagementPage = lazy(() => import('@/features/admin-pools/components/pool-management-page').then((m) => ({ default: m.PoolManagementPage })))
const UserManagementPage = lazy(() => import('@/features/admin-users/components/user-management-page').then((m) => ({ default: m.UserManagementPage })))
const AuditPage = lazy(() => import('@/features/admin-audit/components/audit-page').then((m) => ({ default: m.AuditPage })))
const LedgerPage = lazy(() => import('@/features/admin-ledger/components/ledger-page').then((m) => ({ default: m.LedgerPage })))
const WeekManagementPage = lazy(() => import('@/features/admin-console/components/week-management-page').then((m) => ({ default: m.WeekManagementPage })))
const AuthPage = lazy(() => import('@/features/auth/components/auth-page').then((m) => ({ default: m.AuthPage })))
const TestRegistrationPage = lazy(() => import('@/features/auth/components/test-registration-page').then((m) => ({ default: m.TestRegistrationPage })))
const ButtonTestPage = lazy(() => import('@/features/developer/components/button-test-page').then((m) => ({ default: m.ButtonTestPage })))
const LiveTestPage = lazy(() => import('@/features/developer/components/live-test-page').then((m) => ({ default: m.LiveTestPage })))
const PaymentTestPage = lazy(() => import('@/features/developer/components/payment-test-page').then((m) => ({ default: m.PaymentTestPage })))
const ScoreFeedTestPage = lazy(() => import('@/features/developer/components/score-feed-test-page').then((m) => ({ default: m.ScoreFeedTestPage })))
const SimulationPage = lazy(() => import('@/features/developer/components/simulation-page').then((m) => ({ default: m.SimulationPage })))
const HowToPlayPage = lazy(() => import('@/features/how-to-play/components/how-to-play-page').then((m) => ({ default: m.HowToPlayPage })))
const LeagueSchedulePage = lazy(() => import('@/features/leagues/components/league-schedule-page').then((m) => ({ default: m.LeagueSchedulePage })))
const NflSchedulePage = lazy(() => import('@/features/leagues/components/nfl-schedule-page').then((m) => ({ default: m.NflSchedulePage })))
const MyPoolsPage = lazy(() => import('@/features/my-pools/components/my-pools-page').then((m) => ({ default: m.MyPoolsPage })))
const PoolOfTheWeekPage = lazy(() => import('@/features/pool-of-the-week/components/pool-of-the-week-page').then((m) => ({ default: m.PoolOfTheWeekPage })))
// A private pool's page shows its creator the members and invitations (features/private-pools).
const PoolDetailPage = lazy(() =>
  Promise.all([import('@/features/pools/components/pool-detail-page'), import('@/features/private-pools/components/pool-invitations-card')]).then(
    ([m, p]) => ({ default: () => <m.PoolDetailPage creatorPanel={(pool) => <p.PoolInvitationsCard pool={pool} />} /> }),
  ),
)
// A pool's printable sheet (features/print): a page of its own, without the site's header and footer.
// "Check this pool" (features/record-check): the pool's record checked in the browser, loaded on demand.
const RecordCheckPage = lazy(() => import('@/features/record-check/components/record-check-page').then((m) => ({ default: m.RecordCheckPage })))
const PoolPrintPage = lazy(() => import('@/features/print/components/pool-print-page').then((m) => ({ default: m.PoolPrintPage })))
// A pool's settlement report (features/report): a page of its own, printable, without the site's header and footer.
const PoolReportPage = lazy(() => import('@/features/report/components/pool-report-page').then((m) => ({ default: m.PoolReportPage })))
const CheckoutPage = lazy(() => import('@/features/checkout/components/checkout-page').then((m) => ({ default: m.CheckoutPage })))
const CreatePrivatePoolPage = lazy(() => import('@/features/private-pools/components/create-private-pool-page').then((m) => ({ default: m.CreatePrivatePoolPage })))
const JoinPoolPage = lazy(() => import('@/features/private-pools/components/join-pool-page').then((m) => ({ default: m.JoinPoolPage })))
const AgeVerificationPage = lazy(() => import('@/features/verification/components/age-verification-page').then((m) => ({ default: m.AgeVerificationPage })))
const EmergencyLoginPage = lazy(() => import('@/features/auth/components/emergency-login-page'))
const AccountPage = lazy(() => import('@/features/account/components/account-page').then((m) => ({ default: m.AccountPage })))
const ForgotPasswordPage = lazy(() => import('@/features/account/components/forgot-password-page').then((m) => ({ default: m.ForgotPasswordPage })))
const ResetPasswordPage = lazy(() => import('@/features/account/components/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })))

const signedIn = (el: React.ReactNode) => <SignedIn>{el}</SignedIn>
const admin = (el: React.ReactNode) => <AdminEntry>{el}</AdminEntry>

export const routes: RouteObject[] = [
  {
    path: '/',
    // An error of the layout itself (a screen's has the screen's own boundary, in the layout).
    element: (
      <ErrorBoundary>
        <RootLayout />
      </ErrorBoundary>
    ),
    children: [
      { index: true, element: <HomeRoute /> },
      { path: 'dashboard', element: <DashboardRoute /> },
      { path: 'login', element: <AuthPage /> },
      { path: 'auth', element: <AuthPage /> },
      { path: 'how-to-play', element: <HowToPlayPage /> },
      { path: 'pool-of-the-week', element: <PoolOfTheWeekPage /> },
      { path: 'test-registration', element: <SignedOut><TestRegistrationPage /></SignedOut> },
      { path: 'emergency-login', element: <SignedOut><EmergencyLoginPage /></SignedOut> },
      // The account (features/account): a forgotten password, and the account page.
      { path: 'forgot-password', element: <ForgotPasswordPage /> },
      { path: 'reset-password', element: <ResetPasswordPage /> },
      { path: 'account', element: signedIn(<AccountPage />) },
      // Pool pages: anyone may watch a board; claiming squares needs sign-in.
      { path: 'pool/:id', element: <PoolDetailPage /> },
      { path: 'pools/:id', element: <PoolDetailPage /> },
      { path: 'pools/:id/check', element: <RecordCheckPage /> },
      // Player screens (signed in)
      { path: 'my-pools', element: <MyPoolsPage /> },
      { path: 'age-verification', element: <AgeVerificationPage /> },
      // Private pools: the pages show visitors their own "Authentication Required" card.
      { path: 'create-private-pool', element: <CreatePrivatePoolPage /> },
      { path: 'join', element: <JoinPoolPage /> },
      { path: 'join/:code', element: <JoinPoolPage /> },
      { path: 'checkout', element: signedIn(<CheckoutPage />) },
      { path: 'schedule/:league', element: signedIn(<LeagueSchedulePage />) },
      { path: 'nfl-schedule', element: signedIn(<NflSchedulePage />) },
      // Practice and developer pages
      { path: 'simulation', element: signedIn(<SimulationPage />) },
      { path: 'payment-test', element: signedIn(<PaymentTestPage />) },
      { path: 'score-feed-test', element: signedIn(<ScoreFeedTestPage />) },
      { path: 'live-test', element: signedIn(<LiveTestPage />) },
      { path: 'test', element: signedIn(<ButtonTestPage />) },
      // Admin
      { path: 'admin-login', element: <AdminLoginPage /> },
      { path: 'admin', element: admin(null) },
      { path: 'admin-simple', element: admin(<PoolManagementPage />) },
      { path: 'admin/pools', element: admin(<PoolActivationCenterPage />) },
      { path: 'admin/users', element: admin(<UserManagementPage />) },
      { path: 'admin/audit', element: admin(<AuditPage />) },
      { path: 'admin/security', element: admin(<AdminSecurityPage />) },
      { path: 'admin/pool-cancellation', element: admin(<PoolCancellationPage />) },
      { path: 'admin/payouts', element: admin(<PayoutsPage />) },
      { path: 'admin/ledger', element: admin(<LedgerPage />) },
      { path: 'admin/analytics', element: admin(<AnalyticsPage />) },
      { path: 'admin/*', element: admin(null) },
      { path: 'analytics', element: <AnalyticsPage /> },
      { path: 'production-dashboard', element: <AdminOnly><AdminDashboardPage /></AdminOnly> },
      { path: 'production', element: signedIn(<AdminOnly><AdminDashboardPage /></AdminOnly>) },
      { path: 'management', element: signedIn(<ManagementConsolePage />) },
      { path: 'week-management', element: signedIn(<WeekManagementPage />) },
      { path: '*', element: <FallbackRoute /> },
    ],
  },
  // The printed sheet of a pool: only the sheet, on screen with Print and a way back to the pool.
  {
    path: '/pools/:id/print',
    element: (
      <ErrorBoundary>
        <Suspense fallback={<FullScreenSpinner />}>
          <PoolPrintPage />
        </Suspense>
      </ErrorBoundary>
    ),
  },
  // The settlement report of a pool: on screen with Print, Download CSV and a way back to the pool.
  {
    path: '/pools/:id/report',
    element: (
      <ErrorBoundary>
        <Suspense fallback={<FullScreenSpinner />}>
          <PoolReportPage />
        </Suspense>
      </ErrorBoundary>
    ),
  },
]

// The routes that may match a path whose first segment is the key (lowercased, decoded), built once a segment.
const bySegment = new Map<string, RouteObject[]>()

/** The first segment of a path as react-router compares it: decoded, and without regard to case. */
function firstSegment(pathname: string): string {
  const segment = pathname.split('/')[1] ?? ''
  try {
    return decodeURIComponent(segment).toLowerCase()
  } catch {
    return segment.toLowerCase()
  }
}

/**
 * The routes that can match the path: those whose pattern starts with its first segment, the home page's
 * index route for "/", and the catch-all. react-router ranks every route it is given and compiles a pattern
 * (a RegExp) for each it tries, on every match: over the whole list 0.45-0.5 ms a match on this machine, and
 * 7-10 ms for the first five (the page's first screen); over a segment's routes a sixth of that. The answer
 * is the match over the whole list (router.test.tsx checks it).
 */
export function routesFor(pathname: string): RouteObject[] {
  const segment = firstSegment(pathname)
  let list = bySegment.get(segment)
  if (list) return list
  const starts = (path: string | undefined) => firstSegment(`/${(path ?? '').replace(/^\//, '')}`) === segment
  list = routes.flatMap((route): RouteObject[] => {
    if (route.path !== '/') return starts(route.path) ? [route] : []
    const children = route.children?.filter((c) => (c.index ? segment === '' : c.path === '*' || starts(c.path)))
    return [{ ...(route as NonIndexRouteObject), children }]
  })
  bySegment.set(segment, list)
  return list
}

/**
 * The screen at the address, in whichever router is around it: the browser's (app.tsx) or the prerender's.
 * The routes are plain elements (screens load with React.lazy, no loaders), so the app needs none of the
 * data router's code: a seventh of the first script.
 */
export function AppRoutes() {
  return useRoutes(routesFor(useLocation().pathname))
}
