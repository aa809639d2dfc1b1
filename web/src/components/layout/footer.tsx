import { Link } from 'react-router'
import { SupportEmailLink } from '@/components/layout/support-link'
import { useServerConfig } from '@/lib/config'

export function Footer() {
  const { supportEmail } = useServerConfig()
  return (
    <footer className="mt-auto border-t bg-card">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
        {/* A page prerendered in an earlier year (scripts/prerender.mjs) shows that year rather than be drawn afresh. */}
        <p suppressHydrationWarning>© {new Date().getFullYear()} Squares. Must be 18+ (older in some states). Paid pools only where permitted.</p>
        <nav aria-label="Footer" className="flex flex-wrap gap-x-4 gap-y-2">
          <Link className="hover:text-foreground hover:underline" to="/how-to-play">
            How to Play
          </Link>
          <Link className="hover:text-foreground hover:underline" to="/pool-of-the-week">
            Pool of the Week
          </Link>
          {supportEmail && (
            <span>
              Support: <SupportEmailLink />
            </span>
          )}
        </nav>
      </div>
    </footer>
  )
}
