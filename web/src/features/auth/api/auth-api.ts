import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { LoginValues, RegisterValues, TestRegisterValues } from './schemas'
import type { SignedIn as AuthAnswer } from '@/lib/api.gen'

export type { AuthAnswer }

export function useLogin() {
  return useMutation({
    mutationFn: (values: LoginValues) =>
      api.post<AuthAnswer>('/api/auth/login', { email: values.email.trim(), password: values.password }),
  })
}

export interface RegisterBody {
  email: string
  password: string
  firstName: string
  lastName?: string
  dateOfBirth?: string
  residenceState?: string
}

export function toRegisterBody(v: RegisterValues): RegisterBody {
  const body: RegisterBody = {
    email: v.email.trim(),
    password: v.password,
    firstName: v.firstName.trim(),
    lastName: v.lastName.trim(),
    dateOfBirth: v.dateOfBirth,
  }
  const state = v.residenceState.trim().toUpperCase()
  if (state) body.residenceState = state
  return body
}

export function toTestRegisterBody(v: TestRegisterValues): RegisterBody {
  const body: RegisterBody = { email: v.email.trim(), password: v.password, firstName: v.firstName.trim() }
  const last = v.lastName.trim()
  if (last) body.lastName = last
  return body
}

export function useRegister() {
  return useMutation({
    mutationFn: (body: RegisterBody) => api.post<AuthAnswer>('/api/auth/register', body),
  })
}

export function useEmergencyLogin() {
  return useMutation({
    mutationFn: (email: string) => api.post<AuthAnswer>('/api/auth/emergency-login', { email }),
  })
}
