// The bundle budget, in bytes on the wire: for each route, what its first load downloads (index.html, the
// entry script, the route's chunk, every chunk they import statically and their CSS), counted as the
// Brotli copies the server sends (scripts/compress.mjs writes them; http/webapp.go sends them). Fails
// when a route's first load is over the budget (issue 23), or when a file has no Brotli copy to measure.
// Routes are the entry's dynamic imports (React.lazy in src/app/router.tsx), read from Vite's manifest
// (dist/.vite/manifest.json), which is deleted afterwards: the binary embeds dist and must not serve it.
// With maxFiles, it also fails when a first load of a route matching routePattern (every route without one)
// takes more than maxFiles files: on a phone's network a browser fetches six at a time from a server, so each
// six more files cost a round trip before the screen can draw.
// It also fails when a script of a first load does not start with V8's compile hint (compileHints in
// vite.config.ts): without it the phone compiles each function on the main thread as it first runs.
// Usage: node scripts/bundle-budget.mjs [distDir] [budgetBytes] [maxFiles] [routePattern]
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'

const dist = process.argv[2] ?? 'dist'
const budget = Number(process.argv[3] ?? 260_000)
const maxFiles = process.argv[4] ? Number(process.argv[4]) : Infinity
const filesPattern = new RegExp(process.argv[5] ?? '')

const fail = (message) => {
  console.error(`bundle budget: ${message}`)
  process.exit(1)
}

const manifestPath = join(dist, '.vite', 'manifest.json')
if (!existsSync(manifestPath)) fail(`no ${manifestPath} (build.manifest in vite.config.ts)`)
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'))
rmSync(join(dist, '.vite'), { recursive: true, force: true })

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry)
if (!entryKey) fail('no entry in the manifest')

// The bytes a file takes on the wire: its Brotli copy (the file itself when compressing would not make
// it smaller, so no copy was written, which only happens to tiny files).
const wire = (file) => {
  const path = join(dist, file)
  const size = statSync(path, { throwIfNoEntry: false })?.size
  if (size === undefined) fail(`${file} is in the manifest but not in ${dist}`)
  const br = statSync(`${path}.br`, { throwIfNoEntry: false })?.size
  if (br === undefined && size > 1024) fail(`${file} has no Brotli copy (run scripts/compress.mjs first)`)
  return { raw: size, wire: br ?? size }
}

// A chunk and everything it imports statically, with their CSS.
const closure = (key, files = new Set()) => {
  const chunk = manifest[key]
  if (!chunk) fail(`${key} is imported but not in the manifest`)
  if (files.has(chunk.file)) return files
  files.add(chunk.file)
  for (const css of chunk.css ?? []) files.add(css)
  for (const imported of chunk.imports ?? []) closure(imported, files)
  return files
}

const shell = closure(entryKey, new Set(['index.html']))
const measure = (files) => [...files].reduce((sum, f) => sum + wire(f).wire, 0)
const routes = [{ name: '(entry alone)', files: shell }]
for (const key of manifest[entryKey].dynamicImports ?? []) {
  routes.push({ name: key.replace(/^src\//, '').replace(/^_/, ''), files: closure(key, new Set(shell)) })
}

const kb = (n) => `${(n / 1000).toFixed(2)} kB`
console.log('first load on the wire (Brotli): index.html + entry + route chunk + their imports and CSS')
for (const f of [...shell].sort()) {
  const s = wire(f)
  console.log(`  shell ${f.padEnd(46)} ${kb(s.raw).padStart(10)} -> ${kb(s.wire).padStart(10)}`)
}
for (const r of routes) r.total = measure(r.files)
routes.sort((a, b) => b.total - a.total)
for (const r of routes) console.log(`  ${kb(r.total).padStart(10)}  ${r.name}`)
const over = routes.filter((r) => r.total > budget)
console.log(`  largest first load ${kb(routes[0].total)} (${routes[0].name}) of a ${kb(budget)} budget`)
const counted = routes.filter((r) => r.name !== '(entry alone)' && filesPattern.test(r.name))
const many = counted.filter((r) => r.files.size > maxFiles)
if (maxFiles !== Infinity) console.log(`  most files in a first load: ${Math.max(0, ...counted.map((r) => r.files.size))} of ${maxFiles}`)
const compileHint = '//# allFunctionsCalledOnLoad'
const unhinted = [...new Set(routes.flatMap((r) => [...r.files]))].filter(
  (f) => f.endsWith('.js') && !readFileSync(join(dist, f), 'utf8').startsWith(compileHint),
)
if (unhinted.length > 0) fail(`${unhinted.length} script(s) of a first load without ${compileHint}: ${unhinted.join(', ')}`)
if (many.length > 0) {
  fail(`${many.length} route(s) over ${maxFiles} files in a first load: ${many.map((r) => `${r.name} ${r.files.size}`).join(', ')}`)
}
if (over.length > 0) {
  fail(`${over.length} route(s) over ${kb(budget)} on the wire: ${over.map((r) => `${r.name} ${kb(r.total)}`).join(', ')}`)
}
