import { Mail } from 'lucide-react'
import { toast } from '@/lib/toast'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { errorMessage } from '@/lib/api'
import { useEmailPreferences, useSetEmailPreferences } from '@/lib/email-preferences'

/**
 * The player's e-mail choice. Messages about their money (a win, a refund, a cancelled pool, a prize about
 * to be forfeited, an invitation) always go out; the optional ones can be turned off.
 */
export function EmailPreferencesCard() {
  const prefs = useEmailPreferences()
  const save = useSetEmailPreferences()
  const optional = prefs.data ? !prefs.data.optOut : true

  const onChange = (wanted: boolean) =>
    save.mutate(
      { optOut: !wanted },
      {
        onSuccess: () => toast.success(wanted ? 'Optional e-mails turned on.' : 'Optional e-mails turned off.'),
        onError: (err) => toast.error(errorMessage(err, 'Your e-mail choice could not be saved. Please try again.')),
      },
    )

  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <Mail className="size-5 text-muted-foreground" aria-hidden="true" /> E-mail
        </CardTitle>
        <CardDescription>
          We always e-mail you about your money: wins, refunds, cancelled pools, prizes about to be forfeited, and
          invitations. You can turn off the rest (released card holds, forfeited prizes).
        </CardDescription>
      </CardHeader>
      <CardContent>
        {prefs.isLoading ? (
          <Skeleton className="h-6 w-64" />
        ) : prefs.isError || prefs.data === null ? (
          <p className="text-sm text-destructive">Your e-mail choice could not be loaded. Please try again later.</p>
        ) : (
          <label className="flex cursor-pointer items-start gap-3 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-primary"
              checked={optional}
              disabled={save.isPending}
              onChange={(e) => onChange(e.target.checked)}
            />
            <span>Send me optional e-mails</span>
          </label>
        )}
      </CardContent>
    </Card>
  )
}
