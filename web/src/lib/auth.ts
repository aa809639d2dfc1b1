import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { api, errorMessage } from './api'
import { forgetPushDevice } from './push-device'
import { toast } from './toast'
import type { User } from './types'
import { queryKeys } from './query-keys'
import type { MessageAnswer } from '@/lib/api.gen'

// The current-user lookup is shared by the shell, the route guards and every feature.
export const authKeys = queryKeys.auth

export function useUser() {
  const query = useQuery<User | null>({
    queryKey: authKeys.user,
    // Never treated as fresh (spec section 7); the 401 -> null rule comes from the default query function.
    staleTime: 0,
  })
  const user = query.data ?? null
  return {
    user,
    // Only the first lookup counts as loading: a later re-check must not blank the app.
    isLoading: query.isLoading && query.dataUpdatedAt === 0 && query.errorUpdatedAt === 0,
    isAuthenticated: !!user,
    isAdmin: user?.role === 'admin',
    error: query.error,
  }
}

export function displayFirstName(user: Pick<User, 'firstName'> | null | undefined, fallback = 'there'): string {
  const n = user?.firstName?.trim()
  return n ? n : fallback
}

export function userInitial(user: Pick<User, 'firstName' | 'email'> | null | undefined): string {
  const source = user?.firstName?.trim() || user?.email?.trim() || ''
  return source ? source[0].toUpperCase() : 'U'
}

const notTheUser = (q: { queryKey: readonly unknown[] }) => q.queryKey[0] !== authKeys.user[0]

/** The server no longer knows this tab's session: the user becomes null and screens show the signed-out view. */
export function sessionEnded(queryClient: QueryClient) {
  if (queryClient.getQueryData(authKeys.user)) queryClient.setQueryData(authKeys.user, null)
}

/**
 * A new viewer signed in (or registered): nothing read for the previous one survives (their pools,
 * payments, square counts on pool copies), then the user is stored.
 */
export function startSession(queryClient: QueryClient, user: User) {
  void queryClient.cancelQueries({ predicate: notTheUser })
  queryClient.removeQueries({ predicate: notTheUser })
  queryClient.setQueryData(authKeys.user, user)
}

function clearEverything(queryClient: QueryClient) {
  // Set the user to null first so every screen watching it switches to signed-out, then drop all other
  // cached data. (clear() would also drop the user query and leave its watchers on stale data.)
  void queryClient.cancelQueries()
  queryClient.setQueryData(authKeys.user, null)
  queryClient.removeQueries({ predicate: notTheUser })
  queryClient.getMutationCache().clear()
  try {
    localStorage.clear()
    sessionStorage.clear()
  } catch {
    // storage may be unavailable (private mode); nothing to clear then
  }
}

/**
 * Regular sign-out: this device stops getting push notifications, POST /api/logout, clear all cached
 * data and storage, replace the page with /.
 */
export function useSignOut() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useMutation({
    mutationFn: async () => {
      await forgetPushDevice()
      return api.post<MessageAnswer>('/api/logout')
    },
    onSuccess: () => {
      clearEverything(queryClient)
      void navigate('/', { replace: true })
      toast.success('Signed out', { description: 'You have been successfully signed out.' })
    },
    onError: (err) => {
      toast.error('Sign out failed', { description: errorMessage(err, err instanceof Error ? err.message : 'Please try again.') })
    },
  })
}

/** Admin sign-out: POST /api/admin/logout; a failed logout still clears local state and goes to /. */
export function useAdminSignOut() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useMutation({
    mutationFn: () => api.post<MessageAnswer>('/api/admin/logout'),
    onSettled: () => {
      clearEverything(queryClient)
      void navigate('/', { replace: true })
      toast.success('Signed out', { description: 'You have been successfully signed out.' })
    },
  })
}
