// The bundle budget script against a small build of its own: it measures each route's first load on the
// wire (Brotli copies) and fails the build past the budget.
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync } from 'node:zlib'
import { afterEach, describe, expect, it } from 'vitest'

// (vitest runs in web/; under jsdom import.meta.url is not a file URL)
const script = join(process.cwd(), 'scripts', 'bundle-budget.mjs')
const dirs: string[] = []

// A build: index.html, an entry importing a shared chunk, CSS, and two lazy routes; every file with a
// Brotli copy and every script with V8's compile hint on its first line (compileHints in vite.config.ts)
// unless told otherwise. Returns the folder and each file's Brotli size.
function build(opts: { skipBrotli?: string; skipHint?: string } = {}) {
  const dist = mkdtempSync(join(tmpdir(), 'budget-'))
  dirs.push(dist)
  mkdirSync(join(dist, 'assets'))
  mkdirSync(join(dist, '.vite'))
  const noise = (n: number, seed: number) => Array.from({ length: n }, (_, i) => ((i * 7919 + seed * 104729) % 65521).toString(36)).join(';')
  const files: Record<string, string> = {
    'index.html': '<!doctype html><script type="module" src="/assets/index.js"></script>' + 'x'.repeat(2000),
    'assets/index.js': noise(4000, 1),
    'assets/shared.js': noise(2000, 2),
    'assets/index.css': noise(1500, 3),
    'assets/admin.js': noise(6000, 4),
    'assets/landing.js': noise(500, 5),
  }
  const br: Record<string, number> = {}
  for (const [name, body] of Object.entries(files)) {
    const text = name.endsWith('.js') && name !== opts.skipHint ? `//# allFunctionsCalledOnLoad\n${body}` : body
    writeFileSync(join(dist, name), text)
    const copy = brotliCompressSync(Buffer.from(text))
    br[name] = copy.length
    if (name !== opts.skipBrotli) writeFileSync(join(dist, `${name}.br`), copy)
  }
  writeFileSync(
    join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_shared.js'], css: ['assets/index.css'], dynamicImports: ['src/admin.tsx', 'src/landing.tsx'] },
      '_shared.js': { file: 'assets/shared.js' },
      'src/admin.tsx': { file: 'assets/admin.js', imports: ['_shared.js'], isDynamicEntry: true },
      'src/landing.tsx': { file: 'assets/landing.js', isDynamicEntry: true },
    }),
  )
  const shell = br['index.html'] + br['assets/index.js'] + br['assets/shared.js'] + br['assets/index.css']
  return { dist, admin: shell + br['assets/admin.js'], landing: shell + br['assets/landing.js'] }
}

const run = (dist: string, budget: number, ...files: string[]) => spawnSync(process.execPath, [script, dist, String(budget), ...files], { encoding: 'utf8' })

afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

describe('bundle budget', () => {
  it('passes when the largest route first load on the wire fits, naming it and its size', () => {
    const b = build()
    const r = run(b.dist, b.admin)
    expect(r.status).toBe(0)
    expect(r.stdout).toContain(`largest first load ${(b.admin / 1000).toFixed(2)} kB (admin.tsx)`)
    expect(r.stdout).toContain(`${(b.landing / 1000).toFixed(2)} kB  landing.tsx`)
  })

  it('fails the build when a route is one byte over, and names the route', () => {
    const b = build()
    const r = run(b.dist, b.admin - 1)
    expect(r.status).toBe(1)
    expect(r.stderr).toContain('1 route(s) over')
    expect(r.stderr).toContain('admin.tsx')
    expect(r.stderr).not.toContain('landing.tsx')
  })

  it('fails when a matching route first loads more files than allowed, and names it', () => {
    // index.html, the entry, its shared chunk and CSS, and the route's chunk: 5 files each. (Each run deletes
    // the manifest it read: a build each.)
    expect(run(build().dist, 10_000_000, '5').status).toBe(0)
    const r = run(build().dist, 10_000_000, '4', 'admin')
    expect(r.status).toBe(1)
    expect(r.stderr).toContain('1 route(s) over 4 files in a first load: admin.tsx 5')
    expect(run(build().dist, 10_000_000, '4', 'nothing-matches').status).toBe(0)
  })

  it('fails when a script of a first load lacks the compile hint on its first line, and names it', () => {
    const r = run(build({ skipHint: 'assets/shared.js' }).dist, 10_000_000)
    expect(r.status).toBe(1)
    expect(r.stderr).toContain('1 script(s) of a first load without //# allFunctionsCalledOnLoad: assets/shared.js')
  })

  it('fails when a file has no Brotli copy to measure', () => {
    const b = build({ skipBrotli: 'assets/admin.js' })
    const r = run(b.dist, 10_000_000)
    expect(r.status).toBe(1)
    expect(r.stderr).toContain('assets/admin.js has no Brotli copy')
  })
})
