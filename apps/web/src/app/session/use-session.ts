import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { userQueryOptions } from '../../api/user/get-user.ts';
import { registerUser } from '../../api/user/register-user.ts';
import { readStoredUser } from '../../api/user/user-storage.ts';
import {
  clearPendingReferralCode,
  readPendingReferralCode,
} from '../../features/referrals/pending-referral-code.ts';
import { getLaunchContext } from '../../lib/telegram/launch-context.ts';

/**
 * Signs the player in once per launch: POST /user/register (idempotent) with the pending
 * referral code, which is cleared once registration succeeds. A player known on this device
 * plays on from the saved account while it runs; a new one sees the loading screen.
 */
export function useSession() {
  const { player } = getLaunchContext();
  const queryClient = useQueryClient();

  // Before the first render: the account saved by the previous session, if it is this player's.
  const [hadSavedUser] = useState(() => {
    if (!player) return false;
    const key = userQueryOptions(player.id).queryKey;
    if (queryClient.getQueryData(key)) return true;
    const saved = readStoredUser(player.id);
    if (saved) queryClient.setQueryData(key, saved);
    return saved !== null;
  });

  const registration = useQuery({
    queryKey: ['session', player?.id ?? ''] as const,
    queryFn: async () => {
      if (!player) throw new Error('No Telegram user');
      const referralCode = readPendingReferralCode();
      const user = await registerUser(
        {
          telegram_user_id: player.id,
          ...(player.username ? { username: player.username } : {}),
          ...(player.photoUrl ? { profile_picture: player.photoUrl } : {}),
          ...(referralCode ? { referral_code: referralCode } : {}),
        },
        { track: !hadSavedUser },
      );
      clearPendingReferralCode();
      queryClient.setQueryData(userQueryOptions(player.id).queryKey, user);
      return user.telegram_user_id;
    },
    enabled: player !== null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  // Read only after registering: before that a new player's account does not exist yet.
  const user = useQuery({ ...userQueryOptions(player?.id ?? ''), enabled: registration.isSuccess });

  return {
    player,
    user: user.data,
    failed: registration.isError,
    retry: () => void registration.refetch(),
  };
}
