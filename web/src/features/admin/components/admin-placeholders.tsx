import { ComingSoon } from '@/components/layout/coming-soon'
import { AdminOnly } from './admin-only'

function AdminComingSoon({ title, description }: { title: string; description: string }) {
  return (
    <AdminOnly>
      <ComingSoon title={title} description={description} backTo="/production-dashboard" backLabel="Back to Admin Dashboard" />
    </AdminOnly>
  )
}

export const UserManagementPage = () => (
  <AdminComingSoon title="User Management" description="Search users, change roles and verification flags. Coming in the next admin release." />
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
