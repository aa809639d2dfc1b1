import { Link } from 'react-router'
import { Button } from '@/components/ui/button'

/**
 * What a page of its own (a pool's printable sheet, its settlement report) shows instead of its content: a
 * pool not found, a link not valid, a read that failed; with the way back to the pool, or the dashboard.
 */
export function PageMessage({ title, text, poolId }: { title: string; text: string; poolId?: number }) {
  return (
    <div role="alert" className="mx-auto mt-10 max-w-md rounded-xl border bg-card p-8 text-center shadow-sm">
      <h1 className="text-xl font-bold">{title}</h1>
      <p className="mt-2 text-sm text-muted-foreground">{text}</p>
      <Button asChild className="mt-6">
        {poolId ? <Link to={`/pool/${poolId}`}>Back to the pool</Link> : <Link to="/dashboard">Back to Dashboard</Link>}
      </Button>
    </div>
  )
}
