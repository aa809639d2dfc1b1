import { useState } from 'react'
import { RouterProvider } from 'react-router'
import { AppProvider } from './provider'
import { createAppRouter } from './router'

const SECURITY = '/admin/security'

/** The whole app in the browser; `signedOut`: the viewer is known to be a visitor (see AppProvider). */
export function App({ signedOut = false }: { signedOut?: boolean }) {
  const [router] = useState(createAppRouter)
  // With two-factor sign-in required, every admin call but the set-up is refused until it is done: go there.
  const toSecurity = () => {
    if (router.state.location.pathname !== SECURITY) void router.navigate(SECURITY)
  }
  return (
    <AppProvider onTwoFactorRequired={toSecurity} signedOut={signedOut}>
      <RouterProvider router={router} />
    </AppProvider>
  )
}
