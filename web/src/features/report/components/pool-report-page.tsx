import { Link, useParams } from 'react-router'
import { ArrowLeft, Download, Printer } from 'lucide-react'
import { PageMessage } from '@/components/layout/page-message'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { ApiError } from '@/lib/api'
import type { PoolReport } from '@/lib/api.gen'
import { formatDateTimeET } from '@/lib/dates'
import { formatEntryFee } from '@/lib/money'
import { useDocumentMeta } from '@/lib/use-document-meta'
import { reportCsvUrl, usePoolReport } from '../api/report-api'
import { moneyNote, poolStatusText } from './report-labels'
import { AwardsSection, PayoutsSection, PlayersSection, RecordSection, RefundsSection, SquaresSection, TotalsSection } from './report-sections'

/**
 * On paper: no toolbar, black on white, the tables whole (no scrolling box) with their header row repeated on
 * each page and no row cut in two, and no heading left alone at the foot of a page.
 */
const REPORT_PRINT_CSS = `@media print {
  @page { margin: 0.5in; }
  .report-root { background: #fff !important; color: #000 !important; padding: 0 !important; font-size: 10pt; }
  .report-root * { color: #000 !important; background: transparent !important; box-shadow: none !important; }
  .report-scroll { overflow: visible !important; border-color: #000 !important; }
  .report-table { min-width: 0 !important; }
  .report-table thead { display: table-header-group; }
  .report-table tr, .report-totals > div { break-inside: avoid; }
  .report-table th, .report-table td { border-bottom: 1px solid #999; padding: 2pt 4pt !important; }
  .report-heading { break-after: avoid; }
  .report-section { margin-top: 14pt !important; }
}`

function Toolbar({ poolId, ready }: { poolId: number; ready: boolean }) {
  return (
    <nav aria-label="Report actions" className="flex flex-wrap items-center justify-between gap-3 print:hidden">
      <Link to={`/pool/${poolId}`} className="inline-flex items-center gap-1 text-sm font-semibold text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden="true" /> Back to the pool
      </Link>
      <div className="flex flex-wrap items-center gap-2">
        <Button asChild variant="outline">
          <a href={reportCsvUrl(poolId)} download>
            <Download aria-hidden="true" /> Download CSV
          </a>
        </Button>
        <Button onClick={() => window.print()} disabled={!ready}>
          <Printer aria-hidden="true" /> Print
        </Button>
      </div>
    </nav>
  )
}

function Header({ report }: { report: PoolReport }) {
  const p = report.pool
  return (
    <header className="mt-6 print:mt-0">
      <p className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">Settlement report</p>
      <h1 className="mt-1 text-2xl font-bold break-words sm:text-3xl">{p.name}</h1>
      <p className="mt-1 text-base">
        {p.awayTeam} @ {p.homeTeam}
        {p.gameDate && <span className="text-muted-foreground"> · {formatDateTimeET(p.gameDate)}</span>}
      </p>
      <dl className="mt-4 grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-muted-foreground">Status</dt>
          <dd className="font-semibold">{poolStatusText(p.status)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Entry fee</dt>
          <dd className="font-semibold">{p.free ? 'Free' : `${formatEntryFee(p.entryFee)} / square`}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Fee rate</dt>
          <dd className="font-semibold">{p.feePercent}% of the pot</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Squares taken</dt>
          <dd className="font-semibold">
            {p.squaresTaken} of {p.gridSquares}
          </dd>
        </div>
      </dl>
      <p className="mt-4 text-sm text-muted-foreground">{moneyNote(p)}</p>
      <p className="mt-1 text-xs text-muted-foreground">As of {formatDateTimeET(report.generatedAt)}.</p>
    </header>
  )
}

function Report({ poolId }: { poolId: number }) {
  const query = usePoolReport(poolId, true)
  const report = query.data ?? null
  useDocumentMeta({ title: report ? `${report.pool.name}: settlement report` : 'Settlement report' })
  const notFound = query.error instanceof ApiError && query.error.status === 404

  const body = query.isLoading ? (
    <div aria-busy="true" aria-label="Loading the report" className="mt-6 grid gap-4">
      <Skeleton className="h-24 w-full" />
      <Skeleton className="h-40 w-full" />
      <Skeleton className="h-64 w-full" />
    </div>
  ) : notFound ? (
    <PageMessage title="Pool Not Found" text="This pool does not exist or is no longer available." />
  ) : !report ? (
    <PageMessage title="The report could not be loaded" text="Check your connection and reload the page." poolId={poolId} />
  ) : (
    <article aria-label="Settlement report">
      <Header report={report} />
      <TotalsSection report={report} />
      <AwardsSection report={report} />
      <PayoutsSection report={report} />
      <RefundsSection report={report} />
      <PlayersSection report={report} />
      <SquaresSection report={report} />
      <RecordSection report={report} />
    </article>
  )
  return (
    <>
      <Toolbar poolId={poolId} ready={!!report} />
      {body}
    </>
  )
}

/** /pools/{id}/report: a pool's settlement report, to read on screen, print, or download as CSV. */
export function PoolReportPage() {
  const { id = '' } = useParams()
  const valid = /^\d+$/.test(id)
  return (
    <div className="report-root min-h-dvh bg-background px-3 py-4 text-foreground sm:px-6 sm:py-6">
      <style>{REPORT_PRINT_CSS}</style>
      <main className="mx-auto max-w-5xl">
        {valid ? <Report key={id} poolId={Number(id)} /> : <PageMessage title="Invalid Pool" text="That pool link is not valid." />}
      </main>
    </div>
  )
}
