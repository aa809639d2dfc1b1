// The shapes of the server's JSON answers are generated from its Go structs into api.gen.ts (make
// generate); this file names the ones the whole app shares. A union of known values with
// `| (string & {})` lists what the server sends today while accepting a value a newer server may add.

export type {
  Cell,
  ClaimedPrize,
  DecisionOutlook,
  Game,
  League,
  Pool,
  PoolStatus,
  Prize,
  PrizeStatus,
  PublicStats,
  PushDevice,
  Role,
  ServerConfig,
  Square,
  User,
  Winner,
} from './api.gen'

/** One period's payout of a pool (docs/api.md). */
export type { PeriodPayout as Payout } from './api.gen'
