// Where a page's main thread goes as Lighthouse records it (docs/performance.md, "The phone").
//
// usage: node bench/web/tasks.mjs URL [seconds] [cookie] [thresholdMs]
//
// Loads URL unthrottled in headless Chromium at Lighthouse's phone size, traced with Lighthouse 12's trace
// categories (LIGHTHOUSE_CATEGORIES=0 for the timeline's alone) and sampled by V8's profiler, and prints every
// main-thread task of at least thresholdMs: its style, layout and paint, the components (inclusive) and the
// functions (self) sampled in it, and the sum Lighthouse's blocking time would give the tasks at its 4x CPU
// slowdown. Lighthouse's categories record a script's stack for each element it takes out of the page: a
// task that removes many elements is several times longer under them than without. The cookie is
// "name=value; name2=value2" (the demo player's session); an unminified build names the functions. CSS=file
// appends that stylesheet to the page (to try a style change without a build).
import { chromium } from '../../web/node_modules/playwright/index.mjs'
const [url, secs = '4', cookie, thr = '12'] = process.argv.slice(2)
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/lib/chromium/chromium-headless-shell' })
const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true })
if (cookie) await ctx.addCookies(cookie.split(';').map((c) => { const i = c.indexOf('='); return { name: c.slice(0, i).trim(), value: c.slice(i + 1), url: new URL(url).origin } }))
const page = await ctx.newPage()
if (process.env.CSS) { const css = (await import('node:fs')).readFileSync(process.env.CSS, 'utf8'); await page.addInitScript((css) => document.addEventListener('DOMContentLoaded', () => { const s = document.createElement('style'); s.textContent = css; document.head.append(s) }), css) }
const cdp = await ctx.newCDPSession(page)
await cdp.send('Profiler.enable'); await cdp.send('Profiler.setSamplingInterval', { interval: 100 })
const events = []
cdp.on('Tracing.dataCollected', (m) => events.push(...m.value))
const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r))
await cdp.send('Tracing.start', { traceConfig: { includedCategories: process.env.LIGHTHOUSE_CATEGORIES !== '0' ? ['toplevel', 'v8.execute', 'blink.console', 'blink.user_timing', 'benchmark', 'loading', 'latencyInfo', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-devtools.timeline.frame', 'disabled-by-default-devtools.timeline.stack', 'disabled-by-default-devtools.screenshot', 'disabled-by-default-devtools.timeline.invalidationTracking', 'v8', 'disabled-by-default-v8.compile'] : ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing'] }, transferMode: 'ReportEvents' })
await cdp.send('Profiler.start')
await page.goto(url, { waitUntil: 'load' })
await page.waitForTimeout(Number(secs) * 1000)
const { profile } = await cdp.send('Profiler.stop')
await cdp.send('Tracing.end'); await done
const names = new Map(); for (const e of events) if (e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args.name)
const cnt = new Map(); for (const e of events) if (e.name === 'RunTask' && names.get(`${e.pid}:${e.tid}`) === 'CrRendererMain') cnt.set(`${e.pid}:${e.tid}`, (cnt.get(`${e.pid}:${e.tid}`) || 0) + 1)
const key = [...cnt.entries()].sort((a, b) => b[1] - a[1])[0][0]
const mine = events.filter((e) => `${e.pid}:${e.tid}` === key && e.ph === 'X')
const nav = events.filter((e) => e.name === 'navigationStart').map((e) => e.ts); const t0 = nav.length ? Math.min(...nav) : mine[0].ts
const byId = new Map(profile.nodes.map((n) => [n.id, n])); const parent = new Map(); for (const n of profile.nodes) for (const c of n.children || []) parent.set(c, n.id)
let t = profile.startTime; const times = profile.timeDeltas.map((d) => (t += d))
for (const e of mine) if (e.name === 'Layout' && e.dur > 8000) console.log('Layout', ((e.ts - t0) / 1000).toFixed(0), (e.dur / 1000).toFixed(1), JSON.stringify(e.args.beginData || {}).slice(0, 200), JSON.stringify(e.args.endData || {}).slice(0, 300))
const tasks = mine.filter((e) => e.name === 'RunTask' && e.dur / 1000 >= Number(thr)).sort((a, b) => a.ts - b.ts)
let tbt4 = 0
for (const task of tasks) {
  const a = task.ts, b = task.ts + task.dur; tbt4 += Math.max(0, task.dur / 1000 * 4 - 50)
  const kids = new Map(); for (const e of mine) if (e !== task && e.ts >= a && e.ts < b && ['UpdateLayoutTree', 'Layout', 'Paint', 'PrePaint', 'Commit', 'Layerize', 'ParseHTML', 'v8.compile', 'v8.compileModule', 'MajorGC', 'MinorGC', 'ParseAuthorStyleSheet'].includes(e.name)) kids.set(e.name, (kids.get(e.name) || 0) + e.dur / 1000)
  const incl = new Map(), self = new Map()
  profile.samples.forEach((id, i) => {
    if (times[i] < a || times[i] > b) return
    const dt = (profile.timeDeltas[i + 1] || 100) / 1000
    const f = byId.get(id).callFrame; const k = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}`
    self.set(k, (self.get(k) || 0) + dt)
    const seen = new Set()
    for (let x = id; x; x = parent.get(x)) { const nm = byId.get(x).callFrame.functionName; if (/^[A-Z][A-Za-z0-9]*$/.test(nm) && !seen.has(nm)) { seen.add(nm); incl.set(nm, (incl.get(nm) || 0) + dt) } }
  })
  const top = (m, k) => [...m.entries()].sort((x, y) => y[1] - x[1]).slice(0, k).map(([n, v]) => `${n} ${v.toFixed(1)}`).join(', ')
  console.log(`@${((a - t0) / 1000).toFixed(0)} ${(task.dur / 1000).toFixed(1)}ms  [${top(kids, 5)}]\n   comps: ${top(incl, 10)}\n   self: ${top(self, 6)}`)
}
console.log('tasks >= thr:', tasks.length, ' TBT if x4:', Math.round(tbt4))
await browser.close()
