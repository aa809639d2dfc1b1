import { useCallback, useRef, useState } from 'react'
import type { CallRecord, RecordCall } from '../api/payment-test-api'

const KEEP = 50

/** The page's response log: every test call, newest first (the last 50). */
export function useResponseLog() {
  const [entries, setEntries] = useState<CallRecord[]>([])
  const nextId = useRef(1)
  const record = useCallback<RecordCall>((call) => {
    const id = nextId.current++
    setEntries((list) => [{ ...call, id }, ...list].slice(0, KEEP))
  }, [])
  const clear = useCallback(() => setEntries([]), [])
  return { entries, record, clear }
}
