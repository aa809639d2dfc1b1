/// <reference lib="webworker" />
// The service worker: makes the app installable and shows push notifications. It precaches the built
// files (their names are fingerprinted, so a cached copy is never stale), loads pages from the network
// (the precached shell only offline), and never answers nor caches /api/, /ws or /dev/: a deploy or a live
// game never shows stale data. The decisions are in sw-logic.ts.
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching'
import { clickTarget, NETWORK_ONLY, noticeFromPush, swRoute } from './sw-logic'

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> }

// A new version takes over at once: pages load from the network anyway, and a page of the old version
// that misses a lazy chunk reloads itself (lib/chunk-reload.ts).
self.addEventListener('install', (event) => {
  // Where the browser has static routes (Chromium 123+), the network-only paths never reach the worker at
  // all; elsewhere the fetch listener below leaves them alone.
  const install = event as ExtendableEvent & { addRoutes?: (routes: unknown[]) => Promise<void> }
  if (typeof install.addRoutes === 'function') {
    const routes = NETWORK_ONLY.flatMap((p) => (p.endsWith('/') ? [p + '*', p.slice(0, -1)] : [p, p + '/*'])).map((pathname) => ({
      condition: { urlPattern: { pathname } },
      source: 'network',
    }))
    install.waitUntil(install.addRoutes(routes).catch(() => {}))
  }
  void self.skipWaiting()
})

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // Page loads start while the worker wakes up, not after.
      await self.registration.navigationPreload?.enable()
      await self.clients.claim()
    })(),
  )
})

// Registered before workbox's own listener, so it decides first.
self.addEventListener('fetch', (event) => {
  const { request } = event
  switch (swRoute(request.url, request.mode, request.method, self.location.origin)) {
    case 'network':
      // Left to the browser: no respondWith, and no other listener sees it.
      event.stopImmediatePropagation()
      return
    case 'page':
      event.stopImmediatePropagation()
      event.respondWith(pageFromNetwork(event))
      return
    case 'static':
      return // the precache route below answers the files it holds
  }
})

async function pageFromNetwork(event: FetchEvent): Promise<Response> {
  try {
    const preloaded = (await event.preloadResponse) as Response | undefined
    return preloaded ?? (await fetch(event.request))
  } catch (err) {
    const shell = await matchPrecache('/index.html')
    if (shell) return shell
    throw err
  }
}

cleanupOutdatedCaches()
// Only exact file URLs: "/" and other pages are loads for pageFromNetwork, never the precached index.html.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false })

self.addEventListener('push', (event) => {
  const notice = noticeFromPush(event.data?.text())
  event.waitUntil(
    self.registration.showNotification(notice.title, {
      body: notice.body,
      tag: notice.tag,
      // A newer push under the same tag replaces the old notification and still alerts.
      renotify: !!notice.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: notice.url },
    } as NotificationOptions),
  )
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const target = clickTarget(event.notification.data, self.location.origin)
  event.waitUntil(openOrFocus(target))
})

/** Focuses a window of the app on the URL: one already there, else one of the app moved there, else a new one. */
async function openOrFocus(target: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
  const same = windows.find((w) => w.url === target)
  if (same) {
    await same.focus()
    return
  }
  const ours = windows.find((w) => new URL(w.url).origin === self.location.origin)
  if (ours) {
    try {
      const moved = await ours.navigate(target)
      await (moved ?? ours).focus()
      return
    } catch {
      // a window this worker does not control cannot be navigated: open a new one
    }
  }
  await self.clients.openWindow(target)
}

// The browser renewed the subscription (its push service rotated it): subscribe again with the same key and
// tell the server, which ties it to the signed-in session (a signed-out device is refused and gets nothing).
self.addEventListener('pushsubscriptionchange', (event) => {
  const e = event as ExtendableEvent & { oldSubscription?: PushSubscription | null; newSubscription?: PushSubscription | null }
  e.waitUntil(
    (async () => {
      const key = e.oldSubscription?.options.applicationServerKey
      const fresh = e.newSubscription ?? (key ? await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }) : null)
      if (!fresh) return
      await fetch('/api/push/subscriptions', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(fresh.toJSON()),
      })
    })(),
  )
})
