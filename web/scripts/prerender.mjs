// Prerenders the public pages a visitor lands on (src/prerender.tsx lists them) into dist/prerender/, and the
// app's loading screen into dist/index.html, after `vite build`: it builds src/prerender.tsx for Node into a
// temporary folder (.prerender, removed afterwards), renders each page with the app's routes and providers as
// a signed-out visitor, and writes it from the built dist/index.html (scripts/prerender-html.mjs). The server
// sends these pages to a browser without a session cookie (http/webapp.go); scripts/compress.mjs then writes
// their compressed copies.
// Usage: node scripts/prerender.mjs [distDir]
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'vite'
import { prerenderedHtml, screenFiles, shellHtml } from './prerender-html.mjs'

const dist = resolve(process.argv[2] ?? 'dist')
// Inside web/, so that the built file finds react and the rest in web/node_modules.
const out = resolve('.prerender')
// React's production build, as the browser runs it (react and react-dom read this as they load).
process.env.NODE_ENV = 'production'

try {
  await build({
    logLevel: 'warn',
    build: { ssr: 'src/prerender.tsx', outDir: out, emptyOutDir: true, manifest: false, copyPublicDir: false },
  })
  const { pages, renderPage, renderShell } = await import(pathToFileURL(join(out, 'prerender.js')).href)
  const template = readFileSync(join(dist, 'index.html'), 'utf8')
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'))
  mkdirSync(join(dist, 'prerender'), { recursive: true })
  for (const page of pages) {
    const rendered = await renderPage(page.path)
    const file = join(dist, 'prerender', `${page.path === '/' ? 'index' : page.path.slice(1)}.html`)
    writeFileSync(file, prerenderedHtml(template, rendered, screenFiles(manifest, page.screen, template)))
    console.log(`prerendered ${page.path} -> ${file.slice(dist.length + 1)} (${(rendered.html.length / 1000).toFixed(1)} kB of markup)`)
  }
  // Last: the pages above start from the shell with its root empty.
  writeFileSync(join(dist, 'index.html'), shellHtml(template, renderShell()))
  console.log('prerendered the loading screen into index.html')
} finally {
  rmSync(out, { recursive: true, force: true })
}
