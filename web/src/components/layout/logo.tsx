import { cn } from '@/lib/utils'

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-8', className)}>
      <rect width="32" height="32" rx="7" fill="#0b1530" />
      <g fill="#a3e635">
        <rect x="6" y="6" width="9" height="9" rx="1.5" />
        <rect x="17" y="17" width="9" height="9" rx="1.5" />
      </g>
      <g fill="#34d399" opacity=".55">
        <rect x="17" y="6" width="9" height="9" rx="1.5" />
        <rect x="6" y="17" width="9" height="9" rx="1.5" />
      </g>
    </svg>
  )
}

export function Logo({ className }: { className?: string }) {
  return (
    <span className={cn('flex items-center gap-2 text-lg font-extrabold tracking-tight', className)}>
      <LogoMark className="ring-1 ring-white/15 rounded-[7px]" />
      <span>
        Squares
      </span>
    </span>
  )
}
