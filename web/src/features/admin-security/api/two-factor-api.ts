import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { queryKeys } from '@/lib/query-keys'
import type { AdminSignIn, TwoFactorChallenge, TwoFactorChanged, TwoFactorSetup, TwoFactorStatus } from '@/lib/api.gen'

export type { AdminSignIn as AdminSession, TwoFactorSetup, TwoFactorStatus }

/** An admin's password answers a challenge for a code when two-factor sign-in is on, else the session. */
export type AdminLoginResult = TwoFactorChallenge | AdminSignIn

export function useTwoFactorStatus() {
  return useQuery<TwoFactorStatus | null>({ queryKey: queryKeys.admin.twoFactor, staleTime: 0, refetchOnMount: true })
}

export function useTwoFactorSetup() {
  return useMutation({ mutationFn: () => api.post<TwoFactorSetup>('/api/admin/2fa/setup', {}) })
}

export function useEnableTwoFactor() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (code: string) => api.post<TwoFactorChanged>('/api/admin/2fa/enable', { code }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
  })
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (code: string) => api.post<TwoFactorChanged>('/api/admin/2fa/disable', { code }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.twoFactor }),
  })
}

/** The sign-in's second step: the challenge and a code (or a recovery code) for the session. */
export function useAdminLoginCode() {
  return useMutation({
    mutationFn: (body: { challenge: string; code: string }) => api.post<AdminSignIn>('/api/admin/login/2fa', body),
  })
}

/** The sign-in's first step: the admin's username and password, answered with a session or a challenge. */
export function useAdminLogin() {
  return useMutation({
    mutationFn: (body: { username: string; password: string }) => api.post<AdminLoginResult>('/api/admin/login', body),
  })
}
