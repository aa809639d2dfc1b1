// Shared query keys. The default query function reads a key as a URL path (its parts joined by '/'), so a
// key names the call it caches: ['/api/pools', 31, 'winners'] is GET /api/pools/31/winners.

export const poolKeys = {
  all: ['/api/pools'] as const,
  detail: (id: number) => ['/api/pools', id] as const,
  squares: (id: number) => ['/api/pools', id, 'squares'] as const,
  /** A pool's period winners (GET /api/pools/{id}/winners): re-read when its pool or game changes. */
  winners: (id: number) => ['/api/pools', id, 'winners'] as const,
  // The player's pool lists (dashboard and My Pools) change when they claim squares.
  userPools: ['/api/user/pools'] as const,
  myPools: ['/api/user-pools'] as const,
}
