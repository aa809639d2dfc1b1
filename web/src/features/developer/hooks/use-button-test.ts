import { useState } from 'react'
import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api'

/** The basic button page's state: a click counter, and a health check of the server (GET /healthz). */
export function useButtonTest() {
  const [clicks, setClicks] = useState(0)
  const health = useMutation({ mutationFn: () => api.get<{ status: string }>('/healthz') })
  return {
    clicks,
    click: () => setClicks((n) => n + 1),
    resetClicks: () => setClicks(0),
    health,
  }
}
