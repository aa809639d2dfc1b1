import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { PageContainer, PageHeader } from '@/components/layout/page'
import { useUser } from '@/lib/auth'
import { useDocumentMeta } from '@/lib/use-document-meta'
import { ChangePasswordCard } from './change-password-card'
import { DataCard } from './data-card'
import { DevicesCard } from './devices-card'
import { EmailPreferencesCard } from './email-preferences-card'
import { ProfileCard } from './profile-card'
import { VerificationCard } from './verification-card'

/** Scrolls to the section the address names (/account#settings), once the page is there. */
function useScrollToHash() {
  const { hash } = useLocation()
  useEffect(() => {
    if (!hash) return
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'start' })
  }, [hash])
}

/** "/account": profile, age verification, settings (password, e-mail, devices) and the player's data. Signed in only (the route's guard). */
export function AccountPage() {
  useDocumentMeta({ title: 'Your Account' })
  useScrollToHash()
  const { user } = useUser()
  if (!user) return null
  return (
    <PageContainer className="max-w-3xl">
      <PageHeader title="Your account" description="Your profile, password, email, devices and data." />
      <div className="grid gap-6">
        <ProfileCard user={user} />
        <VerificationCard user={user} />
        <section id="settings" aria-labelledby="settings-heading" className="grid scroll-mt-24 gap-6">
          <h2 id="settings-heading" className="text-xl font-bold tracking-tight">
            Settings
          </h2>
          <ChangePasswordCard />
          <EmailPreferencesCard />
          <DevicesCard />
        </section>
        <DataCard />
      </div>
    </PageContainer>
  )
}
