// First: no stacks are captured while the modules below initialise (see stack-capture.ts).
import { resumeStackCapture } from '@/app/stack-capture'
import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { App } from '@/app/app'
import { drawFirstScreenAsContent } from '@/app/root-layout'
import { registerServiceWorker } from '@/lib/service-worker'
import './index.css'

resumeStackCapture()
registerServiceWorker()

const root = document.getElementById('root')!
// A visitor's page prerendered at build time (scripts/prerender.mjs): the server sends it only to a browser
// without a session cookie (http/webapp.go), so the app starts signed out, as the page was rendered.
const prerendered = root.dataset.prerendered === 'visitor'
const app = (
  <StrictMode>
    <App signedOut={prerendered} />
  </StrictMode>
)

// The first render as a transition: React renders it in slices of a few milliseconds, yielding between them,
// instead of one long task a phone's browser cannot answer a tap during (Lighthouse's total blocking time).
startTransition(() => {
  if (prerendered) {
    hydrateRoot(root, app, {
      // A page that does not match its HTML is drawn afresh by React; say so, where tests see it.
      onRecoverableError: (error, info) => console.error('Hydration:', error, info.componentStack ?? ''),
    })
  } else {
    drawFirstScreenAsContent()
    createRoot(root).render(app)
  }
})
