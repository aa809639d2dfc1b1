import { z } from 'zod'
import { ageFromDateOfBirth, parseDateOnly } from '@/lib/dates'

const email = z.string().trim().pipe(z.email({ error: 'Please enter a valid email address' }))

export const loginSchema = z.object({
  email,
  password: z.string().min(6, { error: 'Password must be at least 6 characters' }),
})
export type LoginValues = z.infer<typeof loginSchema>

const dateOfBirth = z
  .string()
  .min(1, { error: 'Date of birth is required', abort: true })
  .refine((v) => parseDateOnly(v) !== null, { error: 'Please enter a valid date of birth', abort: true })
  .refine((v) => ageFromDateOfBirth(v) >= 18, { error: 'You must be at least 18 years old to participate' })

export const registerSchema = z.object({
  firstName: z.string().trim().min(1, { error: 'First name is required' }),
  lastName: z.string().trim().min(1, { error: 'Last name is required' }),
  email,
  password: z.string().min(8, { error: 'Password must be at least 8 characters' }),
  dateOfBirth,
  residenceState: z
    .string()
    .trim()
    .max(2)
    .refine((v) => v === '' || /^[A-Za-z]{2}$/.test(v), { error: 'Please enter a valid two-letter US state code' }),
})
export type RegisterValues = z.infer<typeof registerSchema>

export const testRegisterSchema = z.object({
  firstName: z.string().trim().min(1, { error: 'First name is required' }),
  lastName: z.string().trim(),
  email,
  password: z.string().min(8, { error: 'Password must be at least 8 characters' }),
})
export type TestRegisterValues = z.infer<typeof testRegisterSchema>
