import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { queryKeys } from '@/lib/query-keys'
import type { EmailPreferences } from '@/lib/api.gen'

/** The signed-in player's e-mail choice; `enabled` false waits (a visitor has none). */
export function useEmailPreferences(enabled = true) {
  return useQuery<EmailPreferences | null>({ queryKey: queryKeys.user.emailPreferences, enabled, staleTime: 60_000 })
}

/** POST /api/user/email-preferences {optOut}: the answer replaces the cached choice. */
export function useSetEmailPreferences() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (prefs: EmailPreferences) => api.post<EmailPreferences>('/api/user/email-preferences', prefs),
    onSuccess: (answer) => queryClient.setQueryData(queryKeys.user.emailPreferences, answer),
  })
}
