import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { api } from '@/lib/api'
import { queryKeys } from '@/lib/query-keys'
import type { AccountSession, MessageAnswer, PasswordChanged, SessionsRevoked } from '@/lib/api.gen'

export type { AccountSession, MessageAnswer }

// The account's calls: a forgotten password (signed out), and the account page's (signed in).

const newPassword = z
  .string()
  .min(8, { error: 'Password must be at least 8 characters' })
  .max(128, { error: 'Password must be at most 128 characters' })

export const forgotPasswordSchema = z.object({
  email: z.string().trim().pipe(z.email({ error: 'Please enter a valid email address' })),
})
export type ForgotPasswordValues = z.infer<typeof forgotPasswordSchema>

export const resetPasswordSchema = z.object({ password: newPassword })
export type ResetPasswordValues = z.infer<typeof resetPasswordSchema>

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, { error: 'Enter your current password' }),
    newPassword,
  })
  .refine((v) => v.newPassword !== v.currentPassword, {
    error: 'Choose a password different from your current one',
    path: ['newPassword'],
  })
export type ChangePasswordValues = z.infer<typeof changePasswordSchema>

/** POST /api/auth/password-reset {email}: 202 whatever the address. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (values: ForgotPasswordValues) => api.post<MessageAnswer>('/api/auth/password-reset', { email: values.email.trim() }),
  })
}

/** POST /api/auth/password-reset/confirm {token, password}. */
export function useConfirmPasswordReset() {
  return useMutation({
    mutationFn: ({ token, password }: { token: string; password: string }) =>
      api.post<MessageAnswer>('/api/auth/password-reset/confirm', { token, password }),
  })
}

/** POST /api/user/password {currentPassword, newPassword}: the other devices are signed out. */
export function useChangePassword() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (values: ChangePasswordValues) =>
      api.post<PasswordChanged>('/api/user/password', {
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.user.sessions }),
  })
}

export function useSessions() {
  return useQuery<AccountSession[] | null>({ queryKey: queryKeys.user.sessions })
}

/** POST /api/user/sessions/revoke-others: every other device is signed out. */
export function useRevokeOtherSessions() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api.post<SessionsRevoked>('/api/user/sessions/revoke-others'),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.user.sessions }),
  })
}

/** "Download my data": a JSON attachment the browser saves (GET /api/user/export). */
export const EXPORT_URL = '/api/user/export'
