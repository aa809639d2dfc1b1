import { useLayoutEffect, useRef } from 'react'
import { formatDateET, formatTimeET } from '@/lib/dates'
import { formatCents, formatMoney, isFree } from '@/lib/money'
import type { Pool } from '@/lib/types'
import { cn } from '@/lib/utils'
import { PrintBoard } from './print-board'
import { QrCode } from './qr-code'
import { fitNames, type SheetSquare } from './sheet-names'
import { drawNote, prizesNote, reverseCents, sheetRules } from './sheet-text'
import { poolRules, sheetGrid } from './sheet-grid'

/**
 * The sheet's size, the same on screen and on paper: it fits the printable area of US Letter and of A4 in
 * landscape with the page's margins (SHEET_PAGE_CSS), so the page prints on one sheet of either.
 */
export const SHEET_WIDTH_IN = 10.1
export const SHEET_HEIGHT_IN = 7.3

/** One landscape page, with margins every printer can print within; the sheet alone on it. */
export const SHEET_PAGE_CSS = `@page { size: landscape; margin: 0.35in; }
@media print {
  html, body { background: #fff !important; }
  body { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}`

/**
 * A pool's sheet for the wall: its board with every owner's name, the teams and kickoff, what each period
 * pays (the server's payouts, with the reverse and every-score shares its rules give), its rules a line each
 * and a QR code of its page.
 */
export function PrintSheet({ pool, squares, poolUrl, joins = false }: { pool: Pool; squares: readonly SheetSquare[]; poolUrl: string; joins?: boolean }) {
  const ref = useRef<HTMLElement>(null)
  // Names shrink until they fit their squares, again once the web font has loaded (it changes their size)
  // and whenever a square changes size.
  useLayoutEffect(() => {
    const el = ref.current
    if (!el) return
    fitNames(el)
    let live = true
    const refit = () => {
      if (live) fitNames(el)
    }
    void document.fonts?.ready.then(refit)
    // A font that starts loading after the first fit, or a square that changes size as the sheet settles
    // (the rules' lines wrapping anew), fits the names again.
    document.fonts?.addEventListener?.('loadingdone', refit)
    const cell = el.querySelector('[role=cell]')
    const ro = typeof ResizeObserver === 'undefined' || !cell ? null : new ResizeObserver(refit)
    if (cell) ro?.observe(cell)
    return () => {
      live = false
      document.fonts?.removeEventListener?.('loadingdone', refit)
      ro?.disconnect()
    }
  }, [pool, squares])

  const game = pool.game
  const free = isFree(pool.entryFee)
  const full = pool.currentParticipants >= sheetGrid(pool).squares
  const rules = poolRules(pool)
  const lines = sheetRules(pool)
  const reverse = rules.reversePercent > 0
  // The rules of a pool beyond today's take more lines: a smaller QR code and two columns leave the board its room.
  const long = lines.length > 2
  const prize = (amount: string) => (free ? 'Bragging rights' : formatMoney(amount))
  return (
    <article
      ref={ref}
      aria-label={`Printable sheet of ${pool.name}`}
      className="grid grid-cols-[7.05in_minmax(0,1fr)] grid-rows-[minmax(0,1fr)_auto] gap-x-[0.2in] gap-y-[0.12in] overflow-hidden bg-white text-black"
      style={{ width: `${SHEET_WIDTH_IN}in`, height: `${SHEET_HEIGHT_IN}in` }}
      data-testid="print-sheet"
    >
      <PrintBoard pool={pool} squares={squares} />
      <div className="flex min-h-0 min-w-0 flex-col gap-[0.14in]">
        <header className="grid gap-[3pt]">
          <p className="text-[7pt] font-bold tracking-widest text-neutral-600 uppercase">Squares pool</p>
          <h1 className="text-[15pt] leading-tight font-extrabold [overflow-wrap:anywhere]">{pool.name}</h1>
          {game && (
            <p className="text-[10.5pt] leading-snug font-semibold">
              {game.awayTeam} <span className="font-normal text-neutral-600">(away)</span> at {game.homeTeam}{' '}
              <span className="font-normal text-neutral-600">(home)</span>
            </p>
          )}
          <p className="text-[9pt] leading-snug">
            <span className="font-semibold">Kickoff:</span> {formatDateET(game?.gameDate)}, {formatTimeET(game?.gameDate)}
          </p>
          <p className="text-[9pt] leading-snug">
            <span className="font-semibold">Entry:</span> {free ? 'Free' : `${formatMoney(pool.entryFee)} a square`}
          </p>
          <p className="text-[8pt] leading-snug text-neutral-700">
            {drawNote(pool)}
          </p>
        </header>
        <section aria-labelledby="sheet-payouts" className="grid gap-[3pt]">
          <h2 id="sheet-payouts" className="text-[9pt] font-extrabold tracking-wide uppercase">
            Payouts
          </h2>
          <table className="w-full border-collapse text-[9pt]" data-testid="sheet-payouts">
            <thead className={reverse ? 'text-[6.5pt] text-neutral-700' : 'sr-only'}>
              <tr>
                <th scope="col" className="text-left font-normal">
                  Period
                </th>
                <th scope="col" className="text-right font-normal">
                  Share
                </th>
                <th scope="col" className="text-right font-normal">
                  Prize
                </th>
                {reverse && (
                  <th scope="col" className="text-right font-normal">
                    Reverse {rules.reversePercent}%
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {(pool.payouts ?? []).map((p) => (
                <tr key={p.period} className="border-b-[0.5pt] border-neutral-400" data-testid={`sheet-payout-${p.period}`}>
                  <th scope="row" className="py-[2pt] text-left font-semibold">
                    {p.label}
                  </th>
                  <td className="py-[2pt] text-right text-neutral-700">{p.percent}%</td>
                  <td className="py-[2pt] text-right font-bold">{prize(p.amount)}</td>
                  {reverse && (
                    <td className="py-[2pt] text-right font-semibold" data-testid={`sheet-payout-${p.period}-reverse`}>
                      {free ? '-' : formatCents(reverseCents(p.amount, rules.reversePercent))}
                    </td>
                  )}
                </tr>
              ))}
              {rules.everyScorePercent > 0 && (
                <tr className="border-b-[0.5pt] border-neutral-400" data-testid="sheet-payout-score">
                  <th scope="row" className="py-[2pt] text-left font-semibold">
                    Every score
                  </th>
                  <td className="py-[2pt] text-right text-neutral-700">{rules.everyScorePercent}%</td>
                  <td className="py-[2pt] text-right font-bold">{prize(pool.everyScoreShare)}</td>
                  {reverse && <td />}
                </tr>
              )}
            </tbody>
          </table>
          {!free && !full && <p className="text-[7pt] text-neutral-700">{prizesNote(pool)}</p>}
        </section>
        <figure className="mt-auto grid justify-items-center gap-[3pt] text-center">
          <QrCode text={poolUrl} label={joins ? `QR code to join the pool, ${poolUrl}` : `QR code of the pool’s page, ${poolUrl}`} className={long ? 'size-[1.25in]' : 'size-[1.6in]'} />
          <figcaption className="grid gap-[1pt]">
            <span className="text-[8pt] font-semibold">{joins ? 'Scan to join and watch the live board' : 'Scan for the live board'}</span>
            <span className="text-[6.5pt] break-all text-neutral-700">{poolUrl}</span>
          </figcaption>
        </figure>
      </div>
      <section
        aria-label="Rules"
        className={cn('col-span-2 border-t-[0.75pt] border-black pt-[4pt] text-[7pt] leading-snug', long ? 'columns-2 gap-x-[0.2in] [&>p]:mb-[1pt]' : 'grid gap-[1pt]')}
        data-testid="sheet-rules"
      >
        {lines.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </section>
    </article>
  )
}
