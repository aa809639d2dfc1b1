import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { queryKeys } from '@/lib/query-keys'
import type { User } from '@/lib/types'

/** Where the signed-in admin's two-factor sign-in stands (GET /api/admin/2fa). */
export interface TwoFactorStatus {
  enabled: boolean
  pending: boolean
  recoveryCodesLeft: number
  /** The server requires it of every admin (SQUARES_ADMIN_2FA). */
  required: boolean
}

/** A new secret, shown until it is confirmed (POST /api/admin/2fa/setup). */
export interface TwoFactorSetup {
  secret: string
  otpauthUrl: string
  /** A PNG data URL of the otpauth URI's QR code. */
  qrCode: string
}

/** The admin sign-in's answer: a session, or a challenge for the code. */
export type AdminLoginResult =
  | { twoFactorRequired: true; challenge: string; expiresIn: number; message: string }
  | AdminSession

export interface AdminSession {
  twoFactorRequired?: undefined
  success: true
  user: User
  message: string
  twoFactorSetupRequired?: boolean
  recoveryCodeUsed?: boolean
  recoveryCodesLeft?: number
}

export function useTwoFactorStatus() {
  return useQuery<TwoFactorStatus | null>({ queryKey: queryKeys.admin.twoFactor, staleTime: 0, refetchOnMount: true })
}

export function useTwoFactorSetup() {
  return useMutation({ mutationFn: () => api.post<TwoFactorSetup>('/api/admin/2fa/setup', {}) })
}

export function useEnableTwoFactor() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (code: string) => api.post<{ enabled: true; recoveryCodes: string[] }>('/api/admin/2fa/enable', { code }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
  })
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (code: string) => api.post<{ enabled: false }>('/api/admin/2fa/disable', { code }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.twoFactor }),
  })
}

/** The sign-in's second step: the challenge and a code (or a recovery code) for the session. */
export function useAdminLoginCode() {
  return useMutation({
    mutationFn: (body: { challenge: string; code: string }) => api.post<AdminSession>('/api/admin/login/2fa', body),
  })
}

/** The sign-in's first step: the admin's username and password, answered with a session or a challenge. */
export function useAdminLogin() {
  return useMutation({
    mutationFn: (body: { username: string; password: string }) => api.post<AdminLoginResult>('/api/admin/login', body),
  })
}
