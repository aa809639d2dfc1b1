import { UserRound } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card'
import { formatDateET } from '@/lib/dates'
import type { User } from '@/lib/types'

/** The account's name and e-mail address (shown, not editable here), and since when it exists. */
export function ProfileCard({ user }: { user: User }) {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ')
  return (
    <Card id="profile" className="scroll-mt-24">
      <CardHeader>
        <h2 className="flex items-center gap-2 text-lg leading-tight font-bold tracking-tight">
          <UserRound className="size-5 text-muted-foreground" aria-hidden="true" /> Profile
        </h2>
        <CardDescription>Your email address is how you sign in and where we write to you.</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="text-muted-foreground">Name</dt>
          <dd className="font-medium break-words">{name || 'Not given'}</dd>
          <dt className="text-muted-foreground">Email</dt>
          <dd className="font-medium break-all">{user.email || user.username}</dd>
          {user.createdAt && (
            <>
              <dt className="text-muted-foreground">Member since</dt>
              <dd className="font-medium">{formatDateET(user.createdAt)}</dd>
            </>
          )}
          {user.role === 'admin' && (
            <>
              <dt className="text-muted-foreground">Role</dt>
              <dd>
                <Badge variant="admin">Admin</Badge>
              </dd>
            </>
          )}
        </dl>
      </CardContent>
    </Card>
  )
}
