import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ClaimedReward, claimedRewardSchema } from '@titans/shared/quests/schemas';
import { api } from '../../../lib/api-client.ts';
import { inventoryQueryKeyRoot } from '../../inventory/api/get-inventory.ts';
import { offerRemindersOnce } from '../../profile/api/reminders.ts';
import { profileQueryOptions } from '../../users/api/get-profile.ts';
import { dailyRewardsQueryOptions } from './get-daily-rewards.ts';
import { taskStatsQueryOptions } from './get-task-stats.ts';

/**
 * POST /v1/reward/claim/{id} {user_id}: claims today's reward; the server decides the streak
 * and credits it. A failure grants nothing (never a local reward).
 */
export function claimDailyReward(telegramUserId: string, rewardId: string): Promise<ClaimedReward> {
  return api(`/reward/claim/${encodeURIComponent(rewardId)}`, claimedRewardSchema, {
    method: 'POST',
    body: { user_id: telegramUserId },
  });
}

export function useClaimDailyReward(telegramUserId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rewardId: string) => claimDailyReward(telegramUserId, rewardId),
    // BR2: the moment to ask, once, whether the bot may write ("your next reward is ready").
    onSuccess: () => void offerRemindersOnce(),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: dailyRewardsQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: taskStatsQueryOptions(telegramUserId).queryKey });
      void queryClient.invalidateQueries({ queryKey: profileQueryOptions(telegramUserId).queryKey });
      void queryClient.invalidateQueries({ queryKey: inventoryQueryKeyRoot(telegramUserId) });
    },
  });
}
