import { useEffect, useEffectEvent, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { z } from 'zod'
import { Link, useNavigate, useParams } from 'react-router'
import { toast } from '@/lib/toast'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { PageContainer } from '@/components/layout/page'
import { errorMessage } from '@/lib/api'
import { useUser } from '@/lib/auth'
import { rememberReturnTo } from '@/lib/return-to'
import { useDocumentMeta } from '@/lib/use-document-meta'
import { useJoinPool } from '../api/private-pools-api'
import { AuthRequiredCard } from './create-private-pool-page'
import { InvitationPreview } from './invitation-preview'

const schema = z.object({ code: z.string().refine((v) => v.trim() !== '', { error: 'Please enter an invite code' }) })
type Values = z.infer<typeof schema>

/** /join and /join/{code}: the Join by code screen, and the link an invitation carries. */
export function JoinPoolPage() {
  useDocumentMeta({ title: 'Join a Private Pool', description: 'Join a private squares pool with its invite code.' })
  const { code: linkCode = '' } = useParams()
  const { user, isLoading, isAdmin } = useUser()
  const navigate = useNavigate()
  const join = useJoinPool()
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { code: linkCode.toUpperCase() }, reValidateMode: 'onSubmit' })
  const [error, setError] = useState<string | null>(null)
  const tried = useRef(false)

  const submit = (c: string) => {
    setError(null)
    join.mutate(c.trim(), {
      onSuccess: ({ pool }) => {
        toast.success('You joined the pool!', { description: pool.name })
        void navigate(`/pool/${pool.id}`, { replace: true })
      },
      onError: (err) => setError(errorMessage(err, 'Could not join the pool. Please try again.')),
    })
  }

  // A visitor following an invitation link comes back to it after signing in.
  useEffect(() => {
    if (!isLoading && !user && linkCode) rememberReturnTo(`/join/${linkCode}`)
  }, [isLoading, user, linkCode])

  // Signed in with a link: join at once.
  const joinFromLink = useEffectEvent(() => submit(linkCode))
  useEffect(() => {
    if (user && !isAdmin && linkCode && !tried.current) {
      tried.current = true
      joinFromLink()
    }
  }, [user, isAdmin, linkCode])

  if (isLoading) return null
  if (!user) {
    return linkCode ? (
      <PageContainer className="max-w-lg">
        <InvitationPreview code={linkCode} />
      </PageContainer>
    ) : (
      <AuthRequiredCard what="join a private pool" returnTo="/join" />
    )
  }

  const onSubmit = form.handleSubmit((v) => submit(v.code))
  const codeField = form.register('code', {
    // Codes are upper case; typing clears the field's error.
    onChange: (e: { target: { value: string } }) => {
      form.setValue('code', e.target.value.toUpperCase())
      form.clearErrors('code')
    },
  })

  return (
    <PageContainer className="max-w-lg">
      <Card>
        <CardHeader>
          <CardTitle className="text-2xl">Join a Private Pool</CardTitle>
          <CardDescription className="text-base">Enter the invite code from your invitation.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {isAdmin && (
            <Alert>
              <AlertTitle>Admins cannot join</AlertTitle>
              <AlertDescription>Private pools are for players; admins see every pool from the admin pages.</AlertDescription>
            </Alert>
          )}
          {error && (
            <Alert variant="destructive">
              <AlertTitle>Could not join</AlertTitle>
              <AlertDescription>
                {error}
                {!user.isAgeVerified && (
                  <Link to="/age-verification" className="font-semibold underline">
                    Verify your age
                  </Link>
                )}
              </AlertDescription>
            </Alert>
          )}
          <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Join by code">
            <Field id="join-code" label="Invite Code" error={form.formState.errors.code?.message}>
              <Input
                autoCapitalize="characters"
                autoComplete="off"
                maxLength={32}
                placeholder="ABCD2345"
                className="font-mono tracking-widest uppercase"
                {...codeField}
              />
            </Field>
            <Button type="submit" size="lg" disabled={join.isPending || isAdmin}>
              {join.isPending && <Spinner label="Joining" />}
              Join Pool
            </Button>
          </form>
          <p className="text-center text-sm text-muted-foreground">
            Want your own? <Link to="/create-private-pool" className="font-semibold text-foreground underline">Create a private pool</Link>
          </p>
        </CardContent>
      </Card>
    </PageContainer>
  )
}
