// make bench-web: Lighthouse 12 (its default mobile settings: a mid-range phone, simulated slow 4G, 4x CPU
// slowdown) on the built server with demo data, three runs per page, the median of each figure, against
// issue 23's targets. Each run is a fresh Chromium. Exits 1 when a target is missed.
// Usage: node bench/web/run.mjs [--server bin/squares] [--out dir] [--runs 3] [--pages landing,dashboard]
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

const { values: args } = parseArgs({
  options: {
    server: { type: 'string', default: 'bin/squares' },
    out: { type: 'string', default: join(tmpdir(), 'squares-bench-web') },
    runs: { type: 'string', default: '3' },
    pages: { type: 'string', default: '' },
    chrome: { type: 'string', default: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
  },
})
const runs = Number(args.runs)

const targets = {
  performance: { label: 'performance', want: '>= 90', ok: (v) => v >= 90 },
  lcp: { label: 'LCP', want: '<= 2.5 s', ok: (v) => v <= 2500 },
  tbt: { label: 'TBT', want: '<= 200 ms', ok: (v) => v <= 200 },
  cls: { label: 'CLS', want: '<= 0.05', ok: (v) => v <= 0.05 },
  accessibility: { label: 'accessibility', want: '100', ok: (v) => v >= 100 },
}

const freePort = () =>
  new Promise((res, rej) => {
    const s = createServer()
    s.on('error', rej)
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address()
      s.close(() => res(port))
    })
  })

// The server: the built binary, development mode with demo data (the demo player and its live game), a
// database of its own, stopped by its PID at the end.
const port = await freePort()
const base = `http://127.0.0.1:${port}`
const dbDir = mkdtempSync(join(tmpdir(), 'squares-bench-web-db-'))
const server = spawn(resolve(args.server), ['serve'], {
  env: { ...process.env, SQUARES_ADDR: `127.0.0.1:${port}`, SQUARES_DATABASE_URL: `sqlite:${join(dbDir, 'bench.db')}`, SQUARES_DEV: '1', SQUARES_DEMO: '1' },
  stdio: ['ignore', 'ignore', 'pipe'],
})
let serverLog = ''
server.stderr.on('data', (b) => (serverLog += b))
const stop = () => {
  if (server.exitCode === null) server.kill('SIGTERM')
  rmSync(dbDir, { recursive: true, force: true })
}
process.on('exit', stop)

async function waitReady() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return
    } catch {
      // not listening yet
    }
    if (server.exitCode !== null) throw new Error(`server exited: ${serverLog}`)
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error('server not ready in 60 s')
}

async function json(path, init) {
  const res = await fetch(base + path, init)
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`)
  return { body: await res.json(), res }
}

await waitReady()
// Signed in as the demo player: its session cookie goes with every request of the signed-in pages.
const { res: login } = await json('/api/auth/login', {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ email: 'demo@squares.test', password: 'squares-demo' }),
})
const cookie = login.headers
  .getSetCookie()
  .map((c) => c.split(';')[0])
  .join('; ')
// The demo's game goes live as the server starts its work: on a loaded machine a moment after it answers.
let pools, live
for (let i = 0; i < 60 && !live; i++) {
  if (i > 0) await new Promise((r) => setTimeout(r, 500))
  pools = (await json('/api/pools')).body
  live = pools.find((p) => p.game?.status === 'live' && p.status === 'started')
}
if (!live) throw new Error('no live pool in the demo data after 30 s')
// Checkout of one free square of an open $5 pool (a hold of the demo player's, as the pool page makes).
const open = pools.find((p) => p.status === 'active' && p.entryFee === '5.00' && p.currentParticipants < p.maxParticipants)
const { body: taken } = await json(`/api/pools/${open.id}/squares`)
const takenSet = new Set(taken.map((s) => `${s.row}-${s.column}`))
let cell
for (let i = 99; i >= 0 && !cell; i--) {
  const c = { row: Math.floor(i / 10), column: i % 10 }
  if (!takenSet.has(`${c.row}-${c.column}`)) cell = c
}
const checkout = `/checkout?${new URLSearchParams({ poolId: String(open.id), squares: JSON.stringify([{ ...cell, price: open.entryFee }]), amount: open.entryFee })}`

let pages = [
  { name: 'landing', path: '/', signedIn: false },
  { name: 'dashboard', path: '/dashboard', signedIn: true },
  { name: 'how-to-play', path: '/how-to-play', signedIn: false },
  { name: 'pool (live)', path: `/pools/${live.id}`, signedIn: true },
  { name: 'checkout', path: checkout, signedIn: true },
]
if (args.pages) pages = pages.filter((p) => args.pages.split(',').includes(p.name.split(' ')[0]))

mkdirSync(args.out, { recursive: true })
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}

// One Lighthouse run in a fresh Chromium: the figures, or the error Lighthouse reports.
async function measure(page, run) {
  const chrome = await chromeLauncher.launch({
    chromePath: args.chrome,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  })
  try {
    const result = await lighthouse(base + page.path, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      extraHeaders: page.signedIn ? { Cookie: cookie } : undefined,
    })
    const lhr = result.lhr
    if (lhr.runtimeError) return { error: lhr.runtimeError.message }
    writeFileSync(join(args.out, `${page.name.split(' ')[0]}-${run}.json`), result.report)
    return {
      performance: Math.round(lhr.categories.performance.score * 100),
      lcp: lhr.audits['largest-contentful-paint'].numericValue,
      tbt: lhr.audits['total-blocking-time'].numericValue,
      cls: lhr.audits['cumulative-layout-shift'].numericValue,
      accessibility: Math.round(lhr.categories.accessibility.score * 100),
      fcp: lhr.audits['first-contentful-paint'].numericValue,
      bytes: lhr.audits['total-byte-weight'].numericValue,
      benchmarkIndex: lhr.environment.benchmarkIndex,
    }
  } finally {
    await chrome.kill()
  }
}

// The runs go round the pages (each page's first run, then each one's second, ...), not a page's three
// runs in a row: this machine is shared, and Lighthouse's own CPU benchmark of it moves by 2x from one
// minute to the next; a busy minute then costs each page one run, which the median leaves out, instead of
// one page all three.
const samplesOf = new Map(pages.map((page) => [page, []]))
for (let run = 1; run <= runs; run++) {
  for (const page of pages) {
    // A run Lighthouse itself could not record (NO_NAVSTART, NO_FCP on a busy machine) is tried again, twice.
    for (let attempt = 1; ; attempt++) {
      const sample = await measure(page, run)
      if (sample.error && attempt < 3) {
        console.error(`  ${page.name} run ${run}: ${sample.error}; again`)
        continue
      }
      if (sample.error) throw new Error(`${page.name} run ${run}: ${sample.error}`)
      samplesOf.get(page).push(sample)
      console.error(`  ${page.name} run ${run}: performance ${sample.performance}, LCP ${(sample.lcp / 1000).toFixed(1)} s, TBT ${Math.round(sample.tbt)} ms, CLS ${sample.cls.toFixed(3)}, accessibility ${sample.accessibility}, CPU benchmark ${sample.benchmarkIndex}`)
      break
    }
  }
}
const rows = pages.map((page) => {
  const samples = samplesOf.get(page)
  return { page, m: Object.fromEntries(Object.keys(samples[0]).map((k) => [k, median(samples.map((s) => s[k]))])) }
})

const fmt = {
  performance: (v) => String(v),
  lcp: (v) => `${(v / 1000).toFixed(2)} s`,
  tbt: (v) => `${Math.round(v)} ms`,
  cls: (v) => v.toFixed(3),
  accessibility: (v) => String(v),
}
const mark = (k, v) => `${fmt[k](v)} ${targets[k].ok(v) ? '✓' : '✗'}`
console.log(`Lighthouse ${'12.2.3'}, mobile (default throttling), median of ${runs} runs per page, ${new Date().toISOString()}`)
console.log(`| page | ${Object.values(targets).map((t) => `${t.label} (${t.want})`).join(' | ')} | FCP | bytes | Lighthouse CPU benchmark | all met |`)
console.log(`|---|${Object.keys(targets).map(() => '---:').join('|')}|---:|---:|---:|---|`)
let allMet = true
for (const { page, m } of rows) {
  const met = Object.keys(targets).every((k) => targets[k].ok(m[k]))
  allMet &&= met
  console.log(`| ${page.name} | ${Object.keys(targets).map((k) => mark(k, m[k])).join(' | ')} | ${(m.fcp / 1000).toFixed(2)} s | ${Math.round(m.bytes / 1024)} KiB | ${Math.round(m.benchmarkIndex)} | ${met ? 'yes' : 'no'} |`)
}
console.log(allMet ? 'every target met' : 'FAIL: targets missed (✗)')
console.log(`reports: ${args.out}`)
stop()
process.exit(allMet ? 0 : 1)
