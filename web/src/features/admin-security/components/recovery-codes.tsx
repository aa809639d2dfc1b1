import { Button } from '@/components/ui/button'

/** The recovery codes, shown once after enabling. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <section aria-labelledby="recovery-title" className="grid gap-3">
      <h3 id="recovery-title" className="font-semibold">
        Save your recovery codes
      </h3>
      <p className="text-sm text-muted-foreground">
        If you lose your phone, each of these codes signs you in once instead of an app code. They are shown only now:
        keep them somewhere safe, such as a password manager.
      </p>
      <ul data-testid="recovery-codes" className="grid grid-cols-2 gap-2 font-mono text-sm">
        {codes.map((c) => (
          <li key={c} className="rounded bg-muted px-2 py-1 text-center">
            {c}
          </li>
        ))}
      </ul>
      <Button className="justify-self-start" onClick={onDone}>
        I have saved my recovery codes
      </Button>
    </section>
  )
}
