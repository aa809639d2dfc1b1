import { Spinner } from '@/components/ui/spinner'

export function FullScreenSpinner({ label = 'Loading Squares' }: { label?: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-background">
      <div className="flex flex-col items-center gap-3 text-muted-foreground">
        <Spinner className="size-10 text-emerald-700" label={label} />
        <span className="text-sm font-medium">{label}…</span>
      </div>
    </div>
  )
}
