import { useEffect, useRef, useState } from 'react'
import { Navigate, useNavigate, useSearchParams } from 'react-router'
import { useQueryClient } from '@tanstack/react-query'
import { toast } from '@/lib/toast'
import { AlertCircle, CheckCircle2, MapPin, ShieldCheck, Trophy } from 'lucide-react'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { PageContainer } from '@/components/layout/page'
import { errorMessage } from '@/lib/api'
import { authKeys, displayFirstName, startSession, useUser } from '@/lib/auth'
import { RETURN_PARAM, takeReturnTo } from '@/lib/return-to'
import { useDocumentMeta } from '@/lib/use-document-meta'
import type { User } from '@/lib/types'
import { SignInForm } from './sign-in-form'
import { SignUpForm } from './sign-up-form'
import type { AuthAnswer } from '../api/auth-api'

// Timings from the spec (section 9).
export const SESSION_RECHECK_MS = 100
export const REDIRECT_MS = 500
export const WELCOME_TOAST_MS = 4000
export const NOT_ELIGIBLE_TOAST_MS = 6000

function useTimers() {
  const timers = useRef<number[]>([])
  useEffect(() => () => timers.current.forEach((t) => window.clearTimeout(t)), [])
  return (fn: () => void, ms: number) => {
    timers.current.push(window.setTimeout(fn, ms))
  }
}

/**
 * The line under the welcome-back toast: the spec's for players who may play paid pools; a neutral one for
 * those who may not (not verified yet, or living where paid play is restricted), who are not greeted with
 * betting.
 */
function welcomeDescription(u: User): string {
  if (u.role === 'admin') return 'Admin dashboard ready'
  return u.isAgeVerified && u.isEligibleToBet ? 'Ready to join some exciting betting pools?' : 'Ready to join some squares pools?'
}

/** The tab the address asks for: ?tab=signup opens Sign Up. */
function tabOf(params: URLSearchParams): 'signin' | 'signup' {
  return params.get('tab') === 'signup' ? 'signup' : 'signin'
}

const SELLING_POINTS = [
  { icon: Trophy, text: 'Win at the end of every quarter: Q1, halftime, Q3 and the final.' },
  { icon: ShieldCheck, text: 'Payments held in escrow until the game completes; fair, verifiable number draws.' },
  { icon: MapPin, text: 'Paid pools are available to verified players 18+ in states where sports betting is permitted.' },
]

export function AuthPage() {
  useDocumentMeta({
    title: 'Sign In or Create an Account',
    description: 'Sign in to Squares or create a free account to join football squares pools.',
    canonicalPath: '/login',
  })
  const { user } = useUser()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const later = useTimers()
  const [params, setParams] = useSearchParams()
  const tab = tabOf(params)
  const returnTo = params.get(RETURN_PARAM)
  const setTab = (v: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p)
        if (v === 'signup') next.set('tab', 'signup')
        else next.delete('tab')
        return next
      },
      { replace: true },
    )
  const [alert, setAlert] = useState<string | null>(null)
  const [completing, setCompleting] = useState(false)

  if (user && !completing) return <Navigate to="/" replace />

  const storeUser = (u: User) => {
    setCompleting(true)
    startSession(queryClient, u)
  }

  const onSignedIn = ({ user: u }: AuthAnswer) => {
    storeUser(u)
    // Verify the session shortly after by re-fetching the current user.
    later(() => void queryClient.invalidateQueries({ queryKey: authKeys.user }), SESSION_RECHECK_MS)
    toast.success(`Welcome back, ${displayFirstName(u)}!`, { description: welcomeDescription(u) })
    const to = takeReturnTo('/', returnTo)
    later(() => void navigate(to, { replace: true }), REDIRECT_MS)
  }

  const onRegistered = ({ user: u }: AuthAnswer) => {
    storeUser(u)
    later(() => void queryClient.invalidateQueries({ queryKey: authKeys.user }), SESSION_RECHECK_MS)
    if (u.isAgeVerified && u.isEligibleToBet) {
      toast.success(`Welcome to Squares, ${displayFirstName(u)}!`, {
        description: 'Your account is verified. Pick a pool and claim your squares.',
        duration: WELCOME_TOAST_MS,
      })
      const to = takeReturnTo('/', returnTo)
      later(() => void navigate(to, { replace: true }), REDIRECT_MS)
    } else if (u.isAgeVerified) {
      toast.error("You're verified but sports betting isn't available in your location.", {
        description: 'You can still play free pools for bragging rights.',
        duration: NOT_ELIGIBLE_TOAST_MS,
      })
      // Free pools are theirs to play: a page that sent them here (an invitation) still gets them back.
      const to = takeReturnTo('/', returnTo)
      later(() => void navigate(to, { replace: true }), REDIRECT_MS)
    } else {
      toast('Account Created', {
        description: 'Please verify your age and location to start playing.',
        duration: WELCOME_TOAST_MS,
      })
      later(() => void navigate('/age-verification', { replace: true }), REDIRECT_MS)
    }
  }

  const onSignInError = (err: unknown) => {
    const msg = errorMessage(err, 'Login failed')
    setAlert(msg)
    toast.error('Sign in failed', { description: msg })
  }
  const onRegisterError = (err: unknown) => {
    const msg = errorMessage(err, 'Registration failed')
    setAlert(msg)
    toast.error('Registration failed', { description: msg })
  }

  return (
    <PageContainer className="max-w-5xl">
      <div className="grid items-start gap-8 lg:grid-cols-[1fr_1.1fr]">
        <section className="order-2 rounded-2xl bg-navy p-6 text-white shadow-lg sm:p-8 lg:order-1">
          <h2 className="text-2xl font-extrabold tracking-tight sm:text-3xl">
            Your squares. <span className="text-lime-300">Every quarter.</span>
          </h2>
          <p className="mt-3 text-white/75">
            Join FREE, $1, $5, $10 and $25 pools on every game. Numbers are drawn fairly once a board fills, and winners are paid
            automatically at the end of each period.
          </p>
          <ul className="mt-6 space-y-4">
            {SELLING_POINTS.map((p) => (
              <li key={p.text} className="flex gap-3">
                <p.icon className="mt-0.5 size-5 shrink-0 text-lime-300" aria-hidden="true" />
                <span className="text-sm text-white/85">{p.text}</span>
              </li>
            ))}
          </ul>
          <p className="mt-6 flex items-center gap-2 text-xs text-white/60">
            <CheckCircle2 className="size-4" aria-hidden="true" /> Sports betting eligibility depends on your US state of residence.
          </p>
        </section>

        <Card className="order-1 lg:order-2">
          <CardHeader>
            <CardTitle className="text-2xl">Welcome to Squares</CardTitle>
            <CardDescription>Sign in to your account or create a new one.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <div aria-live="assertive">
              {alert && (
                <Alert variant="destructive">
                  <AlertCircle aria-hidden="true" />
                  <AlertTitle>Something went wrong</AlertTitle>
                  <AlertDescription>{alert}</AlertDescription>
                </Alert>
              )}
            </div>
            <Tabs
              value={tab}
              onValueChange={(v) => {
                setTab(v)
                setAlert(null)
              }}
            >
              <TabsList>
                <TabsTrigger value="signin">Sign In</TabsTrigger>
                <TabsTrigger value="signup">Sign Up</TabsTrigger>
              </TabsList>
              <TabsContent value="signin">
                <SignInForm onSuccess={onSignedIn} onError={onSignInError} onSubmitStart={() => setAlert(null)} />
              </TabsContent>
              <TabsContent value="signup">
                <SignUpForm onSuccess={onRegistered} onError={onRegisterError} onSubmitStart={() => setAlert(null)} />
              </TabsContent>
            </Tabs>
          </CardContent>
        </Card>
      </div>
    </PageContainer>
  )
}
