import { useCallback, useLayoutEffect, useRef, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useRealtimeMessages, type RealtimeMessage } from '@/lib/realtime'
import { queryKeys } from '@/lib/query-keys'

const KEEP = 200

export type TopicKind = 'pool' | 'game'

export interface Topic {
  kind: TopicKind
  id: number
}

export interface SocketEntry {
  id: number
  /** When the message arrived (ISO). */
  at: string
  msg: RealtimeMessage
}

/** The parsed subscription form: a positive whole id, or the message to show. */
export function parseTopicId(kind: TopicKind, raw: string): { id: number } | { error: string } {
  const text = raw.trim()
  if (!text) return { error: kind === 'game' ? 'Please enter a game ID' : 'Please enter a pool ID' }
  const id = Number(text)
  if (!Number.isInteger(id) || id <= 0) return { error: `A ${kind} ID is a positive whole number` }
  return { id }
}

/**
 * The live test page's state: the pools and games watched on the app's socket, and every message the
 * socket delivers (newest first, the last 200), each with the time it arrived. A score update makes the
 * live games list read the server again.
 */
export function useSocketLog(now: () => Date = () => new Date()) {
  const [topics, setTopics] = useState<Topic[]>([])
  const [entries, setEntries] = useState<SocketEntry[]>([])
  const nextId = useRef(1)
  const nowRef = useRef(now)
  useLayoutEffect(() => {
    nowRef.current = now
  })

  const queryClient = useQueryClient()
  useRealtimeMessages((msg) => {
    // A score changed: the live games list reads the server again.
    if (msg.type === 'gameUpdate' || (msg.type === 'poolUpdate' && msg.gameUpdate)) void queryClient.invalidateQueries({ queryKey: queryKeys.developer.liveGames })
    const id = nextId.current++
    const at = nowRef.current().toISOString()
    setEntries((list) => [{ id, at, msg }, ...list].slice(0, KEEP))
  })

  const watch = useCallback((t: Topic) => {
    setTopics((list) => (list.some((x) => x.kind === t.kind && x.id === t.id) ? list : [...list, t]))
  }, [])
  const unwatch = useCallback((t: Topic) => {
    setTopics((list) => list.filter((x) => !(x.kind === t.kind && x.id === t.id)))
  }, [])
  const clear = useCallback(() => setEntries([]), [])
  return { topics, entries, watch, unwatch, clear }
}

const scoreText = (score: unknown) => (typeof score === 'number' ? String(score) : '–')

/** A one-line reading of a socket message: its scores, quarter, status and message, where it has them. */
export function summarize(message: RealtimeMessage): string {
  // Any message, of a type this app knows or not: each part is read where the message has it.
  const msg: Record<string, unknown> = { ...message }
  const g = (msg.gameUpdate && typeof msg.gameUpdate === 'object' ? msg.gameUpdate : msg) as Record<string, unknown>
  const parts: string[] = []
  if (typeof msg.poolId === 'number') parts.push(`pool ${msg.poolId}`)
  if (typeof msg.gameId === 'number') parts.push(`game ${msg.gameId}`)
  if (typeof g.awayScore === 'number' || typeof g.homeScore === 'number') parts.push(`away ${scoreText(g.awayScore)} - home ${scoreText(g.homeScore)}`)
  if (typeof g.quarter === 'number' && g.quarter > 0) parts.push(`Q${g.quarter}`)
  if (typeof g.status === 'string') parts.push(g.status)
  if (Array.isArray(msg.squares)) parts.push(`${msg.squares.length} square${msg.squares.length === 1 ? '' : 's'}`)
  if (typeof msg.message === 'string') parts.push(msg.message)
  return parts.join(' · ')
}
