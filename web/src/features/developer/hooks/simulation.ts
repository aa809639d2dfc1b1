// The practice pool (spec: "Practice simulation: scores 7-41 per quarter, 2 s steps, exactly 5 squares
// must be chosen"). Pure functions over an injectable random source, so a seed replays a game exactly.
// Nothing here touches the server: no money, nothing stored.

/** A source of numbers in [0, 1), like Math.random. */
export type Random = () => number

export const SIM_GRID = 10
export const SIM_PICKS = 5
export const SIM_STEP_MS = 2000
export const SIM_MIN_SCORE = 7
export const SIM_MAX_SCORE = 41
export const SIM_QUARTERS = ['Q1', 'Q2', 'Q3', 'Q4'] as const

/** mulberry32: a small seeded generator, so a practice game can be replayed from its seed. */
export function seededRandom(seed: number): Random {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** An integer from min to max, both included. */
export function randomInt(random: Random, min: number, max: number): number {
  return min + Math.min(max - min, Math.floor(random() * (max - min + 1)))
}

/** The digits 0-9 in a random order (Fisher-Yates). */
export function shuffledDigits(random: Random): number[] {
  const d = Array.from({ length: SIM_GRID }, (_, i) => i)
  for (let i = d.length - 1; i > 0; i--) {
    const j = randomInt(random, 0, i)
    ;[d[i], d[j]] = [d[j], d[i]]
  }
  return d
}

export interface QuarterScore {
  quarter: (typeof SIM_QUARTERS)[number]
  home: number
  away: number
}

/**
 * Each team's score at the end of each quarter, every one from 7 to 41. The four draws of a team are put
 * in order so the score is a running total that never goes down.
 */
export function quarterScores(random: Random): QuarterScore[] {
  const draw = () => SIM_QUARTERS.map(() => randomInt(random, SIM_MIN_SCORE, SIM_MAX_SCORE)).sort((a, b) => a - b)
  const home = draw()
  const away = draw()
  return SIM_QUARTERS.map((quarter, i) => ({ quarter, home: home[i], away: away[i] }))
}

/** A cell of the board: row is the away team's digit position, column the home team's. */
export interface SimCell {
  row: number
  column: number
}

/**
 * The winning square of a score (the same rule as the server's squares.WinningCell): the row whose away
 * digit is the last digit of the away score, the column whose home digit is the home score's.
 */
export function winningCell(homeNumbers: readonly number[], awayNumbers: readonly number[], score: { home: number; away: number }): SimCell {
  return { row: awayNumbers.indexOf(score.away % 10), column: homeNumbers.indexOf(score.home % 10) }
}

export const cellKey = (c: SimCell) => c.row * SIM_GRID + c.column

export interface QuarterResult extends QuarterScore {
  cell: SimCell
  /** Whether the winning square is one the player picked. */
  mine: boolean
}

/** A whole practice game: the digits drawn, and each quarter's score and winning square. */
export interface PracticeGame {
  homeNumbers: number[]
  awayNumbers: number[]
  quarters: QuarterResult[]
}

/** Plays a practice game for the picked squares: draws the digits, then the scores, quarter by quarter. */
export function playPracticeGame(random: Random, picks: readonly SimCell[]): PracticeGame {
  const homeNumbers = shuffledDigits(random)
  const awayNumbers = shuffledDigits(random)
  const mine = new Set(picks.map(cellKey))
  const quarters = quarterScores(random).map((s) => {
    const cell = winningCell(homeNumbers, awayNumbers, s)
    return { ...s, cell, mine: mine.has(cellKey(cell)) }
  })
  return { homeNumbers, awayNumbers, quarters }
}
