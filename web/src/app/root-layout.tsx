import { lazy, memo, startTransition, Suspense, useDeferredValue, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { NavigationType, Outlet, useLocation, useNavigationType } from 'react-router'
import { ErrorBoundary } from '@/components/layout/error-boundary'
import { Footer } from '@/components/layout/footer'
import { FullScreenSpinner } from '@/components/layout/full-screen-spinner'
import { Navbar } from '@/components/layout/navbar'
import { TestPaymentsBanner } from '@/components/layout/test-payments-banner'
import { NotificationBell } from '@/features/notifications/components/notification-bell'
import { Spinner } from '@/components/ui/spinner'
import { useUser } from '@/lib/auth'
import { useServerConfig } from '@/lib/config'

// Only admins see it: visitors and players do not download it.
const AdminNavbar = lazy(() => import('@/components/layout/admin-navbar').then((m) => ({ default: m.AdminNavbar })))

export function RootLayout() {
  const { isLoading, isAdmin } = useUser()
  useServerConfig()
  useScrollOnNavigate()
  // The session's answer comes through React Query's store, whose updates React renders at once, in one
  // task: the whole first screen would be drawn in it (160 ms on a fast machine, for the landing page).
  // Deferred, the update draws the spinner again, and the first screen follows as a transition, in slices.
  const loading = useDeferredValue(isLoading)
  if (loading) return <FullScreenSpinner />
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-brand px-4 py-2 font-semibold text-brand-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <TestPaymentsBanner />
      {isAdmin ? (
        <Suspense fallback={<div className="h-16 border-b-2 border-amber-400 bg-navy box-content" aria-hidden="true" />}>
          <AdminNavbar />
        </Suspense>
      ) : (
        <Navbar notifications={<NotificationBell />} />
      )}
      <main id="main" className="flex-1">
        <Screen />
      </main>
      <Footer />
    </div>
  )
}

/**
 * The screen at the address, loaded on demand. Drawn again only when the address changes, not with the
 * layout: on a prerendered page React takes the screen's HTML over once the screen's code has run, after the
 * layout's; were the layout to draw it again before (the viewer or the server's config arriving), React
 * would throw that HTML away and draw the screen afresh.
 */
const Screen = memo(function Screen() {
  const { pathname } = useLocation()
  const shown = useFirstScreenShown()
  // A screen's height: the footer stays below the fold until the screen's code is there, rather than showing
  // and then jumping down (layout shift).
  const waiting = (
    <div className="flex min-h-dvh justify-center py-20">
      <Spinner className="size-8" />
    </div>
  )
  return (
    <ErrorBoundary key={pathname}>
      <Suspense fallback={waiting}>
        {shown ? (
          <>
            <Outlet />
            <ScreenMark />
          </>
        ) : (
          waiting
        )}
      </Suspense>
    </ErrorBoundary>
  )
})

let firstScreen = false

/**
 * Says the app is about to draw its first screen afresh (not hydrating a prerendered page): src/main.tsx
 * calls it before createRoot's render. Without it (a hydrated page, the prerender, tests) screens draw at once.
 */
export function drawFirstScreenAsContent() {
  firstScreen = true
}

/**
 * False for the app's first screen (see drawFirstScreenAsContent) until the layout is drawn, then true, in a
 * transition. A screen's code arriving after its Suspense fallback was drawn is shown no sooner than 300 ms
 * after the fallback (React holds such reveals back so that content does not flash in): on a signed-in page,
 * whose code comes beside the entry, the fallback was drawn at first and the screen, ready 50 ms later,
 * waited out the rest. Drawn first as content (the same spinner), the boundary then waits for the screen in
 * a transition without a fallback, and the screen shows as soon as it is ready. Every later screen draws at
 * once.
 */
function useFirstScreenShown(): boolean {
  const [shown, setShown] = useState(() => !firstScreen)
  useEffect(() => {
    firstScreen = false
    if (!shown) startTransition(() => setShown(true))
  }, [shown])
  return shown
}

/**
 * Names the navigation whose screen is on view (`data-screen`, the location's key), rendered only once that
 * screen has rendered, a lazy screen's code loaded: something driving the app (the browser tests) can move
 * from screen to screen as a person does and know when the next one is there.
 */
function ScreenMark() {
  const { key } = useLocation()
  return <span hidden data-screen={key} />
}

// Where each visited screen was scrolled to, by its navigation's key, for Back and Forward.
const scrolled = new Map<string, number>()

/**
 * Scrolls as moving between documents would: a new screen starts at the top, or at the element its #anchor
 * names; Back and Forward return to where that screen was left. The page's first screen is the browser's to
 * place (a reload keeps its position), but for its #anchor when that is already drawn.
 */
function useScrollOnNavigate() {
  const { key, hash } = useLocation()
  const type = useNavigationType()
  const first = useRef(true)
  useLayoutEffect(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null
    if (first.current) {
      first.current = false
      target?.scrollIntoView()
    } else if (type === NavigationType.Pop && scrolled.has(key)) {
      window.scrollTo(0, scrolled.get(key)!)
    } else if (target) {
      target.scrollIntoView()
    } else {
      window.scrollTo(0, 0)
    }
    return () => void scrolled.set(key, window.scrollY)
  }, [key, hash, type])
}
