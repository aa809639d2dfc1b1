// Writes a Brotli (name.br) and a gzip (name.gz) copy beside every text file of the production build, at
// the strongest settings (they are made once and sent many times); the Go server sends the copy the browser
// accepts (http/webapp.go). A copy that would not be smaller is not written. Node's own zlib: no
// dependency.
// Usage: node scripts/compress.mjs [distDir]
import { readdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const dist = process.argv[2] ?? 'dist'
const text = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) {
      if (entry.name !== '.vite') yield* files(path)
    } else yield path
  }
}

let raw = 0
let br = 0
let count = 0
// Copies left by an earlier run into the same folder go first: taken in the same pass, they were deleted
// after this run had written them anew.
for (const file of [...files(dist)]) if (/\.(?:br|gz)$/.test(file)) unlinkSync(file)
for (const file of [...files(dist)]) {
  if (!text.test(file)) continue
  const data = readFileSync(file)
  const brotli = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  })
  const gzip = gzipSync(data, { level: 9 })
  if (brotli.length < data.length) writeFileSync(`${file}.br`, brotli)
  if (gzip.length < data.length) writeFileSync(`${file}.gz`, gzip)
  raw += data.length
  br += Math.min(brotli.length, data.length)
  count++
}
if (count === 0 || !statSync(join(dist, 'index.html'), { throwIfNoEntry: false })) {
  console.error(`compress: no index.html or text files in ${relative('.', dist) || '.'}`)
  process.exit(1)
}
console.log(`compressed ${count} text files: ${(raw / 1000).toFixed(1)} kB -> ${(br / 1000).toFixed(1)} kB Brotli`)
