import { InviteScreen } from '../../features/referrals/invite-screen.tsx';
import { useCurrentUser } from '../../features/users/api/get-user.ts';

/** /invite: the referral screen. The shell renders routes only with a user loaded. */
export function InviteRoute() {
  const { data: user } = useCurrentUser();
  return user ? <InviteScreen user={user} /> : null;
}
