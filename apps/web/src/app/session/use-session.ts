import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  clearPendingReferralCode,
  readPendingReferralCode,
} from '../../features/referrals/pending-referral-code.ts';
import { userQueryOptions } from '../../features/users/api/get-user.ts';
import { registerUser } from '../../features/users/api/register-user.ts';
import { readStoredUser } from '../../features/users/api/user-storage.ts';
import { getLaunchContext, type TelegramPlayer } from '../../lib/telegram/launch-context.ts';
import { registrationBody, takeEarlyRegistration } from './early-registration.ts';

/**
 * Puts the account saved by the previous session on this device in the cache, if it is this
 * player's. True when the cache holds an account for the player (saved or already fetched).
 */
export function seedSavedUser(queryClient: QueryClient, player: TelegramPlayer): boolean {
  const key = userQueryOptions(player.id).queryKey;
  if (queryClient.getQueryData(key)) return true;
  const saved = readStoredUser(player.id);
  if (saved) queryClient.setQueryData(key, saved);
  return saved !== null;
}

/**
 * Registration, once per launch: POST /user/register (idempotent) with the pending referral
 * code, which is cleared once it succeeds. The account it answers becomes the cached user.
 * `knownOnDevice`: the player plays on from the saved account meanwhile, so the call does not
 * put the loading screen up.
 */
export function sessionQueryOptions(
  queryClient: QueryClient,
  player: TelegramPlayer | null,
  knownOnDevice: boolean,
) {
  return queryOptions({
    queryKey: ['session', player?.id ?? ''] as const,
    queryFn: async () => {
      if (!player) throw new Error('No Telegram user');
      const body = registrationBody(player, readPendingReferralCode());
      // The entry script may have sent this very call already (early-registration.ts).
      const user = await registerUser(body, { track: !knownOnDevice, sent: takeEarlyRegistration(body) });
      clearPendingReferralCode();
      queryClient.setQueryData(userQueryOptions(player.id).queryKey, user);
      return user.telegram_user_id;
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/**
 * Signs the player in once per launch (sessionQueryOptions). Usually boot-session.ts has
 * already started it before the first render; this hook then follows the call in flight. A
 * player known on this device plays on from the saved account while it runs; a new one sees the
 * loading screen.
 */
export function useSession() {
  const { player } = getLaunchContext();
  const queryClient = useQueryClient();
  // Before the first render: the account saved by the previous session, if it is this player's.
  const [knownOnDevice] = useState(() => (player ? seedSavedUser(queryClient, player) : false));

  const registration = useQuery({
    ...sessionQueryOptions(queryClient, player, knownOnDevice),
    enabled: player !== null,
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
