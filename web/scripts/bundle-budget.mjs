// Reports the production build's first-load JavaScript and fails above the budget (issue 12: at most
// 250 kB gzipped). First load = the scripts index.html loads or modulepreloads, plus every chunk they
// import statically (dynamic import() chunks, the lazy screens, are not first load).
// Usage: node scripts/bundle-budget.mjs [distDir] [budgetBytes]
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

const dist = process.argv[2] ?? 'dist'
const budget = Number(process.argv[3] ?? 250_000)

const html = readFileSync(join(dist, 'index.html'), 'utf8')
const entries = [
  ...html.matchAll(/<script[^>]*\stype="module"[^>]*\ssrc="\/([^"]+\.js)"/g),
  ...html.matchAll(/<link[^>]*\srel="modulepreload"[^>]*\shref="\/([^"]+\.js)"/g),
].map((m) => m[1])
if (entries.length === 0) {
  console.error(`bundle budget: no module script found in ${join(dist, 'index.html')}`)
  process.exit(1)
}

// Static imports in Vite's minified output: `import{a as b}from"./x.js"`, `import"./x.js"`,
// `export{c}from"./x.js"`.
const staticImport = /(?:\bfrom\s*|\bimport\s*)["']\.\/([^"']+\.js)["']/g
const seen = new Set()
const queue = [...entries]
const sizes = []
while (queue.length > 0) {
  const file = queue.shift()
  if (seen.has(file)) continue
  seen.add(file)
  const code = readFileSync(join(dist, file))
  sizes.push({ file, raw: code.length, gzip: gzipSync(code, { level: 9 }).length })
  const dir = file.slice(0, file.lastIndexOf('/') + 1)
  for (const m of code.toString('utf8').matchAll(staticImport)) queue.push(dir + m[1])
}

const kb = (n) => `${(n / 1000).toFixed(2)} kB`
sizes.sort((a, b) => b.gzip - a.gzip)
const total = sizes.reduce((sum, s) => sum + s.gzip, 0)
console.log('first-load JavaScript (gzip):')
for (const s of sizes) console.log(`  ${s.file.padEnd(44)} ${kb(s.raw).padStart(11)} │ gzip ${kb(s.gzip).padStart(10)}`)
console.log(`  total ${kb(total)} of a ${kb(budget)} budget`)
if (total > budget) {
  console.error(`bundle budget exceeded: first-load JavaScript is ${kb(total)} gzipped, over ${kb(budget)}`)
  process.exit(1)
}
