import { expect, test } from '@playwright/test'

// Under an inspector (DevTools, Lighthouse, this suite), V8 collects the source positions of every frame on
// the stack when an Error is created. React DOM creates five as its module initialises, with its own module
// function and the entry chunk's top level on the stack: both were reparsed whole, 30-45 ms of the page's
// first task in Lighthouse's trace. The entry turns stack capture off until its modules have run
// (src/app/stack-capture.ts). Here, in a real browser: no source positions are collected while modules
// evaluate, and errors made afterwards have their stacks.

type TraceEvent = { name: string; ph: string; ts: number; dur?: number; tid: number }

test('the entry initialises its modules without capturing a stack, and errors have stacks after', async ({ page, context }) => {
  const cdp = await context.newCDPSession(page)
  const events: TraceEvent[] = []
  cdp.on('Tracing.dataCollected', (m) => events.push(...(m.value as unknown as TraceEvent[])))
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve))
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: ['v8', 'disabled-by-default-v8.compile'] }, transferMode: 'ReportEvents' })
  // The load event comes after the entry's module scripts have run.
  await page.goto('/', { waitUntil: 'load' })
  await cdp.send('Tracing.end')
  await complete

  const evaluations = events.filter((e) => e.name === 'v8.evaluateModule' && e.ph === 'X')
  expect(evaluations.length, 'module evaluations traced').toBeGreaterThan(0)
  const during = events.filter(
    (e) => e.name === 'V8.CollectSourcePositions' && evaluations.some((m) => e.tid === m.tid && e.ts >= m.ts && e.ts <= m.ts + (m.dur ?? 0)),
  )
  expect(during.map((e) => `${((e.dur ?? 0) / 1000).toFixed(1)} ms`), 'source positions collected while modules evaluate').toEqual([])

  const after = await page.evaluate(() => ({
    limit: (Error as unknown as { stackTraceLimit?: number }).stackTraceLimit,
    framed: (new Error('x').stack ?? '').includes('\n    at '),
  }))
  expect(after).toEqual({ limit: 10, framed: true })
})
