import { describe, expect, it, vi } from 'vitest'
import { ApiError, apiRequest, getQueryFn, keyToUrl } from './api'
import { ageFromDateOfBirth, formatDateTimeET, formatTimeET } from './dates'
import { formatEntryFee, formatMoney, maxPrizePoolCents } from './money'
import { teamColorOnWhite, textColorOn } from './teams'
import { TIERS } from './tiers'
import { gameStatusLabel, poolStatusBadge } from './game-status'
import { queryKeys } from './query-keys'

describe('api client', () => {
  it('throws "status: body" and keeps the parsed server error', async () => {
    const body = JSON.stringify({ message: 'Bad', code: 'invalid', fields: { email: 'Bad email' } })
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(body, { status: 400, statusText: 'Bad Request' }))))
    const err = (await apiRequest('POST', '/api/x', {}).catch((e: unknown) => e)) as ApiError
    expect(err).toBeInstanceOf(ApiError)
    expect(err.message).toBe(`400: ${body}`)
    expect(err.serverMessage).toBe('Bad')
    expect(err.code).toBe('invalid')
    expect(err.fields).toEqual({ email: 'Bad email' })
  })

  it('uses the status text when the body is empty', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('', { status: 503, statusText: 'Service Unavailable' }))))
    await expect(apiRequest('GET', '/api/x')).rejects.toThrow('503: Service Unavailable')
  })

  it('queries GET the key path and turn a 401 into null', async () => {
    const fetch = vi.fn(() => Promise.resolve(new Response('{"message":"no"}', { status: 401 })))
    vi.stubGlobal('fetch', fetch)
    await expect(getQueryFn({ on401: 'returnNull' })({ queryKey: queryKeys.pools.detail(3) })).resolves.toBeNull()
    expect(fetch).toHaveBeenCalledWith('/api/pools/3', expect.objectContaining({ credentials: 'include' }))
  })

  it('builds URLs from keys', () => {
    expect(keyToUrl(['/api/pools', { leagueId: '1' }])).toBe('/api/pools?leagueId=1')
    expect(keyToUrl(['/api/pools', 7, 'squares'])).toBe('/api/pools/7/squares')
  })
})

describe('dates', () => {
  it('shows Eastern time with ET', () => {
    expect(formatDateTimeET('2026-11-29T18:00:00Z')).toBe('Sun, Nov 29, 1:00 PM ET')
    expect(formatTimeET('2026-07-04T23:30:00Z')).toBe('7:30 PM ET')
  })
  it('computes age with 365.25-day years', () => {
    const now = new Date(2026, 5, 15)
    expect(ageFromDateOfBirth('2008-06-14', now)).toBe(18)
    expect(ageFromDateOfBirth('2008-06-20', now)).toBe(17)
    expect(ageFromDateOfBirth('not a date', now)).toBeNaN()
  })
})

describe('money and tiers', () => {
  it('formats fees', () => {
    expect(formatMoney('5')).toBe('$5.00')
    expect(formatEntryFee('0.00')).toBe('FREE')
    expect(formatEntryFee('0')).toBe('FREE')
    expect(formatEntryFee('25.00')).toBe('$25.00')
  })
  it('matches the published tier table', () => {
    expect(TIERS.map((t) => t.prizePool)).toEqual(['Bragging rights', '$90', '$450', '$900', '$2,250'])
    expect(TIERS.map((t) => t.perQuarter)).toEqual(['Bragging rights', '$22.50', '$112.50', '$225', '$562.50'])
    expect(maxPrizePoolCents('10.00', true)).toBe(95000)
  })
})

describe('statuses', () => {
  it('maps provider codes', () => {
    expect(['ns', 'TBD', '', 'weird'].map(gameStatusLabel)).toEqual(['SCHEDULED', 'SCHEDULED', 'SCHEDULED', 'SCHEDULED'])
    expect(['1q', 'HT', 'ot', 'live'].map(gameStatusLabel)).toEqual(['LIVE', 'LIVE', 'LIVE', 'LIVE'])
    expect(['FT', 'aet', 'completed'].map(gameStatusLabel)).toEqual(['COMPLETED', 'COMPLETED', 'COMPLETED'])
  })
  it('labels pools', () => {
    expect(poolStatusBadge({ status: 'active' }).label).toBe('AVAILABLE')
    expect(poolStatusBadge({ status: 'started' }).label).toBe('LIVE')
    expect(poolStatusBadge({ status: 'completed' }).label).toBe('COMPLETED')
    expect(poolStatusBadge({ status: 'draft' }).label).toBe('DRAFT')
  })
})

describe('textColorOn', () => {
  it('keeps white on dark team colours and turns black on light ones', () => {
    expect(textColorOn('#001A57')).toBe('#ffffff')
    expect(textColorOn('#203731')).toBe('#ffffff')
    // Miami's aqua and the Chargers' blue: white text is under 4.5:1 on them, black over it.
    expect(textColorOn('#008E97')).toBe('#000000')
    expect(textColorOn('#0080C6')).toBe('#000000')
    expect(textColorOn('not a colour')).toBe('#ffffff')
  })
})

describe('teamColorOnWhite', () => {
  it('keeps a team colour that reads on white and drops a light one', () => {
    expect(teamColorOnWhite('#001A57')).toBe('#001A57')
    expect(teamColorOnWhite('#7BAFD4')).toBeUndefined()
    expect(teamColorOnWhite('')).toBeUndefined()
  })
})
