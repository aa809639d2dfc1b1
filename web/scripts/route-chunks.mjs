// The code of each screen, for the server to name in Link headers (http/preload.go): for every route module
// the entry loads on demand (React.lazy in src/app), the chunks its first render needs beyond what
// index.html already loads. Read from Vite's manifest (dist/.vite/manifest.json) before
// scripts/bundle-budget.mjs deletes it; written to dist/route-chunks.json, which the binary embeds.
// Usage: node scripts/route-chunks.mjs [distDir]
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const dist = process.argv[2] ?? 'dist'
const manifestPath = join(dist, '.vite', 'manifest.json')
if (!existsSync(manifestPath)) {
  console.error(`route chunks: no ${manifestPath} (build.manifest in vite.config.ts)`)
  process.exit(1)
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'))

/** A chunk's file and the files of every chunk it imports statically: what running it needs. */
export function closure(manifest, key, files = new Set()) {
  const chunk = manifest[key]
  if (!chunk || files.has(chunk.file)) return files
  files.add(chunk.file)
  for (const imported of chunk.imports ?? []) closure(manifest, imported, files)
  return files
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry)
const shell = closure(manifest, entryKey)
const routes = {}
for (const key of manifest[entryKey].dynamicImports ?? []) {
  routes[key] = [...closure(manifest, key)].filter((f) => !shell.has(f)).map((f) => `/${f}`)
}
writeFileSync(join(dist, 'route-chunks.json'), JSON.stringify(routes, null, 1))
console.log(`route chunks: ${Object.keys(routes).length} routes in ${join(dist, 'route-chunks.json')}`)
