// Registers the service worker (src/sw.ts, built to /sw.js) in the built app: it makes the app installable
// and shows push notifications. It never answers the API (see sw-logic.ts). The development server has none.

export const SERVICE_WORKER_URL = '/sw.js'

export function registerServiceWorker() {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return
  const register = () => {
    // The worker must not hold up the page: registering waits for the load, and a failure (a browser that
    // refuses workers, a private window) only means no installing and no notifications.
    navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }).catch(() => {})
  }
  if (document.readyState === 'complete') register()
  else window.addEventListener('load', register, { once: true })
}
