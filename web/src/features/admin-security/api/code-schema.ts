import { z } from 'zod'

/**
 * A form of one code (an app's code or a recovery code), sent as typed; `missing` is what an empty field
 * says. Errors stay until the next submit (the server's refusal is shown the same way).
 */
export function codeSchema(missing: string) {
  return z.object({ code: z.string().refine((v) => v.trim() !== '', { error: missing }) })
}

export type CodeValues = { code: string }
