import { useEffect, useRef, useState } from 'react'
import { Link, Navigate, useNavigate } from 'react-router'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { toast } from '@/lib/toast'
import { AlertCircle, BadgeCheck, ShieldCheck } from 'lucide-react'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import { Spinner } from '@/components/ui/spinner'
import { PageContainer } from '@/components/layout/page'
import { VerifiedDetails } from '@/components/account/verified-details'
import { ApiError, errorMessage } from '@/lib/api'
import { useUser } from '@/lib/auth'
import { todayISO } from '@/lib/dates'
import type { User } from '@/lib/types'
import { useDocumentMeta } from '@/lib/use-document-meta'
import { US_STATES } from '@/lib/us-states'
import { useVerifyAge, verifyAgeSchema, type VerifyAgeValues } from '../api/verify-age'

export const VERIFIED_REDIRECT_MS = 1500

function RedirectToAuth() {
  const shown = useRef(false)
  useEffect(() => {
    if (shown.current) return
    shown.current = true
    toast.error('Authentication Required', { description: 'Please sign in or create an account first to verify your age.' })
  }, [])
  return <Navigate to="/auth" replace />
}

export function AgeVerificationPage() {
  useDocumentMeta({ title: 'Age & Location Verification' })
  const { user } = useUser()
  const navigate = useNavigate()
  const verify = useVerifyAge()
  const [alert, setAlert] = useState<string | null>(null)
  const [done, setDone] = useState<null | 'eligible' | 'restricted'>(null)
  // A player verified before coming here sees the locked details; one who verifies here sees the outcome.
  const [verifiedOnArrival] = useState(() => user?.isAgeVerified === true)
  const timer = useRef<number | undefined>(undefined)
  useEffect(() => () => window.clearTimeout(timer.current), [])

  const form = useForm<VerifyAgeValues>({
    resolver: zodResolver(verifyAgeSchema),
    defaultValues: {
      dateOfBirth: user?.dateOfBirth ?? '',
      residenceState: user?.residenceState ?? '',
      residenceCountry: 'US',
    },
  })
  const { errors } = form.formState

  if (!user) return <RedirectToAuth />
  if (verifiedOnArrival && user.isAgeVerified) return <AlreadyVerified eligible={user.isEligibleToBet} user={user} />

  // handleSubmit only wraps the callback, which runs on submit; the compiler cannot tell and reads the timer
  // ref below as used during render.
  // eslint-disable-next-line react-hooks/refs
  const onSubmit = form.handleSubmit((values) => {
    setAlert(null)
    verify.mutate(values, {
      onSuccess: (answer) => {
        if (!answer?.user?.isAgeVerified) {
          // The server did not verify the account: never report success.
          setAlert(answer?.message || 'Age verification requirements not met.')
          toast.error('Verification Failed', {
            description: 'Age verification requirements not met. You must be 18+ to use this platform.',
          })
          return
        }
        if (answer.user.isEligibleToBet) {
          setDone('eligible')
          toast.success('Age Verification Complete', {
            description: answer.message || 'You are verified and eligible to join paid pools.',
          })
        } else {
          setDone('restricted')
          toast.warning('Age Verified - Location Restricted', {
            description: 'You meet age requirements but sports betting is not available in your state.',
          })
        }
        timer.current = window.setTimeout(() => navigate('/', { replace: true }), VERIFIED_REDIRECT_MS)
      },
      onError: (err) => {
        if (err instanceof ApiError && err.status === 401) {
          toast.error('Authentication Required', { description: 'Please sign in or create an account first to verify your age.' })
          void navigate('/auth', { replace: true })
          return
        }
        if (err instanceof ApiError && err.fields) {
          for (const [k, m] of Object.entries(err.fields)) {
            if (k === 'dateOfBirth' || k === 'residenceState' || k === 'residenceCountry') form.setError(k, { type: 'server', message: m })
          }
        }
        const underAge = err instanceof ApiError && err.status === 422
        setAlert(errorMessage(err, 'Please check your information and try again.'))
        toast.error('Verification Failed', {
          description: underAge
            ? 'Age verification requirements not met. You must be 18+ to use this platform.'
            : 'Please check your information and try again.',
        })
      },
    })
  })

  return (
    <PageContainer className="max-w-xl">
      <Card>
        <CardHeader>
          <div className="mb-1 flex size-12 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
            <ShieldCheck className="size-6" aria-hidden="true" />
          </div>
          <CardTitle className="text-2xl">Age &amp; Location Verification</CardTitle>
          <CardDescription>
            To join pools you must be at least 18 and live in the United States. Paid pools are open only in states where sports
            betting is permitted.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <div aria-live="assertive">
            {alert && (
              <Alert variant="destructive">
                <AlertCircle aria-hidden="true" />
                <AlertTitle>Verification Failed</AlertTitle>
                <AlertDescription>{alert}</AlertDescription>
              </Alert>
            )}
            {done && (
              <Alert variant={done === 'eligible' ? 'success' : 'warning'}>
                <BadgeCheck aria-hidden="true" />
                <AlertTitle>{done === 'eligible' ? 'Age Verification Complete' : 'Age Verified - Location Restricted'}</AlertTitle>
                <AlertDescription>Taking you to your dashboard…</AlertDescription>
              </Alert>
            )}
          </div>
          <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Age verification">
            <Field id="verify-dob" label="Date of Birth" error={errors.dateOfBirth?.message}>
              <Input type="date" autoComplete="bday" max={todayISO()} {...form.register('dateOfBirth')} />
            </Field>
            <Field id="verify-state" label="State of Residence" error={errors.residenceState?.message}>
              <NativeSelect autoComplete="address-level1" {...form.register('residenceState')}>
                <option value="">Select your state</option>
                {US_STATES.map((s) => (
                  <option key={s.code} value={s.code}>
                    {s.name}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field id="verify-country" label="Country" error={errors.residenceCountry?.message}>
              <NativeSelect autoComplete="country" {...form.register('residenceCountry')}>
                <option value="US">United States</option>
              </NativeSelect>
            </Field>
            <Button type="submit" size="lg" className="mt-1 w-full" disabled={verify.isPending || done !== null}>
              {verify.isPending && <Spinner label="Verifying" />}
              Verify Age &amp; Location
            </Button>
            <p className="text-xs text-muted-foreground">
              We use your date of birth and state only to confirm eligibility, as the law requires. Minimum age is 18 (higher in
              some states).
            </p>
          </form>
        </CardContent>
      </Card>
    </PageContainer>
  )
}

/** A verified player's details are locked: shown read-only, with where to write to have them changed. */
function AlreadyVerified({ user, eligible }: { user: User; eligible: boolean }) {
  return (
    <PageContainer className="max-w-xl">
      <Card>
        <CardHeader>
          <div className="mb-1 flex size-12 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
            <BadgeCheck className="size-6" aria-hidden="true" />
          </div>
          <h1 className="text-2xl leading-tight font-bold tracking-tight">You're already verified</h1>
          <CardDescription>
            {eligible
              ? 'You can join free and paid pools.'
              : 'You can join free pools; paid pools are not available in your state.'}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <VerifiedDetails user={user} />
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button asChild>
              <Link to="/">Go to your dashboard</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/account">Your account</Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    </PageContainer>
  )
}
