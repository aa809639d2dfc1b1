import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, URL } from 'node:url'
import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { VitePWA } from 'vite-plugin-pwa'

const backend = process.env.SQUARES_BACKEND ?? 'http://127.0.0.1:8080'

/** V8's explicit compile hint (Chrome 136): compile every function of this script as it is loaded. */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad'

/**
 * Puts COMPILE_HINT at the top of every script chunk. V8 compiles a function the first time it runs, on the
 * main thread, unless told otherwise; with the hint it compiles the whole chunk as it streams it in, on a
 * background thread. A chunk is loaded when its screen is drawn (route-level splitting), so most of its
 * functions run then. Under Lighthouse's trace, compilation on the main thread went from about 170 to 15 ms
 * a page, and its busy time down by 70-140 ms (docs/performance.md). scripts/bundle-budget.mjs fails the
 * build when a first load's script lacks it.
 */
function compileHints(): Plugin {
  return {
    name: 'squares:compile-hints',
    apply: 'build',
    // Once the files are written: Vite's own last steps put code before a chunk's first line (the preload
    // list of a chunk that imports others lazily), and the hint must be the file's first line.
    writeBundle(options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue
        const path = join(options.dir ?? 'dist', file.fileName)
        const code = readFileSync(path, 'utf8')
        if (!code.startsWith(COMPILE_HINT)) writeFileSync(path, `${COMPILE_HINT}\n${code}`)
      }
    },
  }
}

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    compileHints(),
    // The installable app: a manifest and our own service worker (src/sw.ts), which precaches the built
    // files only and never answers /api/, /ws or /dev/. The app registers it itself (lib/service-worker.ts).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: 'Squares',
        short_name: 'Squares',
        description: 'Join football squares pools, pick your squares and win at every quarter.',
        start_url: '/dashboard',
        scope: '/',
        display: 'standalone',
        background_color: '#0b1530',
        theme_color: '#0b1530',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // A classic worker: module workers are not in every browser that has web push.
        rollupFormat: 'iife',
        // (The manifest, its icons and includeAssets are added by the plugin.)
        globPatterns: ['index.html', 'assets/**/*.{js,css}'],
        // Of the built code, only what the first page load needs (what index.html loads and preloads): the
        // shell opens offline, and installing stays light (each fresh browser, each end-to-end test, would
        // otherwise download every lazy screen). Lazy screens come from the network and the HTTP cache.
        manifestTransforms: [
          (entries) => {
            const html = readFileSync(fileURLToPath(new URL('./dist/index.html', import.meta.url)), 'utf8')
            const firstLoad = new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]))
            return { manifest: entries.filter((e) => !e.url.startsWith('assets/') || firstLoad.has(e.url)), warnings: [] }
          },
        ],
      },
      devOptions: { enabled: false },
    }),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/healthz': { target: backend, changeOrigin: false },
      '/ws': { target: backend.replace(/^http/, 'ws'), ws: true, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: each route's chunks and CSS, read by scripts/bundle-budget.mjs (which
    // deletes it, so the binary does not serve it).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Icons in one chunk: otherwise each icon two lazy screens share is a chunk of its own, a request
          // of a few hundred bytes, and a screen's first load waits on a dozen of them (a round trip each
          // beyond the browser's six connections on a phone's network).
          groups: [
            { name: 'icons', test: /node_modules[\\/]lucide-react/ },
            // What the entry imports at once, in one chunk with it: otherwise nine chunks, each a request the
            // first screen waits on, because lazy screens share them.
            { name: 'initial', tags: ['$initial'] },
            // The small modules the main screens share (formatting, rules, badges, alerts, skeletons), in one
            // chunk: otherwise a dozen chunks of half a kilobyte each, and the pool page's first load waited on
            // seventeen requests (on a phone's network, beyond six at once, a round trip each). What matches
            // no file here stays a chunk of its own, as before.
            {
              name: 'screens',
              test: /[\\/]web[\\/]src[\\/](lib[\\/](periods|game-status|tiers|use-document-meta|use-media-query|teams|dates|rules)\.ts|components[\\/](ui[\\/](alert|badge|skeleton|field|label|input|progress)|pools[\\/](empty-state|team-chip|pool-status-badge|stat-card)|layout[\\/]refresh-notice|rules[\\/][a-z-]+)\.tsx)$/,
            },
          ],
        },
      },
    },
  },
})
