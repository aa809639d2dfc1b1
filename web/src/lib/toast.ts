import type { toast as sonnerToast } from 'sonner'

type Sonner = typeof sonnerToast
type Kind = 'success' | 'error' | 'info' | 'warning'

let sonner: Promise<Sonner> | undefined

/** Sonner's toast, loaded once, by the first toast raised. */
function load(): Promise<Sonner> {
  sonner ??= import('sonner').then((m) => m.toast)
  return sonner
}

function later<K extends Kind>(kind: K) {
  return (...args: Parameters<Sonner[K]>): void => {
    void load().then((t) => (t[kind] as (...a: Parameters<Sonner[K]>) => unknown)(...args))
  }
}

/**
 * Raises a toast as sonner's `toast` does, loading sonner for it: sonner is 33 kB of script that no page
 * needs to draw, so no screen's first load carries it (the toasts' region mounts once the page is idle,
 * app/provider.tsx). A toast shows a moment later than sonner's own call would show it.
 */
export const toast = Object.assign((...args: Parameters<Sonner>): void => void load().then((t) => t(...args)), {
  success: later('success'),
  error: later('error'),
  info: later('info'),
  warning: later('warning'),
})
