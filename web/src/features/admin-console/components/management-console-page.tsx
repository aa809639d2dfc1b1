import { PageContainer, PageHeader } from '@/components/layout/page'
import { useDocumentMeta } from '@/lib/use-document-meta'
import { AdminOnly } from '@/components/layout/admin-only'
import { ManagementConsole } from './management-console'

/** /management: leagues, games, pools, score entry and system figures, for admins (by role). */
export function ManagementConsolePage() {
  useDocumentMeta({ title: 'Management Console' })
  return (
    <AdminOnly message="You don't have permission to access the management console.">
      <PageContainer className="max-w-7xl">
        <PageHeader eyebrow="Admin" title="Management Console" description="Leagues, games, pools and game-day scores." />
        <ManagementConsole />
      </PageContainer>
    </AdminOnly>
  )
}
