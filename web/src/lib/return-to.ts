// Where to go after signing in. A page that needs sign-in sends a visitor to the sign-in screen with its
// own address in `?returnTo=` (signInPath); a page that merely offers sign-in (an invitation link) may
// instead remember itself here. The sign-in screen returns to either. Only same-site paths are kept.

const KEY = 'squares.returnTo'

/** The query parameter of the sign-in screen that names where to go afterwards. */
export const RETURN_PARAM = 'returnTo'

function safePath(path: string | null | undefined): string | null {
  return path && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') ? path : null
}

/**
 * The sign-in screen's address that comes back to `path` (a path of this site, with its query) once the
 * visitor has signed in; `tab: 'signup'` opens it on Sign Up.
 */
export function signInPath(path?: string | null, tab?: 'signup'): string {
  const params = new URLSearchParams()
  if (tab) params.set('tab', tab)
  const p = safePath(path)
  if (p) params.set(RETURN_PARAM, p)
  const q = params.toString()
  return q ? `/login?${q}` : '/login'
}

/** Remembers a path of this site to return to after signing in. */
export function rememberReturnTo(path: string) {
  const p = safePath(path)
  try {
    if (p) window.sessionStorage.setItem(KEY, p)
  } catch {
    // Storage can be off (private mode): the visitor lands on the dashboard instead.
  }
}

/**
 * Where to go after signing in: `fromUrl` (the sign-in screen's `returnTo`) when it is a path of this
 * site, else the remembered path, else the fallback. The remembered path is forgotten once read.
 */
export function takeReturnTo(fallback: string, fromUrl?: string | null): string {
  let remembered: string | null = null
  try {
    remembered = safePath(window.sessionStorage.getItem(KEY))
    window.sessionStorage.removeItem(KEY)
  } catch {
    // no storage: nothing remembered
  }
  return safePath(fromUrl) ?? remembered ?? fallback
}
