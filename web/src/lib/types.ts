// Shapes of the server's JSON answers (docs/api.md).
// A union of known values with `| (string & {})` lists what the server sends today while accepting a value a
// newer server may add (a bare `| string` would swallow the known values).

export type Role = 'user' | 'admin'

export interface User {
  id: string
  email: string
  firstName: string | null
  lastName: string | null
  profileImageUrl: string | null
  role: Role | (string & {})
  isAgeVerified: boolean
  isEligibleToBet: boolean
  complianceStatus?: string | null
  residenceState?: string | null
  dateOfBirth?: string | null
  residenceCountry?: string | null
  username?: string | null
  createdAt?: string
  updatedAt?: string
}

export interface League {
  id: number
  name: string
  displayName: string
  sport: string
  isActive: boolean
  activeWeek: string | null
}

export interface Game {
  id: number
  leagueId: number
  homeTeam: string
  awayTeam: string
  homeTeamColor?: string | null
  awayTeamColor?: string | null
  gameDate: string
  status: string
  homeScore: number | null
  awayScore: number | null
  quarter: number | null
  week: string | null
  season?: number
  homeScoreQ1?: number | null
  homeScoreQ2?: number | null
  homeScoreQ3?: number | null
  homeScoreQ4?: number | null
  awayScoreQ1?: number | null
  awayScoreQ2?: number | null
  awayScoreQ3?: number | null
  awayScoreQ4?: number | null
  venue?: string | null
}

export type PoolStatus = 'draft' | 'active' | 'inactive' | 'full' | 'started' | 'completed' | 'cancelled' | (string & {})

export interface Pool {
  id: number
  name: string
  gameId: number
  game?: Game | null
  entryFee: string
  totalPot: string
  prizePool?: string
  houseFee?: string
  /** The fee kept from the pot, in percent: 10, 5 for a non-profit pool, 0 for a private pool (docs/api.md). */
  houseFeePercent?: number
  /** The prize pool once all 100 squares are taken ("450.00"); `prizePool` is the one now. */
  prizePoolIfFull?: string
  /** What each period pays, as settlement pays it: on the prize pool if full until the pool is full. */
  payouts?: Payout[]
  currentParticipants: number
  distinctPlayers?: number
  maxParticipants: number
  maxSquaresPerPlayer: number
  status: PoolStatus
  isPrivate?: boolean
  isNonprofit?: boolean
  isFeatured?: boolean
  featuredReason?: string | null
  featuredUntil?: string | null
  payoutSchedule?: number[]
  numbersGenerated: boolean
  homeNumbers: number[] | string | null
  awayNumbers: number[] | string | null
  /** hex(SHA-256(seed)), published when the pool opens (docs/fairness.md). */
  drawCommitment?: string | null
  /** Revealed once the numbers are drawn. */
  drawSeed?: string | null
  /**
   * Revealed with the seed: the ownership text the draw consumed (the 100 owners, row-major, comma-separated),
   * stored at the draw; null for pools drawn before it was stored.
   */
  drawInput?: string | null
  /** hex(SHA-256(drawInput)). */
  drawInputSha256?: string | null
  drawnAt?: string | null
  inviteCode?: string | null
  userSquareCount?: number
  /** Paid pools open for sale 6 days before kickoff; null for free pools. */
  salesOpenAt?: string | null
  /** Sales close 2 hours before kickoff. */
  salesCloseAt?: string | null
  createdAt?: string
  /** Set while the pool awaits its final decision and is not full (docs/api.md). */
  decisionOutlook?: DecisionOutlook | null
}

/** One period's payout of a pool (docs/api.md). */
export interface Payout {
  period: number
  /** Q1, Halftime, Q3, Final; college basketball: Halftime, Final. */
  label: string
  /** Share of the prize pool. */
  percent: number
  /** "112.50"; "0.00" in a free pool. */
  amount: string
}

/** What a pool not yet full needs by its final decision, 2 hours before kickoff (decisions.md). */
export interface DecisionOutlook {
  dueAt: string
  /** What the decision would be now. */
  action: 'cancel' | 'house_fill' | (string & {})
  minPlayers: number
  playersNeeded: number
  maxHouseSquares: number
  squaresFree: number
  /** Squares still to be taken before the house may fill the rest (all free squares of a private pool). */
  squaresShort: number
}

/** A period's winning square (GET /api/pools/{id}/winners). */
export interface Winner {
  period: number
  /** The server's name of the period: Q1-Q3 and "Final", or "1st Half" and "Final". */
  periodLabel: string
  homeScore: number
  awayScore: number
  row: number
  column: number
  /** 'admin' for a house square. */
  userId: string
  firstName: string
  /** "225.00"; "0.00" in a free pool. */
  amount: string
  /** credited, house or free. */
  status: string
}

export interface Square {
  id: number
  poolId: number
  userId: string | null
  row: number
  column: number
  purchasePrice?: string
  purchasedAt?: string
  user?: { firstName: string | null; lastName: string | null } | null
  /** 'owned', or 'held' while its buyer pays (until holdExpiresAt). */
  status?: 'owned' | 'held' | (string & {})
  holdExpiresAt?: string | null
}

/** A square's place on the board: row 0-9 (away digit), column 0-9 (home digit). */
export interface Cell {
  row: number
  column: number
}

export interface PublicStats {
  totalRevenue: string
  revenueToday: string
  totalUsers?: number
  activePools?: number
  totalPools?: number
  squaresSold?: number
}

export interface ServerConfig {
  devMode: boolean
  paymentsProvider: 'sandbox' | 'stripe' | (string & {})
  stripePublishableKey: string | null
  restrictedStates?: string[]
  /** The highest entry fee a square of a private pool ("100.00"); null for only the $1000 ceiling. */
  privateMaxFee?: string | null
  /** Outside development mode, payments move no real money (the sandbox, or Stripe test keys). */
  testPayments?: boolean
  /** Where players write to have what only an admin may change changed (SQUARES_SUPPORT_EMAIL); null when unset. */
  supportEmail?: string | null
  /** Where a claimed prize's money goes: paid now (sandbox), or the operator's text (Stripe). */
  payoutText?: string
  /** The key browsers subscribe to push notifications with; null when push is not set up. */
  vapidPublicKey?: string | null
}

export type PrizeStatus = 'unclaimed' | 'payout_pending' | 'paid' | 'forfeited' | (string & {})

/** A period won in a paid pool, claimable until `claimBy` (docs/api.md, GET /api/user/prizes). */
export interface Prize {
  id: number
  poolId: number
  poolName: string
  gameId: number
  /** "Away @ Home" */
  game: string
  awayTeam: string
  homeTeam: string
  kickoff: string
  period: number
  periodLabel: string
  amount: string
  status: PrizeStatus
  creditedAt: string
  claimBy: string
  /** Whole days left to claim, rounded up; 0 when there is nothing to claim. */
  daysLeft: number
  claimedAt: string | null
  paidAt: string | null
  forfeitedAt: string | null
}

/** POST /api/user/prizes/{id}/claim: the prize, what the claim did and where the money goes. */
export interface ClaimedPrize extends Prize {
  message: string
  payoutText: string
}

/** A device subscribed to push notifications (GET /api/push/subscriptions). */
export interface PushDevice {
  id: number
  endpoint: string
  userAgent: string
  createdAt: string
  updatedAt: string
}
