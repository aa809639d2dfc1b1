import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar'
import { userInitial } from '@/lib/auth'
import type { User } from '@/lib/types'

/** The league selector's trigger in the navy bar, drawn alike before and after its select loads. */
export const leagueTriggerClass =
  'h-9 w-[7.5rem] border-white/20 bg-white/10 text-white data-[placeholder]:text-white/70 [&_svg]:text-white'

/** The avatar menu's trigger, drawn alike before and after its menu loads. */
export const avatarTriggerClass = 'rounded-full outline-none focus-visible:ring-[3px] focus-visible:ring-lime-300/80'

/** The player's picture, or the first letter of their first name or e-mail. */
export function UserAvatar({ user, className }: { user: User; className?: string }) {
  return (
    <Avatar className={className}>
      {user.profileImageUrl && <AvatarImage src={user.profileImageUrl} alt="" />}
      <AvatarFallback>{userInitial(user)}</AvatarFallback>
    </Avatar>
  )
}
