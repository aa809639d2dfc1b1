import { ComingSoon } from '@/components/layout/coming-soon'

export function CreatePrivatePoolPage() {
  return (
    <ComingSoon
      title="Create Private Pool"
      description="Run your own pool for friends or your office, with an invite code and e-mail invitations. Coming in an upcoming release."
    />
  )
}
