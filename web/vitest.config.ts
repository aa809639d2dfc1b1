import { availableParallelism } from 'node:os'
import { fileURLToPath, URL } from 'node:url'
import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  // The web tests read the real drand rounds the Go tests read (../drand/testdata), not a copy.
  server: { fs: { allow: ['.', '../drand/testdata'] } },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // Page tests click through whole screens; on a busy machine they need far more than vitest's default
    // 5 s. In make test this suite runs at nice 10 beside Go's and Playwright's tests, and on CI's 2 cores
    // one took past 20 s (CI of stop 36); a passing test is not slowed by a longer limit.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // One jsdom and one module graph per worker, not per file: setting up jsdom and importing the app for
    // each of 65 files was three quarters of the run (207 s against 51 s on 2 cores). Files share a
    // worker, so a test undoes what it changes (src/test/setup.ts cleans up after each one); the suite
    // passes in shuffled order (--sequence.shuffle).
    isolate: false,
    // Vitest's default leaves a core free, which on CI's 2 is half the machine.
    maxWorkers: availableParallelism(),
  },
})
