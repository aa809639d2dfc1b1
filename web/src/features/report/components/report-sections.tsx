import type { ReactNode } from 'react'
import type { PoolReport } from '@/lib/api.gen'
import { formatDateTimeET } from '@/lib/dates'
import { formatMoney, toCents } from '@/lib/money'
import { awardStatusText, payoutKindText, scoreText, squareText } from './report-labels'

/** A section of the report: a heading, and its table or its empty text. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="report-section mt-8">
      <h2 id={id} className="report-heading text-lg font-bold">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  )
}

/** A table that scrolls sideways on a narrow screen (by keyboard too) and prints whole. */
function Table({ label, head, children }: { label: string; head: string[]; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className="report-scroll overflow-x-auto rounded-lg border focus-visible:outline-2 focus-visible:outline-ring">
      <table className="report-table w-full min-w-[34rem] border-collapse text-sm">
        <thead className="bg-muted/60 text-left">
          <tr>
            {head.map((h, i) => (
              <th key={h} scope="col" className={`px-3 py-2 font-semibold ${i > 0 && /Amount|Paid|Held|Refunded|Won|Price|Squares/.test(h) ? 'text-right' : ''}`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">{children}</tbody>
      </table>
    </div>
  )
}

const td = 'px-3 py-2 align-top'
const num = `${td} text-right tabular-nums`

function Empty({ children }: { children: ReactNode }) {
  return <p className="text-sm text-muted-foreground">{children}</p>
}

/** The totals, each a sum of the pool's ledger (or, in a host pool, of the host's records). */
export function TotalsSection({ report }: { report: PoolReport }) {
  const t = report.totals
  const host = report.pool.collection === 'host'
  const items: [string, string, boolean][] = host
    ? [['Paid to the host (recorded)', t.hostReceived, true]]
    : [
        ['Money in', t.moneyIn, true],
        ['Fee', t.fee, true],
        ['Prizes', t.prizes, true],
        ['Refunds', t.refunds, true],
        ['Paid out', t.paidOut, true],
        ['Still owed', t.stillOwed, true],
        ['Held on cards', t.held, toCents(t.held) !== 0],
        ['In escrow', t.inEscrow, toCents(t.inEscrow) !== 0],
        ['Forfeited', t.forfeited, toCents(t.forfeited) !== 0],
      ]
  return (
    <Section id="report-totals" title="Totals">
      <dl className="report-totals grid grid-cols-2 gap-3 sm:grid-cols-3">
        {items
          .filter(([, , shown]) => shown)
          .map(([label, value]) => (
            <div key={label} className="rounded-lg border bg-card p-3">
              <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
              <dd className="mt-1 text-lg font-bold tabular-nums">{formatMoney(value)}</dd>
            </div>
          ))}
      </dl>
    </Section>
  )
}

export function AwardsSection({ report }: { report: PoolReport }) {
  return (
    <Section id="report-awards" title="Scores, winners and prizes">
      {report.awards.length === 0 ? (
        <Empty>No period has been decided yet.</Empty>
      ) : (
        <Table label="Scores, winners and prizes" head={['Prize', 'Score (away–home)', 'Square', 'Winner', 'Amount', 'Status']}>
          {report.awards.map((a) => (
            <tr key={a.award}>
              <th scope="row" className={`${td} text-left font-semibold`}>
                {a.name}
              </th>
              <td className={`${td} tabular-nums`}>{scoreText(a)}</td>
              <td className={td}>{squareText(a.row, a.column)}</td>
              <td className={td}>{a.ownerName}</td>
              <td className={num}>{formatMoney(a.amount)}</td>
              <td className={td}>{awardStatusText(a)}</td>
            </tr>
          ))}
        </Table>
      )}
    </Section>
  )
}

export function PayoutsSection({ report }: { report: PoolReport }) {
  return (
    <Section id="report-payouts" title="Claims and payouts">
      {report.payouts.length === 0 ? (
        <Empty>No prize has been claimed or paid yet.</Empty>
      ) : (
        <Table label="Claims and payouts" head={['When', 'What', 'Prize', 'Player', 'Amount']}>
          {report.payouts.map((p, i) => (
            <tr key={i}>
              <td className={td}>{formatDateTimeET(p.at)}</td>
              <td className={td}>{payoutKindText(p.kind)}</td>
              <td className={td}>{p.award}</td>
              <td className={td}>{p.ownerName}</td>
              <td className={num}>{formatMoney(p.amount)}</td>
            </tr>
          ))}
        </Table>
      )}
    </Section>
  )
}

export function RefundsSection({ report }: { report: PoolReport }) {
  return (
    <Section id="report-refunds" title="Refunds">
      {report.refunds.length === 0 ? (
        <Empty>No refunds.</Empty>
      ) : (
        <Table label="Refunds" head={['When', 'Player', 'Amount']}>
          {report.refunds.map((f, i) => (
            <tr key={i}>
              <td className={td}>{formatDateTimeET(f.at)}</td>
              <td className={td}>{f.ownerName}</td>
              <td className={num}>{formatMoney(f.amount)}</td>
            </tr>
          ))}
        </Table>
      )}
    </Section>
  )
}

export function PlayersSection({ report }: { report: PoolReport }) {
  const host = report.pool.collection === 'host'
  return (
    <Section id="report-players" title="Players">
      {report.players.length === 0 ? (
        <Empty>Nobody has taken a square.</Empty>
      ) : (
        <Table label="Players" head={['Player', 'Squares', host ? 'Paid to the host' : 'Paid', 'Held', 'Refunded', 'Won']}>
          {report.players.map((p) => (
            <tr key={p.owner}>
              <th scope="row" className={`${td} text-left font-semibold`}>
                {p.name}
              </th>
              <td className={num}>{p.squares}</td>
              <td className={num}>{formatMoney(p.paid)}</td>
              <td className={num}>{formatMoney(p.held)}</td>
              <td className={num}>{formatMoney(p.refunded)}</td>
              <td className={num}>{formatMoney(p.won)}</td>
            </tr>
          ))}
        </Table>
      )}
    </Section>
  )
}

export function SquaresSection({ report }: { report: PoolReport }) {
  return (
    <Section id="report-squares" title={`Squares (${report.squares.length} of ${report.pool.gridSquares})`}>
      {report.squares.length === 0 ? (
        <Empty>No square is taken.</Empty>
      ) : (
        <Table label="Squares" head={['Square', 'Owner', 'Price']}>
          {report.squares.map((s) => (
            <tr key={`${s.row}-${s.column}`}>
              <td className={td}>{squareText(s.row, s.column)}</td>
              <td className={td}>{s.name}</td>
              <td className={num}>{formatMoney(s.price)}</td>
            </tr>
          ))}
        </Table>
      )}
    </Section>
  )
}

/** The record's head and last checkpoint: what a verifier compares with the record it reads. */
export function RecordSection({ report }: { report: PoolReport }) {
  const { seq, head, checkpoint } = report.record
  return (
    <Section id="report-record" title="The record">
      <dl className="grid gap-2 text-sm">
        <div>
          <dt className="font-medium text-muted-foreground">Head (entry {seq})</dt>
          <dd className="font-mono text-xs break-all">{head}</dd>
        </div>
        <div>
          <dt className="font-medium text-muted-foreground">Last checkpoint</dt>
          <dd>
            {checkpoint ? (
              <>
                Entry {checkpoint.seq}, {checkpoint.reason}, signed {formatDateTimeET(checkpoint.at)}
                <span className="block font-mono text-xs break-all">{checkpoint.head}</span>
              </>
            ) : (
              'None signed yet.'
            )}
          </dd>
        </div>
      </dl>
    </Section>
  )
}
