import { useState } from 'react'
import { RouterProvider } from 'react-router'
import { AppProvider } from './provider'
import { createAppRouter } from './router'

const SECURITY = '/admin/security'

export function App() {
  const [router] = useState(createAppRouter)
  // With two-factor sign-in required, every admin call but the set-up is refused until it is done: go there.
  const toSecurity = () => {
    if (router.state.location.pathname !== SECURITY) void router.navigate(SECURITY)
  }
  return (
    <AppProvider onTwoFactorRequired={toSecurity}>
      <RouterProvider router={router} />
    </AppProvider>
  )
}
