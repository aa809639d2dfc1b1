import type { LucideIcon } from 'lucide-react'
import { Card } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/utils'

/** A figure with its label. Stacks vertically on phones so three fit in a row. */
export function StatCard({
  label,
  value,
  hint,
  icon: Icon,
  tone = 'emerald',
  loading,
}: {
  label: string
  value: React.ReactNode
  hint?: React.ReactNode
  icon: LucideIcon
  tone?: 'emerald' | 'lime' | 'sky' | 'amber' | 'violet'
  loading?: boolean
}) {
  const tones = {
    emerald: 'bg-emerald-100 text-emerald-700',
    lime: 'bg-lime-100 text-lime-800',
    sky: 'bg-sky-100 text-sky-700',
    amber: 'bg-amber-100 text-amber-800',
    violet: 'bg-violet-100 text-violet-700',
  }
  return (
    <Card className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:gap-4 sm:p-5">
      <div className={cn('flex size-8 shrink-0 items-center justify-center rounded-lg sm:size-11', tones[tone])}>
        <Icon className="size-4 sm:size-5" aria-hidden="true" />
      </div>
      <div className="min-w-0">
        <div className="text-xs leading-tight font-medium text-muted-foreground sm:text-sm">{label}</div>
        {loading ? (
          <Skeleton className="mt-1 h-7 w-12" />
        ) : (
          <div className="text-xl font-extrabold tracking-tight sm:text-2xl">{value}</div>
        )}
        {hint && <div className="text-xs text-muted-foreground">{hint}</div>}
      </div>
    </Card>
  )
}
