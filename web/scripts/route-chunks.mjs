// The code of each screen, for the server to name in Link headers (http/preload.go): for every route module
// the entry loads on demand (React.lazy in src/app), the chunks its first render needs beyond what
// index.html already loads (screenFiles, as the prerendered pages preload theirs); and, under "index.html",
// the files index.html loads. Read from Vite's manifest
// (dist/.vite/manifest.json) before scripts/bundle-budget.mjs deletes it; written to dist/route-chunks.json,
// which the binary embeds.
// Usage: node scripts/route-chunks.mjs [distDir]
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { screenFiles } from './prerender-html.mjs'

const dist = process.argv[2] ?? 'dist'
const manifestPath = join(dist, '.vite', 'manifest.json')
if (!existsSync(manifestPath)) {
  console.error(`route chunks: no ${manifestPath} (build.manifest in vite.config.ts)`)
  process.exit(1)
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'))
const template = readFileSync(join(dist, 'index.html'), 'utf8')

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry)
const routes = {}
for (const key of manifest[entryKey].dynamicImports ?? []) {
  routes[key] = screenFiles(manifest, key, template)
    .filter((f) => f.endsWith('.js'))
    .map((f) => `/${f}`)
}
// The files index.html itself loads, under its own name: the server names them first (its stylesheet before
// all), ahead of a screen's chunks and data.
const shell = screenFiles(manifest, entryKey, '').map((f) => `/${f}`)
routes['index.html'] = [...shell.filter((f) => f.endsWith('.css')), ...shell.filter((f) => f.endsWith('.js'))]
writeFileSync(join(dist, 'route-chunks.json'), JSON.stringify(routes, null, 1))
console.log(`route chunks: ${Object.keys(routes).length} routes in ${join(dist, 'route-chunks.json')}`)
