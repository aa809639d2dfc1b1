import { ComingSoon } from '@/components/layout/coming-soon'
import { AdminOnly } from './admin-only'

function AdminComingSoon({ title, description }: { title: string; description: string }) {
  return (
    <AdminOnly>
      <ComingSoon title={title} description={description} backTo="/production-dashboard" backLabel="Back to Admin Dashboard" />
    </AdminOnly>
  )
}

export const PoolManagementPage = () => (
  <AdminComingSoon title="Pool Management" description="Filter, create, feature, activate and deactivate pools. Coming in the next admin release." />
)
export const PoolActivationCenterPage = () => (
  <AdminComingSoon title="Pool Activation Center" description="Week-by-week pool activation and bulk actions. Coming in the next admin release." />
)
export const AnalyticsPage = () => (
  <AdminComingSoon title="Analytics" description="Users, pools, revenue and conversion at a glance. Coming in the next admin release." />
)
export const ManagementConsolePage = () => (
  <AdminComingSoon title="Management Console" description="Leagues, games, pools and system settings. Coming in the next admin release." />
)
export const WeekManagementPage = () => (
  <AdminComingSoon title="Active Week Management" description="Advance a league's active week. Coming in the next admin release." />
)
