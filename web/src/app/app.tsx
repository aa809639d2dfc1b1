import { useEffect, useRef, useState } from 'react'
import { BrowserRouter, useLocation, useNavigate } from 'react-router'
import type { QueryClient } from '@tanstack/react-query'
import { AppProvider } from './provider'
import { AppRoutes } from './router'

const SECURITY = '/admin/security'

interface AppProps {
  /** The viewer is known to be a visitor (see AppProvider). */
  signedOut?: boolean
  /** The query client (tests': their own); by default the app makes its own. */
  queryClient?: QueryClient
}

/** The whole app in the browser. */
export function App(props: AppProps) {
  return (
    <BrowserRouter>
      <AppInRouter {...props} />
    </BrowserRouter>
  )
}

/**
 * The app inside its router: the browser's (App), or the prerender's static one (src/prerender.tsx), which
 * must render the same tree for the browser to take the prerendered page over.
 */
export function AppInRouter({ signedOut = false, queryClient }: AppProps) {
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const at = useRef({ navigate, pathname })
  useEffect(() => {
    at.current = { navigate, pathname }
  }, [navigate, pathname])
  // With two-factor sign-in required, every admin call but the set-up is refused until it is done: go there.
  // (The query client takes it once, at its creation: the navigation of the moment is read when it is called.)
  const [toSecurity] = useState(() => () => {
    if (at.current.pathname !== SECURITY) void at.current.navigate(SECURITY)
  })
  return (
    <AppProvider onTwoFactorRequired={toSecurity} signedOut={signedOut} queryClient={queryClient}>
      <AppRoutes />
    </AppProvider>
  )
}
