import { useQueryClient } from '@tanstack/react-query';
import type { ReferralJoinedPayload } from '@titans/shared/referrals/schemas';
import { useEffect } from 'react';
import { toast } from '../../components/ui/toast-store.ts';
import { audioEngine } from '../../lib/audio/audio-engine.ts';
import { haptics } from '../../lib/haptics.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { onServerEvent } from '../../lib/realtime/realtime-session.ts';
import { referralsQueryOptions } from './api/get-referrals.ts';
import { formatReward } from './format-reward.ts';

function isReferralJoined(value: unknown): value is ReferralJoinedPayload {
  return (
    typeof value === 'object' &&
    value !== null &&
    'username' in value &&
    typeof value.username === 'string' &&
    'name' in value &&
    typeof value.name === 'string' &&
    'reward' in value &&
    Number.isSafeInteger(value.reward)
  );
}

/**
 * On every screen: when a friend's reward is paid the server pushes `referralJoined` (and the new
 * balance); the referral list is read again and the player hears about it.
 */
export function useReferralJoined(telegramUserId: string): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onServerEvent('referralJoined', (payload) => {
        if (!isReferralJoined(payload)) return;
        void queryClient.invalidateQueries({ queryKey: referralsQueryOptions(telegramUserId).queryKey });
        haptics.success();
        audioEngine.play('success');
        const who = payload.username
          ? `@${payload.username}`
          : payload.name || t('useReferralJoined.aFriend');
        toast.success(t('useReferralJoined.joinedYourSquad', { who, reward: formatReward(payload.reward) }));
      }),
    [queryClient, telegramUserId],
  );
}
