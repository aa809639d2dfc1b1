import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from '@/app/app'
import { registerServiceWorker } from '@/lib/service-worker'
import './index.css'

registerServiceWorker()

// The first render as a transition: React renders it in slices of a few milliseconds, yielding between them,
// instead of one long task a phone's browser cannot answer a tap during (Lighthouse's total blocking time).
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
})
