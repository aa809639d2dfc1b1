import type { toast as sonnerToast } from 'sonner'

/**
 * Raises a toast from code in the app's first script, loading sonner for it: sonner is a seventh of that
 * script and no page needs it to draw (the toasts' region mounts once the page is idle, app/provider.tsx).
 * The screens, which load on demand, import sonner's `toast` directly.
 */
export function toastLater(show: (toast: typeof sonnerToast) => void): Promise<void> {
  return import('sonner').then((m) => show(m.toast))
}
