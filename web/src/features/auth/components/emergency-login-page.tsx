import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { z } from 'zod'
import { Link } from 'react-router'
import { LifeBuoy } from 'lucide-react'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { PageContainer } from '@/components/layout/page'
import { useServerConfig } from '@/lib/config'
import { useDocumentMeta } from '@/lib/use-document-meta'
import { useEmergencyLogin } from '../api/auth-api'

// An empty address sends nothing; the server says whether the account exists.
const schema = z.object({ email: z.string().trim().min(1) })
type Values = z.infer<typeof schema>

/** Testing-only sign-in by e-mail. The server offers it only in development mode. */
export default function EmergencyLoginPage() {
  useDocumentMeta({ title: 'Emergency Login (testing only)' })
  const { devMode, isLoading } = useServerConfig()
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { email: '' }, shouldFocusError: false })
  const login = useEmergencyLogin()
  const onSubmit = form.handleSubmit(({ email }) =>
    login.mutate(email, {
      onSuccess: (answer) => {
        if (answer?.success) window.location.reload()
        else console.warn('Emergency login refused', answer)
      },
      onError: (err) => console.warn('Emergency login failed', err),
    }),
  )

  return (
    <PageContainer className="max-w-md">
      <Card>
        <CardHeader>
          <div className="mb-1 flex size-10 items-center justify-center rounded-lg bg-amber-100 text-amber-800">
            <LifeBuoy className="size-5" aria-hidden="true" />
          </div>
          <CardTitle className="text-2xl">Emergency Login</CardTitle>
          <CardDescription>Testing only: sign in as an existing account by e-mail, without a password.</CardDescription>
        </CardHeader>
        <CardContent>
          {isLoading ? (
            <Spinner className="size-6" />
          ) : !devMode ? (
            <Alert variant="warning">
              <AlertTitle>Not available</AlertTitle>
              <AlertDescription>
                <p>Emergency login exists only when the server runs in development mode.</p>
                <Link to="/login" className="font-semibold underline">
                  Go to Sign In
                </Link>
              </AlertDescription>
            </Alert>
          ) : (
            <form noValidate className="grid gap-4" onSubmit={onSubmit}>
              <Field id="emergency-email" label="Email">
                <Input type="email" autoComplete="email" {...form.register('email')} />
              </Field>
              <Button type="submit" variant="brand" disabled={login.isPending}>
                {login.isPending && <Spinner />}
                Emergency Login
              </Button>
            </form>
          )}
        </CardContent>
      </Card>
    </PageContainer>
  )
}
