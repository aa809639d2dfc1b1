import type { User } from '@/lib/types'
import type { AdminStats } from '../api/stats-api'

// Shared fixtures of the admin pages' tests.

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

export const stats: AdminStats = {
  totalUsers: 22, ageVerifiedUsers: 21, eligibleUsers: 20, adminUsers: 2, playersWithSquares: 20, conversionRate: 90.9,
  gamesReady: 7, totalPools: 20,
  poolsByStatus: { draft: 11, active: 3, inactive: 0, full: 0, started: 0, completed: 1, cancelled: 5 },
  activePools: 3, draftPools: 11, completedPools: 1, totalRevenue: '1000.00', revenueToday: '250.00', houseFees: '100.00',
  grossEntries: '1000.00', grossEntriesToday: '250.00', houseRevenue: '100.00', houseRevenueToday: '25.00',
}
