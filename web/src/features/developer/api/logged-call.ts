import { ApiError, apiExchange } from '@/lib/api'

// The developer pages' response log: every call a page makes, with its status, body and timing.

/** One call as the response log shows it. */
export interface CallRecord {
  id: number
  method: string
  path: string
  /** The HTTP status; null when no answer came (network failure). */
  status: number | null
  ok: boolean
  /** The request's JSON body, if it had one. */
  request?: unknown
  /** The answer's JSON body (or the error text). */
  body: unknown
  /** When the call started (ISO). */
  at: string
  /** How long it took, in milliseconds. */
  ms: number
}

export type RecordCall = (call: Omit<CallRecord, 'id'>) => void

/**
 * Makes a call and records its outcome, good or bad, before the caller sees it; `redact` trims what the
 * log keeps of the bodies. A failed call still throws.
 */
export async function loggedCall<T>(
  record: RecordCall,
  method: string,
  path: string,
  body?: unknown,
  redact: (value: unknown) => unknown = (v) => v,
): Promise<T> {
  const request = body === undefined ? undefined : redact(body)
  const at = new Date().toISOString()
  const started = performance.now()
  const ms = () => Math.round(performance.now() - started)
  try {
    const answer = await apiExchange<T>(method, path, body)
    record({ method, path, status: answer.status, ok: true, request, body: redact(answer.data ?? null), at, ms: ms() })
    return answer.data
  } catch (err) {
    if (err instanceof ApiError) {
      record({ method, path, status: err.status, ok: false, request, body: redact(err.body ?? err.serverMessage ?? null), at, ms: ms() })
    } else {
      record({ method, path, status: null, ok: false, request, body: { error: err instanceof Error ? err.message : String(err) }, at, ms: ms() })
    }
    throw err
  }
}
