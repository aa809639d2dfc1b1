import { useState } from 'react'
import { Navigate, useNavigate } from 'react-router'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { toast } from '@/lib/toast'
import { AlertCircle, ShieldCheck } from 'lucide-react'
import { Alert, AlertDescription } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { PageContainer } from '@/components/layout/page'
import { ApiError } from '@/lib/api'
import { startSession, useUser } from '@/lib/auth'
import { useDocumentMeta } from '@/lib/use-document-meta'
import { useAdminLogin, type AdminSession } from '../api/two-factor-api'
import { AdminCodeStep } from './admin-code-step'

const schema = z.object({
  username: z.string().trim().min(1, { error: 'Username is required' }),
  password: z.string().min(1, { error: 'Password is required' }),
})
type Values = z.infer<typeof schema>

export function AdminLoginPage() {
  useDocumentMeta({ title: 'Admin Login' })
  const { isAdmin } = useUser()
  const login = useAdminLogin()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [alert, setAlert] = useState<string | null>(null)
  const [completing, setCompleting] = useState(false)
  const [challenge, setChallenge] = useState<string | null>(null)
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { username: '', password: '' } })
  const { errors } = form.formState

  if (isAdmin && !completing) return <Navigate to="/production-dashboard" replace />

  // The session has started: an admin the server requires to set up two-factor sign-in goes there first.
  const finish = (session: AdminSession) => {
    setCompleting(true)
    startSession(queryClient, session.user)
    toast.success('Admin Login Successful', { description: 'Welcome back, admin!' })
    if (session.recoveryCodeUsed) {
      toast.warning('Recovery code used', { description: `${session.recoveryCodesLeft ?? 0} recovery codes left.` })
    }
    void navigate(session.twoFactorSetupRequired ? '/admin/security' : '/', { replace: true })
  }

  const onSubmit = form.handleSubmit((values) => {
    setAlert(null)
    login.mutate(values, {
      onSuccess: (result) => {
        if ('twoFactorRequired' in result) setChallenge(result.challenge)
        else finish(result)
      },
      onError: (err) => {
        if (err instanceof ApiError) {
          const msg = err.serverMessage || 'Invalid credentials'
          setAlert(msg)
          toast.error('Login Failed', { description: msg })
        } else {
          setAlert('Unable to connect to server')
          toast.error('Login Error', { description: 'Unable to connect to server' })
        }
      },
    })
  })

  return (
    <PageContainer className="max-w-md">
      <Card>
        <CardHeader>
          <div className="mb-1 flex size-12 items-center justify-center rounded-full bg-amber-100 text-amber-800">
            <ShieldCheck className="size-6" aria-hidden="true" />
          </div>
          <CardTitle className="text-2xl">Admin Login</CardTitle>
          <CardDescription>Staff sign-in with your admin username.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {challenge ? (
            <AdminCodeStep
              challenge={challenge}
              onSignedIn={finish}
              onRestart={(message) => {
                setChallenge(null)
                setAlert(message)
                form.setValue('password', '')
              }}
            />
          ) : (
            <>
              {alert && (
                <Alert variant="destructive">
                  <AlertCircle aria-hidden="true" />
                  <AlertDescription>{alert}</AlertDescription>
                </Alert>
              )}
              <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Admin login">
                <Field id="admin-username" label="Username" error={errors.username?.message}>
                  <Input autoComplete="username" {...form.register('username')} />
                </Field>
                <Field id="admin-password" label="Password" error={errors.password?.message}>
                  <Input type="password" autoComplete="current-password" {...form.register('password')} />
                </Field>
                <Button type="submit" size="lg" disabled={login.isPending}>
                  {login.isPending && <Spinner label="Logging in" />}
                  {login.isPending ? 'Logging in...' : 'Login as Admin'}
                </Button>
              </form>
            </>
          )}
        </CardContent>
      </Card>
    </PageContainer>
  )
}
