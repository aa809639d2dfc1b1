import { lazy } from 'react'
import { createBrowserRouter, type RouteObject } from 'react-router'
import { AdminDashboardPage } from '@/features/admin/components/admin-dashboard-page'
import { AdminLoginPage } from '@/features/admin/components/admin-login-page'
import { AdminOnly } from '@/features/admin/components/admin-only'
import {
  AnalyticsPage,
  ManagementConsolePage,
  PoolActivationCenterPage,
  PoolCancellationPage,
  PoolManagementPage,
  UserManagementPage,
  WeekManagementPage,
} from '@/features/admin/components/admin-placeholders'
import { AuthPage } from '@/features/auth/components/auth-page'
import { TestRegistrationPage } from '@/features/auth/components/test-registration-page'
import {
  ButtonTestPage,
  LiveTestPage,
  PaymentTestPage,
  ScoreFeedTestPage,
  SimulationPage,
} from '@/features/developer/components/developer-placeholders'
import { HowToPlayPage } from '@/features/how-to-play/components/how-to-play-page'
import { LeagueSchedulePage, NflSchedulePage } from '@/features/leagues/components/schedule-placeholders'
import { MyPoolsPage } from '@/features/my-pools/components/my-pools-page'
import { PoolOfTheWeekPage } from '@/features/pool-of-the-week/components/pool-of-the-week-page'
import { PoolDetailPage } from '@/features/pools/components/pool-detail-page'
import { CheckoutPage, CreatePrivatePoolPage } from '@/features/pools/components/pool-placeholders'
import { AgeVerificationPage } from '@/features/verification/components/age-verification-page'
import { AdminEntry, DashboardRoute, FallbackRoute, HomeRoute, SignedIn, SignedOut } from './guards'
import { RootLayout, RouteError } from './root-layout'

// Testing-only screen, loaded on demand.
const EmergencyLoginPage = lazy(() => import('@/features/auth/components/emergency-login-page'))

const signedIn = (el: React.ReactNode) => <SignedIn>{el}</SignedIn>
const admin = (el: React.ReactNode) => <AdminEntry>{el}</AdminEntry>

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <HomeRoute /> },
      { path: 'dashboard', element: <DashboardRoute /> },
      { path: 'login', element: <AuthPage /> },
      { path: 'auth', element: <AuthPage /> },
      { path: 'how-to-play', element: <HowToPlayPage /> },
      { path: 'pool-of-the-week', element: <PoolOfTheWeekPage /> },
      { path: 'test-registration', element: <SignedOut><TestRegistrationPage /></SignedOut> },
      { path: 'emergency-login', element: <SignedOut><EmergencyLoginPage /></SignedOut> },
      // Player screens (signed in)
      { path: 'my-pools', element: <MyPoolsPage /> },
      { path: 'age-verification', element: <AgeVerificationPage /> },
      { path: 'pool/:id', element: signedIn(<PoolDetailPage />) },
      { path: 'pools/:id', element: signedIn(<PoolDetailPage />) },
      { path: 'create-private-pool', element: signedIn(<CreatePrivatePoolPage />) },
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
      { path: 'admin/pool-cancellation', element: admin(<PoolCancellationPage />) },
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
]

export function createAppRouter() {
  return createBrowserRouter(routes)
}
