/**
 * The query-key factory: one key per server resource, shared by every feature, so that a mutation in one
 * feature invalidates what another shows. Keys start with the resource's API path; a key that extends
 * another (a pool's squares under the pool) is invalidated with it. The default query function reads a key as
 * the call's URL (lib/api keyToUrl: parts joined by '/', an object part as the query string), so
 * ['/api/pools', 31, 'winners'] is GET /api/pools/31/winners.
 */
export const queryKeys = {
  auth: { user: ['/api/auth/user'] as const },
  config: ['/api/config'] as const,
  leagues: {
    all: ['/api/leagues'] as const,
    activeWeek: (leagueId: number) => ['/api/leagues', leagueId, 'active-week'] as const,
  },
  games: {
    all: ['/api/games'] as const,
    list: (filter: Record<string, unknown>) => ['/api/games', filter] as const,
  },
  schedule: {
    /** The NFL seasons with games, and the current one (GET /api/nfl/schedule). */
    nflSeasons: ['/api/nfl/schedule'] as const,
    nfl: (season: number) => ['/api/nfl/schedule', season] as const,
    league: (code: string) => ['/api/schedule', code] as const,
  },
  pools: {
    all: ['/api/pools'] as const,
    list: (filter: Record<string, unknown>) => ['/api/pools', filter] as const,
    featured: ['/api/pools', 'featured'] as const,
    detail: (id: number) => ['/api/pools', id] as const,
    squares: (id: number) => ['/api/pools', id, 'squares'] as const,
    winners: (id: number) => ['/api/pools', id, 'winners'] as const,
    /** A private pool's members and invitations, for its creator. */
    invitations: (id: number) => ['/api/pools', id, 'invitations'] as const,
    /** A host-collected pool's players and payments, for its host (GET /api/pools/{id}/payments). */
    payments: (id: number) => ['/api/pools', id, 'payments'] as const,
    /** The signed-in member's own account with a host pool's host; under payments, so invalidated with it. */
    ownBalance: (id: number) => ['/api/pools', id, 'payments', 'mine'] as const,
    /** What was done in a private pool, for its host (GET /api/pools/{id}/history). */
    history: (id: number) => ['/api/pools', id, 'history'] as const,
    /** A pool's settlement report (GET /api/pools/{id}/report); under the pool, so invalidated with it. */
    report: (id: number) => ['/api/pools', id, 'report'] as const,
  },
  user: {
    pools: ['/api/user/pools'] as const,
    myPools: ['/api/user-pools'] as const,
    transactions: ['/api/user/transactions'] as const,
    payments: ['/api/user/payments'] as const,
    prizes: ['/api/user/prizes'] as const,
    emailPreferences: ['/api/user/email-preferences'] as const,
    /** The devices signed in to the account (GET /api/user/sessions). */
    sessions: ['/api/user/sessions'] as const,
  },
  /** The signed-in player's notifications (the bell); a win over the socket invalidates it. */
  notifications: ['/api/notifications'] as const,
  publicStats: ['/api/public/stats'] as const,
  /** The signed-in player's devices subscribed to push notifications. */
  pushSubscriptions: ['/api/push/subscriptions'] as const,
  /** The rules offered by name for a league's pools (GET /api/rules/presets?leagueId=N). */
  rules: {
    presets: (leagueId: number) => ['/api/rules/presets', { leagueId }] as const,
  },
  /** What an invite code shows before sign-in (GET /api/invitations/{code}). */
  invitations: {
    detail: (code: string) => ['/api/invitations', code] as const,
  },
  developer: {
    feedStatus: ['/api/score-feed-status'] as const,
    liveGames: ['/api/live-games'] as const,
  },
  admin: {
    all: ['/api/admin'] as const,
    readiness: ['/api/admin', 'readiness'] as const,
    /** The signed-in admin's two-factor sign-in (GET /api/admin/2fa). */
    twoFactor: ['/api/admin', '2fa'] as const,
    stats: ['/api/admin', 'stats'] as const,
    users: ['/api/admin', 'users'] as const,
    audit: (filter: Record<string, unknown>) => ['/api/admin', 'audit', filter] as const,
    auditAll: ['/api/admin', 'audit'] as const,
    pools: (filter: Record<string, unknown>) => ['/api/admin', 'pools', filter] as const,
    /** Every filter of GET /api/admin/pools, to invalidate them all. */
    poolsAll: ['/api/admin', 'pools'] as const,
    games: (filter: Record<string, unknown>) => ['/api/admin', 'games', filter] as const,
    cancellationAnalysis: ['/api/admin', 'pool-cancellation-analysis'] as const,
    decisions: ['/api/admin', 'pool-decisions'] as const,
    payouts: ['/api/admin', 'payouts'] as const,
    payoutList: (status: string) => ['/api/admin', 'payouts', { status }] as const,
    escrowFailures: ['/api/admin', 'escrow', 'failures'] as const,
    /** The ledger: every account's balance with the zero-sum check, and its transactions a page at a time. */
    ledger: ['/api/admin', 'ledger'] as const,
    ledgerSummary: ['/api/admin', 'ledger', 'summary'] as const,
    ledgerTransactions: (filter: Record<string, unknown>) => ['/api/admin', 'ledger', 'transactions', filter] as const,
    simplePoolsAll: ['/api/simple-pools'] as const,
    simplePools: (leagueId: number) => ['/api/simple-pools', leagueId] as const,
    simpleGames: (leagueId: number) => ['/api/simple-games', leagueId] as const,
  },
} as const

