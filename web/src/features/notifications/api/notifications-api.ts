import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { queryKeys } from '@/lib/query-keys'
import type { NotificationKind, NotificationMessage, NotificationsRead, UserNotification as AppNotification } from '@/lib/api.gen'

export type { NotificationKind, NotificationMessage, AppNotification }

/**
 * GET /api/notifications: the newest 100, newest first. The socket's `notification` message invalidates it;
 * a minute's interval covers a socket that is down.
 */
export function useNotifications(enabled: boolean) {
  return useQuery<AppNotification[] | null>({
    queryKey: queryKeys.notifications,
    enabled,
    staleTime: 10_000,
    refetchOnMount: true,
    refetchInterval: 60_000,
  })
}

/** POST /api/notifications/read: the given ids, or all of them without. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (ids?: number[]) => api.post<NotificationsRead>('/api/notifications/read', ids ? { ids } : {}),
    onMutate: async (ids) => {
      // The bell clears at once; the server's answer (and the socket) confirm it.
      await queryClient.cancelQueries({ queryKey: queryKeys.notifications })
      const now = new Date().toISOString()
      queryClient.setQueryData<AppNotification[] | null>(queryKeys.notifications, (list) =>
        list?.map((n) => (!n.read && (!ids || ids.includes(n.id)) ? { ...n, read: true, readAt: now } : n)),
      )
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications }),
  })
}
