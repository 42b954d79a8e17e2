import { getLaunchContext } from '../../lib/telegram/launch-context.ts';
import { useProfile } from '../users/api/get-profile.ts';

/**
 * Whether the intro offers Skip (decisions D-UI-10): from the player's second battle, i.e. once the
 * server's profile counts a finished battle (`totalBattles`, D-PROFILE-1). Until the profile has
 * answered, the intro plays without Skip.
 */
export function useIntroSkippable(): boolean {
  const telegramUserId = getLaunchContext().player?.id ?? '';
  const profile = useProfile(telegramUserId).data;
  return (profile?.totalBattles ?? 0) >= 1;
}
