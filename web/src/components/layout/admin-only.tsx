import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { ShieldAlert } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { PageContainer } from '@/components/layout/page'
import { useUser } from '@/lib/auth'

/**
 * Client-side courtesy gate, decided by the role; the server checks the role on every admin call anyway.
 * `message` replaces the default explanation (the spec words some pages' own).
 */
export function AdminOnly({ children, message }: { children: ReactNode; message?: string }) {
  const { isAdmin } = useUser()
  if (isAdmin) return <>{children}</>
  return (
    <PageContainer className="max-w-xl">
      <Card>
        <CardHeader>
          <div className="mb-1 flex size-12 items-center justify-center rounded-full bg-red-100 text-red-700">
            <ShieldAlert className="size-6" aria-hidden="true" />
          </div>
          <CardTitle className="text-2xl">Access Denied</CardTitle>
          <CardDescription>{message ?? 'Admin authentication is required to open this page.'}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-2">
          <Button asChild>
            <Link to="/admin-login">Go to Admin Login</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/">Back to Home</Link>
          </Button>
        </CardContent>
      </Card>
    </PageContainer>
  )
}
