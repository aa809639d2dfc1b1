import type { AdminStats } from '../api/stats-api'

// The figures of the admin stats tests.

export const stats: AdminStats = {
  totalUsers: 22, ageVerifiedUsers: 21, eligibleUsers: 20, adminUsers: 2, playersWithSquares: 20, conversionRate: 90.9,
  gamesReady: 7, totalPools: 20,
  poolsByStatus: { draft: 11, active: 3, inactive: 0, full: 0, started: 0, completed: 1, cancelled: 5 },
  activePools: 3, draftPools: 11, completedPools: 1, totalRevenue: '1000.00', revenueToday: '250.00', houseFees: '100.00',
  grossEntries: '1000.00', grossEntriesToday: '250.00', houseRevenue: '100.00', houseRevenueToday: '25.00',
}
