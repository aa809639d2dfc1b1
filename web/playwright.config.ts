import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig, devices } from '@playwright/test'

// The config is evaluated in the runner and again in each worker; the first evaluation picks free ports
// and a temporary directory (the database, the mail the SMTP server receives) and hands them to the
// workers through the environment.
function freePort(): string {
  return execFileSync(process.execPath, [
    '-e',
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
  ]).toString()
}
if (!process.env.E2E_PORT) process.env.E2E_PORT = freePort()
if (!process.env.E2E_SMTP_PORT) process.env.E2E_SMTP_PORT = freePort()
if (!process.env.E2E_DB_DIR) process.env.E2E_DB_DIR = mkdtempSync(join(tmpdir(), 'squares-e2e-'))
if (!process.env.E2E_MAIL_DIR) process.env.E2E_MAIL_DIR = join(process.env.E2E_DB_DIR, 'mail')

const port = process.env.E2E_PORT
const smtpPort = process.env.E2E_SMTP_PORT
const baseURL = `http://127.0.0.1:${port}`
// The support address the server is given (account.spec.ts checks that the web app shows it).
const SUPPORT_EMAIL = 'support@squares.test'
const DESKTOP = { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 } }
// Specs that change, for a while, what the others rely on: they run after the others, one at a time.
const ALONE = ['**/admin-two-factor.spec.ts', '**/admin-season.spec.ts']
// Specs that need the full browser: the headless shell has no Push API (PushManager).
const FULL_BROWSER = ['**/pwa.spec.ts']
// The full browser, and Chromium's headless shell (Debian's chromium-headless-shell), which every other spec
// runs in when it is installed, as Playwright's own headless mode does: the same engine without the
// browser's shell around it, a third less CPU for the suite (docs/performance.md, Test suite time).
const FULL = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell'
const SHELL = !process.env.CHROMIUM_PATH && existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL
const launch = (executablePath: string) => ({
  executablePath,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
})
// Specs that buy as the demo player (its holds, its square limits): one at a time, beside the others.
const DEMO_PLAYER = ['**/pools-and-checkout.spec.ts', '**/payment-test.spec.ts']

export default defineConfig({
  testDir: './e2e',
  // Three specs at a time (E2E_WORKERS to change it): the specs wait on the server and on beacon rounds as
  // well as render, and on 2 cores three keep them busy (docs/performance.md, Test suite time: 55 specs in
  // 4.9 min against 5.8 with two, in the headless shell). The specs that change what the others rely on
  // (the admin's two-factor sign-in, the active week) run last and alone, and the demo player's purchases
  // one at a time.
  workers: Number(process.env.E2E_WORKERS ?? 3),
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  globalTeardown: './e2e/global-teardown.ts',
  use: {
    baseURL,
    // Specs see the app as someone who asked for less motion does (the app honours it: src/index.css), so
    // that no spec waits behind animations: a page that animates costs a core of CPU in headless Chromium,
    // which renders in software, and the suite runs on 2. e2e/at-rest.spec.ts checks the app with motion.
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: launch(SHELL),
  },
  projects: [
    { name: 'chromium', testIgnore: [...ALONE, ...DEMO_PLAYER, ...FULL_BROWSER], use: DESKTOP },
    { name: 'full-browser', testMatch: FULL_BROWSER, use: { ...DESKTOP, launchOptions: launch(FULL) } },
    { name: 'demo-player', testMatch: DEMO_PLAYER, workers: 1, use: DESKTOP },
    { name: 'alone', testMatch: ALONE, dependencies: ['chromium', 'full-browser', 'demo-player'], workers: 1, use: DESKTOP },
  ],
  webServer: [
    {
      // A real SMTP server for the suite's e-mail (e2e/smtp-sink): every message it receives is written to
      // E2E_MAIL_DIR, where specs read it (e2e/mail.ts).
      command: `go run ./e2e/smtp-sink -addr 127.0.0.1:${smtpPort} -dir ${process.env.E2E_MAIL_DIR}`,
      port: Number(smtpPort),
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // The real server with the web app embedded (`make build` builds both), sending its mail through the
      // SMTP server above every second. /dev/mail still shows the outbox.
      command: '../bin/squares serve',
      url: `${baseURL}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        SQUARES_ADDR: `127.0.0.1:${port}`,
        SQUARES_DATABASE_URL: `sqlite:${join(process.env.E2E_DB_DIR, 'e2e.db')}`,
        SQUARES_DEV: '1',
        SQUARES_DEMO: '1',
        SQUARES_SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        SQUARES_MAIL_INTERVAL: '1s',
        SQUARES_SUPPORT_EMAIL: SUPPORT_EMAIL,
        // The suite registers more accounts in an hour, from one address, than a network may (30 by default):
        // the limit itself is tested in Go (http/throttle_test.go, TestRegisterLimit).
        SQUARES_REGISTER_LIMIT: '500',
      },
    },
  ],
})
