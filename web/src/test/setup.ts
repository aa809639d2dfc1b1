import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach, vi } from 'vitest'
import { toast } from 'sonner'
import { FakeWebSocket } from './fake-websocket'

// findBy*/waitFor give up after 1 s by default; a lazy screen compiled on a busy machine can take longer.
// CI runs this suite beside Go's and Playwright's on 2 cores: there a pool page's first render, its data
// answers and a role query over its 121 cells took past 5 s once (CI of stop 35), and a host's page, whose
// tools load on demand, past 20 s for the whole test (CI of stop 36: this suite runs at nice 10 there). A
// wait that succeeds returns as soon as it does; only a failing one waits the full time, still inside
// testTimeout (60 s).
configure({ asyncUtilTimeout: 40_000 })

// Once prerender.test.tsx has run React's server renderer in a worker (the files share one module graph:
// isolate false), React's development build warns at every later render that two renderers share a context
// provider: about 1,300 lines, more than half of the suite's output, which the app (one renderer) never has.
const quiet = 'Detected multiple renderers concurrently rendering the same context provider'
const marked = console.error as typeof console.error & { quietRenderers?: true }
if (!marked.quietRenderers) {
  const error = console.error
  console.error = Object.assign(
    (...args: unknown[]) => {
      if (typeof args[0] === 'string' && args[0].startsWith(quiet)) return
      error(...args)
    },
    { quietRenderers: true as const },
  )
}

afterEach(() => {
  toast.dismiss()
  cleanup()
  FakeWebSocket.reset()
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

// jsdom lacks these; Radix and sonner touch them.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList
}
class RO {
  observe() {}
  unobserve() {}
  disconnect() {}
}
;(globalThis as unknown as { ResizeObserver: typeof RO }).ResizeObserver ??= RO
// jsdom lacks these element methods that Radix calls.
const elementStubs = { scrollIntoView() {}, hasPointerCapture: () => false, releasePointerCapture() {} }
for (const [name, value] of Object.entries(elementStubs)) {
  if (!(name in Element.prototype)) Object.defineProperty(Element.prototype, name, { value, configurable: true, writable: true })
}

// The draw verifier needs Web Crypto; use Node's when the test environment lacks it.
// (The module name is a variable so that the browser type-check does not need Node's types.)
if (!globalThis.crypto?.subtle) {
  const nodeCrypto = 'node:crypto'
  const { webcrypto } = (await import(/* @vite-ignore */ nodeCrypto)) as { webcrypto: Crypto }
  Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true })
}

// No test touches the network: the live-update socket is a fake that tests drive by hand.
;(globalThis as unknown as { WebSocket: unknown }).WebSocket = FakeWebSocket
