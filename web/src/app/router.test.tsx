import { describe, expect, it } from 'vitest'
import { matchRoutes, type RouteObject } from 'react-router'
import { routes, routesFor } from './router'

/** Every pattern of the route tree, with its parameters filled in and its splats given a tail. */
function samplePaths(list: RouteObject[], prefix = ''): string[] {
  return list.flatMap((r) => {
    const path = r.index ? prefix || '/' : `${prefix}/${(r.path ?? '').replace(/^\//, '')}`.replace(/\/+/g, '/')
    const filled = path.replace(/:[a-z]+/gi, '42').replace(/\*$/, 'some/thing')
    return [filled, ...samplePaths(r.children ?? [], path === '/' ? '' : path)]
  })
}

/** What a match renders: each level's route (by pattern) and the parameters. */
const shape = (list: RouteObject[], path: string) =>
  (matchRoutes(list, path) ?? []).map((m) => ({ route: m.route.index ? 'index' : m.route.path, params: m.params }))

describe('routesFor', () => {
  const paths = [
    ...samplePaths(routes),
    '/',
    '',
    '/DASHBOARD',
    '/Pools/7',
    '/%64ashboard',
    '/%E0%A4%A',
    '/pools/7/print/',
    '/pools/7/report',
    '/pools/7/nothing',
    '/pool',
    '/admin/unknown/deeper',
    '/nowhere',
    '/dashboard/extra',
    '/join/ABC123',
  ]

  it.each(paths)('matches %j as the whole route list does', (path) => {
    expect(shape(routesFor(path), path)).toEqual(shape(routes, path))
  })

  it('hands a segment far fewer routes than the whole list, and the same list each time', () => {
    const all = (list: RouteObject[]): number => list.reduce((n, r) => n + 1 + all(r.children ?? []), 0)
    expect(all(routesFor('/dashboard'))).toBeLessThanOrEqual(4)
    expect(all(routesFor('/pools/3'))).toBeLessThan(all(routes) / 4)
    expect(routesFor('/pools/3')).toBe(routesFor('/pools/9/print'))
  })
})
