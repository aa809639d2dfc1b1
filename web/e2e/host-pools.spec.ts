/// <reference lib="dom" />
import { mkdirSync, writeFileSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import { expect as baseExpect, test, type APIResponse, type BrowserContext, type Page } from '@playwright/test'
import { waitForMail } from './mail'

// A host runs a $10 pool whose money they collect themselves. They create it, add two
// guests and give them squares at random; a member joins by the link and claims squares (the free claim,
// no checkout); the host records two payments and sends a reminder, which reaches the SMTP server; the
// host gives the rest of the board away, which draws the numbers; an admin enters the scores; the host marks
// every prize paid and the member sees it; the printed sheet is one page with every name, the guests' too;
// and the ledger never moved. (The release of unpaid squares at payBy is proved in Go with an injected
// clock: store/deadline_test.go.) The game, the pool and the accounts are this spec's own. Screenshots at
// 390 and 1366 px go to E2E_SHOTS_DIR (default /tmp/shots).
const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/shots'
const expect = baseExpect.configure({ timeout: 30_000 })
const password = 'correct-horse-battery'

interface PoolJSON {
  id: number
  status: string
  numbersGenerated: boolean
  collection: string
  houseFee: string
}
interface SquareJSON {
  row: number
  column: number
  displayName?: string
  guestId?: number
}
interface LedgerSummary {
  total: string
  balanced: boolean
  accounts: { account: string; balance: string }[]
}

async function ok<T>(res: Promise<APIResponse>, status = 200): Promise<T> {
  const r = await res
  expect(r.status(), await r.text()).toBe(status)
  return (await r.json()) as T
}

async function noSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }))
  expect(scrollWidth, `page is ${scrollWidth} px wide in a ${innerWidth} px window`).toBeLessThanOrEqual(innerWidth)
}

/** The whole page at 390 and 1366 px, no sideways scroll at 320 either, and no serious axe violation; back at 1366. */
async function shoot(page: Page, name: string) {
  for (const width of [390, 1366, 320]) {
    await page.setViewportSize({ width, height: 900 })
    await page.waitForTimeout(300)
    await noSidewaysScroll(page)
    if (width !== 320) await page.screenshot({ path: `${SHOTS}/host-pools-${name}-${width}.png`, fullPage: true })
  }
  await page.setViewportSize({ width: 1366, height: 900 })
  const { violations } = await new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] }).include('main').analyze()
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  expect(bad, `axe on ${name}`).toEqual([])
}

async function register(context: BrowserContext, email: string, firstName: string, lastName: string) {
  await ok(
    context.request.post('/api/auth/register', { data: { email, password, firstName, lastName, dateOfBirth: '1990-04-01', residenceState: 'NY' } }),
    201,
  )
}

const panel = (page: Page) => page.getByRole('region', { name: 'Players and payments' })
const row = (page: Page, name: string) => panel(page).getByRole('listitem', { name })
const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title }).first()

/** Gives `n` squares at random to the player whose name starts the option's label. */
async function giveAtRandom(page: Page, name: string, n: number) {
  const select = page.getByLabel('Give squares to')
  const value = await select.locator('option', { hasText: name }).first().getAttribute('value')
  await select.selectOption(value ?? '')
  await page.getByLabel('How many').fill(String(n))
  await page.getByRole('button', { name: 'Give at random' }).click()
  await expect(toast(page, `${n} squares to ${name}`)).toBeVisible()
}

function pageCount(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0
}

test('a host-collected pool from creation to prizes paid: guests, a member, payments, a reminder, the draw, the sheet, no ledger movement', async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(480_000)
  mkdirSync(SHOTS, { recursive: true })
  const stamp = Date.now()
  const admin = await playwright.request.newContext({ baseURL })
  await ok(admin.post('/api/admin/login', { data: { username: 'admin', password: 'squares-admin' } }))
  const ledgerBefore = await ok<LedgerSummary>(admin.get('/api/admin/ledger/summary'))

  // A game of the spec's own, 3 hours away.
  const { activeWeek } = await ok<{ activeWeek: string }>(admin.get('/api/leagues/1/active-week'))
  const game = await ok<{ id: number }>(
    admin.post('/api/games', {
      data: { leagueId: 1, homeTeam: 'Green Bay Packers', awayTeam: 'Chicago Bears', gameDate: new Date(Date.now() + 3 * 3600_000).toISOString(), status: 'scheduled', week: activeWeek },
    }),
    201,
  )

  const hostCtx = await browser.newContext({ viewport: { width: 1366, height: 900 } })
  const memberCtx = await browser.newContext({ viewport: { width: 390, height: 844 } })
  const memberEmail = `riley-${stamp}@squares.test`
  await register(hostCtx, `dana-${stamp}@squares.test`, 'Dana', 'Host')
  await register(memberCtx, memberEmail, 'Riley', 'Member')
  const host = await hostCtx.newPage()
  const member = await memberCtx.newPage()
  const errors: string[] = []
  for (const p of [host, member]) p.on('pageerror', (e) => errors.push(e.message))

  // 1. The host creates a $10 pool whose money they collect, with instructions; pay-by keeps its default.
  await host.goto('/create-private-pool')
  await host.getByLabel('Game').selectOption(String(game.id))
  await host.getByLabel('Pool Name').fill(`Party ${stamp}`)
  await host.getByLabel('Entry Fee ($ per square)').fill('10')
  await host.getByLabel('Max Squares per Player').fill('25')
  await host.getByRole('radio', { name: /I collect the money myself/ }).check()
  await host.getByLabel(/Payment instructions/).fill('Venmo @dana-host\nor cash at the party')
  await expect(host.getByLabel('Pay by')).not.toHaveValue('')
  await expect(host.getByText(/^Due .* ET\. Squares not paid for by then are released/)).toBeVisible()
  await shoot(host, 'create')
  await host.getByRole('button', { name: 'Create Private Pool' }).click()
  await expect(host.getByText('Your pool is ready')).toBeVisible()
  await expect(host.getByText('You collect it, outside Squares (no fee)')).toBeVisible()
  const inviteCode = (await host.locator('code').first().textContent())!.trim()
  await host.getByRole('link', { name: 'View Pool' }).click()
  await expect(host).toHaveURL(/\/pool\/\d+$/)
  const poolId = Number(new URL(host.url()).pathname.split('/').pop())
  const pool = await ok<PoolJSON>(host.request.get(`/api/pools/${poolId}`))
  expect(pool.collection).toBe('host')
  expect(pool.houseFee).toBe('0.00')
  await expect(host.getByRole('heading', { name: 'You collect the money', exact: true })).toBeVisible()
  await expect(host.getByText(/Squares does not hold this pool’s money and charges no fee/)).toBeVisible()

  // 2. Two guests, five squares each at random.
  for (const [name, email] of [['Aunt May', ''], ['Uncle Bob', `bob-${stamp}@squares.test`]]) {
    await host.getByLabel("Guest's name").fill(name)
    await host.getByLabel(/E-mail/).fill(email)
    await host.getByRole('button', { name: 'Add guest' }).click()
    await expect(row(host, name)).toBeVisible()
  }
  await giveAtRandom(host, 'Aunt May', 5)
  await giveAtRandom(host, 'Uncle Bob', 5)
  await expect(host.getByTestId('squares-claimed')).toHaveText('10/100')
  await expect(host.locator('[role=gridcell][data-unpaid]')).toHaveCount(10)

  // 3. The member follows the link, joins, sees how to pay the host, and claims two squares for free.
  await member.goto(`/join/${inviteCode}`)
  await expect(member).toHaveURL(new RegExp(`/pool/${poolId}$`))
  await expect(member.getByRole('heading', { name: 'Pay the host', exact: true })).toBeVisible()
  await expect(member.getByTestId('payment-instructions')).toContainText('Venmo @dana-host')
  const squares = await ok<SquareJSON[]>(member.request.get(`/api/pools/${poolId}/squares`))
  const taken = new Set(squares.map((s) => `${s.row}-${s.column}`))
  const free = Array.from({ length: 100 }, (_, i) => ({ row: Math.floor(i / 10), column: i % 10 })).filter((c) => !taken.has(`${c.row}-${c.column}`))
  for (const c of free.slice(0, 2)) await member.locator(`[role=gridcell][data-row="${c.row}"][data-column="${c.column}"]`).click()
  await member.getByRole('button', { name: 'Claim Squares' }).click()
  await expect(toast(member, 'Squares claimed')).toBeVisible()
  await expect(member.getByTestId('own-balance')).toContainText('Still owed$20.00')

  // 4. The host records two payments: Aunt May's balance in two taps, $10 of the member's with a note.
  await host.reload()
  await expect(row(host, 'Riley M.')).toContainText('$20.00')
  await row(host, 'Aunt May').getByRole('button', { name: 'Paid: Aunt May paid $50.00' }).click()
  await row(host, 'Aunt May').getByRole('button', { name: 'Record $50.00' }).click()
  await expect(toast(host, 'Payment recorded')).toBeVisible()
  await row(host, 'Riley M.').getByRole('button', { name: 'Other amount' }).click()
  const form = host.getByRole('form', { name: 'Record a payment from Riley M.' })
  await form.getByLabel('Amount ($)').fill('10')
  await form.getByLabel(/Note/).fill('cash')
  await form.getByRole('button', { name: 'Record payment' }).click()
  await expect(form).toHaveCount(0)
  await expect(row(host, 'Riley M.')).toContainText('$10.00')
  await expect(host.locator('[role=gridcell][data-unpaid]')).toHaveCount(6)
  await shoot(host, 'host')
  await member.reload()
  await expect(member.getByTestId('own-balance')).toContainText('Paid$10.00')
  await expect(member.getByTestId('own-balance')).toContainText('Still owed$10.00')
  await expect(member.locator('[role=gridcell][data-unpaid]')).toHaveCount(1)
  await shoot(member, 'member')

  // 5. A reminder now: the member owes, so one e-mail, through the SMTP server; a second is refused until later.
  await host.getByRole('button', { name: 'Send reminder' }).click()
  await expect(host.getByTestId('reminder-note')).toHaveText('Reminder sent to 1 player.')
  const mail = await waitForMail(memberEmail, /^Reminder: pay the host for your squares in Party/)
  expect(mail.text).toContain('$10.00')
  expect(mail.text).toContain('Venmo @dana-host')
  await host.getByRole('button', { name: 'Send reminder' }).click()
  await expect(host.getByTestId('reminder-note')).toContainText('A reminder was sent less than 6 hours ago: you can send the next one at')

  // 6. The host gives the rest of the board away: the last square draws the numbers.
  await giveAtRandom(host, 'Dana H.', 25)
  await giveAtRandom(host, 'Aunt May', 20)
  await giveAtRandom(host, 'Uncle Bob', 20)
  await giveAtRandom(host, 'Riley M.', 23)
  await expect(host.getByTestId('squares-claimed')).toHaveText('100/100')
  await expect.poll(async () => (await ok<PoolJSON>(host.request.get(`/api/pools/${poolId}`))).numbersGenerated).toBe(true)

  // 7. The game is played; an admin enters the scores.
  const score = (homeScore: number, awayScore: number, quarter: number, status = 'live') =>
    ok(admin.post(`/api/admin/games/${game.id}/score`, { data: { homeScore, awayScore, quarter, status } }))
  await score(3, 0, 1)
  await score(7, 3, 2)
  await score(14, 10, 3)
  await score(21, 17, 4)
  await score(24, 17, 4, 'completed')
  await expect.poll(async () => (await ok<PoolJSON>(host.request.get(`/api/pools/${poolId}`))).status).toBe('completed')

  // 8. The host pays each prize and marks it paid; the member sees it.
  await host.reload()
  for (const label of ['Q1', 'Q2', 'Q3', 'Final']) {
    await host.getByRole('button', { name: new RegExp(`^Mark ${label} paid to `) }).click()
    await expect(host.getByTestId(`host-prize-${label}`)).toContainText('Paid by you')
  }
  await shoot(host, 'host-prizes')
  await member.reload()
  for (const label of ['Q1', 'Q2', 'Q3', 'Q4']) await expect(member.getByTestId(`winner-${label}`)).toContainText('Paid by the host')

  // 9. The printed sheet: one page of Letter, landscape, with every owner's name, the guests' too.
  const owned = await ok<SquareJSON[]>(host.request.get(`/api/pools/${poolId}/squares`))
  const names = [...new Set(owned.map((s) => s.displayName!))]
  expect(names).toEqual(expect.arrayContaining(['Aunt May', 'Uncle Bob', 'Dana H.', 'Riley M.']))
  await host.goto(`/pools/${poolId}/print`)
  await expect(host.getByTestId('print-sheet')).toBeVisible()
  await host.setViewportSize({ width: 1056, height: 816 })
  await host.emulateMedia({ media: 'print' })
  const text = await host.getByTestId('print-sheet').innerText()
  for (const n of names) expect(text).toContain(n)
  const pdf = await host.pdf({ format: 'Letter', landscape: true, printBackground: true })
  writeFileSync(`${SHOTS}/host-pools-sheet.pdf`, pdf)
  expect(pageCount(pdf)).toBe(1)

  // 10. No money passed through Squares: the pool has no ledger transaction and the books are as they were.
  const txs = await ok<{ total: number }>(admin.get(`/api/admin/ledger/transactions?poolId=${poolId}`))
  expect(txs.total).toBe(0)
  const ledgerAfter = await ok<LedgerSummary>(admin.get('/api/admin/ledger/summary'))
  expect(ledgerAfter.balanced).toBe(true)
  expect(ledgerAfter.total).toBe(ledgerBefore.total)

  expect(errors).toEqual([])
  await hostCtx.close()
  await memberCtx.close()
  await admin.dispose()
})
