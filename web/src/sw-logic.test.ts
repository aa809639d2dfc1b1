import { describe, expect, it } from 'vitest'
import { clickTarget, noticeFromPush, sitePath, swRoute } from './sw-logic'

const origin = 'https://squares.example.com'

describe('swRoute', () => {
  it('never answers the API, the websocket, the developer pages or health checks, whatever the request', () => {
    for (const path of ['/api/pools', '/api/auth/user', '/api/pools/3/squares?x=1', '/api', '/ws', '/dev/mail', '/dev', '/healthz', '/readyz', '/metrics']) {
      for (const mode of ['navigate', 'cors', 'same-origin', 'no-cors']) {
        expect(swRoute(origin + path, mode, 'GET', origin), `${mode} ${path}`).toBe('network')
      }
    }
  })

  it('leaves other methods and other sites to the network', () => {
    expect(swRoute(origin + '/assets/index-abc.js', 'cors', 'POST', origin)).toBe('network')
    expect(swRoute(origin + '/dashboard', 'navigate', 'HEAD', origin)).toBe('network')
    expect(swRoute('https://js.stripe.com/v3/', 'no-cors', 'GET', origin)).toBe('network')
    expect(swRoute('not a url', 'cors', 'GET', origin)).toBe('network')
  })

  it('loads pages from the network first, and lets the precache answer built files', () => {
    expect(swRoute(origin + '/', 'navigate', 'GET', origin)).toBe('page')
    expect(swRoute(origin + '/pools/12', 'navigate', 'GET', origin)).toBe('page')
    expect(swRoute(origin + '/assets/index-abc.js', 'cors', 'GET', origin)).toBe('static')
    expect(swRoute(origin + '/icons/icon-192.png', 'no-cors', 'GET', origin)).toBe('static')
    // Paths that only start like a network-only one are the app's.
    expect(swRoute(origin + '/wsx', 'navigate', 'GET', origin)).toBe('page')
    expect(swRoute(origin + '/developer', 'navigate', 'GET', origin)).toBe('page')
  })
})

describe('push payloads', () => {
  it("shows the server's title, text and link", () => {
    expect(noticeFromPush(JSON.stringify({ title: 'Office is full', body: 'Numbers drawn.', url: '/pools/3', tag: 'pool-3' }))).toEqual({
      title: 'Office is full',
      body: 'Numbers drawn.',
      url: '/pools/3',
      tag: 'pool-3',
    })
  })

  it('still shows something for an empty or unreadable push, and never links to another site', () => {
    expect(noticeFromPush(null)).toMatchObject({ title: 'Squares', url: '/dashboard' })
    expect(noticeFromPush('plain text')).toMatchObject({ title: 'Squares', body: 'plain text' })
    expect(noticeFromPush('[1]')).toMatchObject({ title: 'Squares' })
    expect(noticeFromPush(JSON.stringify({ title: 'x', url: 'https://evil.example/' })).url).toBe('/dashboard')
    expect(sitePath('//evil.example/x')).toBe('/dashboard')
    expect(sitePath('/\\evil.example')).toBe('/dashboard')
    expect(sitePath('javascript:alert(1)')).toBe('/dashboard')
    expect(clickTarget({ url: '/join/ABCD2345' }, origin)).toBe(origin + '/join/ABCD2345')
    expect(clickTarget(undefined, origin)).toBe(origin + '/dashboard')
  })
})
