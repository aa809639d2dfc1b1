import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { api } from '@/lib/api'
import { authKeys } from '@/lib/auth'
import { ageFromDateOfBirth, parseDateOnly } from '@/lib/dates'
import { queryKeys } from '@/lib/query-keys'
import { US_STATES } from '@/lib/us-states'
import type { SignedIn as VerifyAgeAnswer } from '@/lib/api.gen'

export type { VerifyAgeAnswer }

export const UNDER_AGE_MESSAGE = 'Age Requirement Not Met: You must be at least 18 years old to use this platform.'

export const verifyAgeSchema = z.object({
  dateOfBirth: z
    .string()
    .min(1, { error: 'Date of birth is required', abort: true })
    .refine((v) => parseDateOnly(v) !== null, { error: 'Please enter a valid date of birth', abort: true })
    .refine((v) => ageFromDateOfBirth(v) >= 18, { error: UNDER_AGE_MESSAGE }),
  residenceState: z
    .string()
    .refine((v) => US_STATES.some((s) => s.code === v), { error: 'Please select your state of residence' }),
  residenceCountry: z.string().refine((v: string): boolean => v === 'US', { error: 'Please select your country' }),
})
export type VerifyAgeValues = z.infer<typeof verifyAgeSchema>

export function useVerifyAge() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (values: VerifyAgeValues) => api.post<VerifyAgeAnswer>('/api/verify-age', values),
    onSuccess: (answer) => {
      if (answer?.user) queryClient.setQueryData(authKeys.user, answer.user)
      // Eligibility changes what the player may join.
      void queryClient.invalidateQueries({ queryKey: queryKeys.pools.all })
      void queryClient.invalidateQueries({ queryKey: queryKeys.user.pools })
    },
  })
}
