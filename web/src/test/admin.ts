import type { User } from '@/lib/types'

// Users of the admin screens' tests.

export const admin: User = {
  id: '1', email: '', username: 'boss', firstName: 'Admin', lastName: '', profileImageUrl: null, role: 'admin',
  isAgeVerified: true, isEligibleToBet: false, complianceStatus: 'verified', dateOfBirth: null, residenceState: null, residenceCountry: null,
  createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z',
}

/** A player whose e-mail contains "admin": the role decides, not the address. */
export const adminNamedPlayer: User = {
  id: '12', email: 'admin@example.com', firstName: 'Ann', lastName: 'Lee', profileImageUrl: null, role: 'user',
  isAgeVerified: true, isEligibleToBet: true, complianceStatus: 'verified', dateOfBirth: null, residenceState: null, residenceCountry: null,
  createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z',
}
