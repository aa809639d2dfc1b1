import { useServerConfig } from '@/lib/config'
import { cn } from '@/lib/utils'

/** The operator's support address (SQUARES_SUPPORT_EMAIL) as a mailto link; nothing when none is set. */
export function SupportEmailLink({ className }: { className?: string }) {
  const { supportEmail } = useServerConfig()
  if (!supportEmail) return null
  return (
    <a className={cn('font-medium underline underline-offset-2 hover:text-foreground', className)} href={`mailto:${supportEmail}`}>
      {supportEmail}
    </a>
  )
}
