import { useState } from 'react'
import { AlertCircle, ShieldCheck, ShieldOff } from 'lucide-react'
import { Alert, AlertDescription } from '@/components/ui/alert'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { PageContainer, PageHeader } from '@/components/layout/page'
import { useDocumentMeta } from '@/lib/use-document-meta'
import { useTwoFactorStatus } from '../api/two-factor-api'
import { AdminOnly } from '@/components/layout/admin-only'
import { RecoveryCodes } from './recovery-codes'
import { TwoFactorDisable } from './two-factor-disable'
import { TwoFactorEnrol } from './two-factor-enrol'

/**
 * The signed-in admin's security: two-factor sign-in with an authenticator app, set up (secret as a QR
 * code and a key, confirmed with a code, recovery codes shown once) or turned off with a code.
 */
export function AdminSecurityPage() {
  useDocumentMeta({ title: 'Security' })
  return (
    <AdminOnly>
      <PageContainer className="max-w-2xl">
        <PageHeader title="Security" description="Protect your admin account with a second factor." />
        <TwoFactorCard />
      </PageContainer>
    </AdminOnly>
  )
}

function TwoFactorCard() {
  const status = useTwoFactorStatus()
  // Shown once, right after enabling, until the admin says they are saved.
  const [codes, setCodes] = useState<string[] | null>(null)
  const st = status.data
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          Two-factor sign-in
          {st && (st.enabled ? <Badge>On</Badge> : <Badge variant="outline">Off</Badge>)}
        </CardTitle>
        <CardDescription>
          After your password, sign-in asks for a code from an authenticator app on your phone (Google Authenticator,
          1Password, Authy and others).
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {status.isLoading ? (
          <Skeleton className="h-24" />
        ) : status.isLoadingError || !st ? (
          <Alert variant="destructive">
            <AlertCircle aria-hidden="true" />
            <AlertDescription className="flex flex-wrap items-center gap-3">
              Your two-factor settings could not be loaded.
              <Button size="sm" variant="outline" onClick={() => void status.refetch()}>
                Try again
              </Button>
            </AlertDescription>
          </Alert>
        ) : codes ? (
          <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
        ) : st.enabled ? (
          <>
            <p className="flex items-center gap-2 text-sm">
              <ShieldCheck className="size-5 text-emerald-700" aria-hidden="true" />
              Two-factor sign-in is on. {st.recoveryCodesLeft} of 8 recovery codes left.
            </p>
            <TwoFactorDisable required={st.required} />
          </>
        ) : (
          <>
            {st.required ? (
              <Alert variant="destructive" role="alert">
                <ShieldOff aria-hidden="true" />
                <AlertDescription>
                  This server requires two-factor sign-in for every admin. Set it up to use the admin pages.
                </AlertDescription>
              </Alert>
            ) : (
              <p className="text-sm text-muted-foreground">Two-factor sign-in is off.</p>
            )}
            <TwoFactorEnrol onEnabled={setCodes} />
          </>
        )}
      </CardContent>
    </Card>
  )
}
