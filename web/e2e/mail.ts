import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

// The mail the suite's SMTP server (e2e/smtp-sink) received, one JSON file per message in E2E_MAIL_DIR.

/** A message as the SMTP server received it, decoded. */
export interface ReceivedMail {
  from: string
  to: string[]
  subject: string
  messageId: string
  text: string
  html: string
  receivedAt: string
}

function received(): ReceivedMail[] {
  const dir = process.env.E2E_MAIL_DIR
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: run the specs through playwright.config.ts')
  let names: string[]
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.json') && !n.startsWith('.'))
  } catch {
    return []
  }
  return names.sort().map((n) => JSON.parse(readFileSync(join(dir, n), 'utf8')) as ReceivedMail)
}

/** Every message received so far for an address (oldest first) whose subject matches. */
export function mailTo(to: string, subject: RegExp): ReceivedMail[] {
  const addr = to.toLowerCase()
  return received().filter((m) => m.to.some((t) => t.toLowerCase() === addr) && subject.test(m.subject))
}

/** Waits for the `nth` (1-based) message for an address whose subject matches, and returns it. */
export async function waitForMail(to: string, subject: RegExp, { nth = 1, timeout = 30_000 } = {}): Promise<ReceivedMail> {
  const until = Date.now() + timeout
  for (;;) {
    const found = mailTo(to, subject)
    if (found.length >= nth) return found[nth - 1]
    if (Date.now() > until) throw new Error(`no message ${nth} "${String(subject)}" to ${to} within ${timeout} ms (${found.length} so far)`)
    await new Promise((r) => setTimeout(r, 250))
  }
}

/** The first link of a message's text that starts with `prefix` (a site path such as "/reset-password"). */
export function linkIn(mail: ReceivedMail, path: string): string {
  const m = mail.text.match(new RegExp(`https?://[^\\s"<>]+${path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}[^\\s"<>]*`))
  if (!m) throw new Error(`no ${path} link in:\n${mail.text}`)
  return m[0]
}
