import { useEffect, useState } from 'react'
import { Link, useParams } from 'react-router'
import { ArrowLeft, Printer } from 'lucide-react'
import { PageMessage } from '@/components/layout/page-message'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { useDocumentMeta } from '@/lib/use-document-meta'
import { usePrintPool, usePrintSquares } from '../api/print-api'
import type { Pool } from '@/lib/types'
import { PrintSheet, SHEET_HEIGHT_IN, SHEET_PAGE_CSS, SHEET_WIDTH_IN } from './print-sheet'

const PX_PER_IN = 96
/** The paper around the sheet on screen (none on paper: the page's margins are the printer's). */
const PAPER_PAD_IN = 0.3
const PAPER_W = (SHEET_WIDTH_IN + 2 * PAPER_PAD_IN) * PX_PER_IN
const PAPER_H = (SHEET_HEIGHT_IN + 2 * PAPER_PAD_IN) * PX_PER_IN

/** The scale that fits the paper in its box's width (at most 1): a phone sees the whole sheet, smaller. */
function useFitScale() {
  const [el, ref] = useState<HTMLDivElement | null>(null)
  const [scale, setScale] = useState(1)
  useEffect(() => {
    if (!el) return
    const fit = () => setScale(Math.min(1, el.clientWidth / PAPER_W) || 1)
    fit()
    const ro = new ResizeObserver(fit)
    ro.observe(el)
    return () => ro.disconnect()
  }, [el])
  return { ref, scale }
}

function Toolbar({ poolId, ready }: { poolId: number; ready: boolean }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
      <Link to={`/pool/${poolId}`} className="inline-flex items-center gap-1 text-sm font-semibold text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden="true" /> Back to the pool
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm text-muted-foreground">US Letter or A4, landscape, one page.</p>
        <Button onClick={() => window.print()} disabled={!ready}>
          <Printer aria-hidden="true" /> Print
        </Button>
      </div>
    </div>
  )
}

function Sheet({ poolId }: { poolId: number }) {
  const poolQuery = usePrintPool(poolId, true)
  const squaresQuery = usePrintSquares(poolId, true)
  const { ref, scale } = useFitScale()
  const pool = poolQuery.data ?? null
  const squares = squaresQuery.data ?? null
  useDocumentMeta({ title: pool ? `${pool.name}: printable sheet` : 'Printable sheet' })

  const loading = poolQuery.isLoading || squaresQuery.isLoading
  const body = loading ? (
    <div aria-busy="true" aria-label="Loading the sheet">
      <Skeleton className="aspect-[11/8.5] w-full rounded-md" />
    </div>
  ) : !pool ? (
    <PageMessage title="Pool Not Found" text="This pool does not exist or is no longer available." />
  ) : !squares ? (
    <PageMessage title="The squares could not be loaded" text="Check your connection and reload the page." poolId={poolId} />
  ) : (
    <div ref={ref} className="sheet-frame w-full" style={{ height: PAPER_H * scale }}>
      <div
        className="sheet-paper origin-top-left bg-white shadow-lg ring-1 ring-black/10"
        style={{ width: PAPER_W, height: PAPER_H, padding: `${PAPER_PAD_IN}in`, transform: `scale(${scale})` }}
      >
        <PrintSheet pool={pool} squares={squares} {...sheetLink(pool)} />
      </div>
    </div>
  )
  return (
    <>
      <Toolbar poolId={poolId} ready={!!pool && !!squares} />
      <div className="mt-4 print:mt-0">{body}</div>
    </>
  )
}

/** On paper the frame and the paper around the sheet go: the page is the sheet. */
const FRAME_PRINT_CSS = `@media print {
  .sheet-frame { height: auto !important; }
  .sheet-paper { transform: none !important; padding: 0 !important; width: auto !important; height: auto !important; box-shadow: none !important; }
}`

/** /pools/{id}/print: a pool's sheet to print and pin up, with Print and a way back to the pool (neither printed). */
export function PoolPrintPage() {
  const { id = '' } = useParams()
  const valid = /^\d+$/.test(id)
  return (
    <div className="min-h-dvh bg-muted px-3 py-4 sm:px-6 sm:py-6 print:min-h-0 print:bg-white print:p-0">
      <style>{`${SHEET_PAGE_CSS}\n${FRAME_PRINT_CSS}`}</style>
      <main className="mx-auto max-w-[10.7in]">
        {valid ? <Sheet key={id} poolId={Number(id)} /> : <PageMessage title="Invalid Pool" text="That pool link is not valid." />}
      </main>
    </div>
  )
}

/**
 * Where the sheet's QR code leads: for the pool's host, who alone is shown its invite code, the invitation, so
 * that a guest at the party scans, joins and watches; for anyone else the pool's page.
 */
function sheetLink(pool: Pool): { poolUrl: string; joins: boolean } {
  if (pool.inviteCode) return { poolUrl: `${window.location.origin}/join/${encodeURIComponent(pool.inviteCode)}`, joins: true }
  return { poolUrl: `${window.location.origin}/pool/${pool.id}`, joins: false }
}
