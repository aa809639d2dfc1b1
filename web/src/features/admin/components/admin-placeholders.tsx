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
