import type { QueryClient } from '@tanstack/react-query';
import { userQueryOptions } from '../../features/users/api/get-user.ts';
import { onBattleMessage } from '../../lib/realtime/battle-channel.ts';
import { isBattleCompletedPayload } from '../../lib/realtime/payload-guards.ts';

/**
 * A battle's end changes the account: the character's experience and perhaps its level, the
 * win/loss record (the coins arrive by statusUpdated). Every query under the player's
 * `['user', id]` key (the user with its characters, the profile) is refetched, so Home, the Arena
 * and the Profile show the new level without a reload (rules W13, decisions D-WEB-38). Answers whether the payload
 * was taken.
 */
export function refreshAfterBattle(
  queryClient: QueryClient,
  telegramUserId: string,
  payload: unknown,
): boolean {
  if (!isBattleCompletedPayload(payload)) return false;
  void queryClient.invalidateQueries({ queryKey: userQueryOptions(telegramUserId).queryKey });
  return true;
}

/** Listens for the player's battle results on the app's socket; answers the unsubscribe. */
export function refreshAccountAfterBattles(queryClient: QueryClient, telegramUserId: string): () => void {
  return onBattleMessage((message) => {
    // The payload's type is the event map's word; the light guard checks it (zod stays out of the first script).
    if (message.event === 'battleCompleted') refreshAfterBattle(queryClient, telegramUserId, message.payload);
  });
}
