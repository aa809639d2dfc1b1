// Where to go after signing in: a page that sent the visitor to sign in (an invitation link) remembers
// itself here, and the sign-in screen returns to it. Only same-site paths are kept.

const KEY = 'squares.returnTo'

function safePath(path: string | null | undefined): string | null {
  return path && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') ? path : null
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

/** The remembered path (forgotten once read), else the fallback. */
export function takeReturnTo(fallback: string): string {
  try {
    const p = safePath(window.sessionStorage.getItem(KEY))
    window.sessionStorage.removeItem(KEY)
    return p ?? fallback
  } catch {
    return fallback
  }
}
