// The compression script against a small build of its own: a Brotli and a gzip copy beside each text file.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterEach, describe, expect, it } from 'vitest'

// (vitest runs in web/; under jsdom import.meta.url is not a file URL)
const script = join(process.cwd(), 'scripts', 'compress.mjs')
const dirs: string[] = []

afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

describe('compress', () => {
  it('writes the copies beside each text file, and writes them again when run twice on the same folder', () => {
    const dist = mkdtempSync(join(tmpdir(), 'compress-'))
    dirs.push(dist)
    const js = 'export const squares = "squares";\n'.repeat(200)
    writeFileSync(join(dist, 'index.html'), '<!doctype html>' + '<p>squares</p>'.repeat(200))
    writeFileSync(join(dist, 'app.js'), js)
    for (const run of [1, 2]) {
      const r = spawnSync(process.execPath, [script, dist], { encoding: 'utf8' })
      expect(r.status, `run ${run}: ${r.stderr}`).toBe(0)
      expect(existsSync(join(dist, 'app.js.br')), `run ${run}: app.js.br`).toBe(true)
      expect(brotliDecompressSync(readFileSync(join(dist, 'app.js.br'))).toString()).toBe(js)
      expect(gunzipSync(readFileSync(join(dist, 'app.js.gz'))).toString()).toBe(js)
    }
  })
})
