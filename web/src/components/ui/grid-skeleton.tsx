import type { CSSProperties } from 'react'
import { cn } from '@/lib/utils'

/**
 * The placeholder of a board still loading: `cells` square cells a side, `gap` apart, pulsing, drawn as one
 * element (the grid-skeleton utility) rather than one element a cell.
 */
export function GridSkeleton({ cells = 11, gap = '0.25rem', className, label }: { cells?: number; gap?: string; className?: string; label?: string }) {
  return (
    <div
      className={cn('grid-skeleton animate-pulse', className)}
      style={{ '--cells': cells, '--gap': gap } as CSSProperties}
      {...(label ? { role: 'img', 'aria-busy': true, 'aria-label': label } : { 'aria-hidden': true })}
    />
  )
}
