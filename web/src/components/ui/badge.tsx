import * as React from 'react'
import { cva, type VariantProps } from 'class-variance-authority'
import { cn } from '@/lib/utils'

export const badgeVariants = cva(
  'inline-flex items-center justify-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-bold tracking-wide whitespace-nowrap [&>svg]:size-3',
  {
    variants: {
      variant: {
        default: 'border-transparent bg-primary text-primary-foreground',
        secondary: 'border-transparent bg-secondary text-secondary-foreground',
        outline: 'text-foreground',
        live: 'border-transparent bg-red-600 text-white animate-live-pulse',
        completed: 'border-transparent bg-emerald-700 text-white',
        scheduled: 'border-transparent bg-lime-400 text-lime-950',
        available: 'border-transparent bg-emerald-100 text-emerald-800',
        muted: 'border-transparent bg-muted text-muted-foreground',
        warning: 'border-transparent bg-amber-100 text-amber-900',
        destructive: 'border-transparent bg-destructive text-destructive-foreground',
        admin: 'border-transparent bg-amber-400 text-amber-950',
      },
    },
    defaultVariants: { variant: 'default' },
  },
)

export function Badge({ className, variant, ...props }: React.ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span data-slot="badge" className={cn(badgeVariants({ variant }), className)} {...props} />
}
