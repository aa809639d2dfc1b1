import { describe, expect, it, vi } from 'vitest'
import { ApiError } from './api'
import { createQueryClient } from './query-client'
import { queryKeys } from './query-keys'

describe('createQueryClient', () => {
  it('sends an admin who must set up two-factor sign-in to it, from a query or a mutation', async () => {
    const onTwoFactorRequired = vi.fn()
    const client = createQueryClient({ onTwoFactorRequired })
    const refused = new ApiError(403, 'Forbidden', JSON.stringify({ code: 'two_factor_required', message: 'Two-factor sign-in is required for admins.' }), '/api/admin/stats')
    await client.fetchQuery({ queryKey: queryKeys.admin.stats, queryFn: () => Promise.reject(refused) }).catch(() => undefined)
    expect(onTwoFactorRequired).toHaveBeenCalledTimes(1)
    await client.getMutationCache().build(client, { mutationFn: () => Promise.reject(refused) }).execute(undefined).catch(() => undefined)
    expect(onTwoFactorRequired).toHaveBeenCalledTimes(2)
  })

  it('leaves other refusals alone', async () => {
    const onTwoFactorRequired = vi.fn()
    const client = createQueryClient({ onTwoFactorRequired })
    const forbidden = new ApiError(403, 'Forbidden', JSON.stringify({ code: 'forbidden', message: 'Admins only.' }), '/api/admin/stats')
    await client.fetchQuery({ queryKey: queryKeys.admin.stats, queryFn: () => Promise.reject(forbidden) }).catch(() => undefined)
    expect(onTwoFactorRequired).not.toHaveBeenCalled()
  })
})
