import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type UpgradeReferralResult, upgradeReferralResultSchema } from '@titans/shared/referrals/schemas';
import type { User } from '@titans/shared/user/schemas';
import { api } from '../../../lib/api-client.ts';
import { userQueryOptions } from '../../users/api/get-user.ts';

/**
 * POST /v1/user/{id}/upgrade-referral {telegram_user_id}: 500 Stars, once; answers
 * data.gems_remaining. Errors: referral/already-upgraded, referral/insufficient-stars.
 */
export function upgradeReferral(telegramUserId: string): Promise<UpgradeReferralResult> {
  return api(`/user/${telegramUserId}/upgrade-referral`, upgradeReferralResultSchema, {
    method: 'POST',
    body: { telegram_user_id: telegramUserId },
  });
}

export function useUpgradeReferral(telegramUserId: string) {
  const queryClient = useQueryClient();
  const userKey = userQueryOptions(telegramUserId).queryKey;
  return useMutation({
    mutationFn: () => upgradeReferral(telegramUserId),
    onSuccess: (result) => {
      // The panel hides at once; the full user follows.
      queryClient.setQueryData(userKey, (cached: User | undefined) =>
        cached ? { ...cached, gems: result.gems_remaining, is_referral_upgraded: true } : cached,
      );
      void queryClient.invalidateQueries({ queryKey: userKey, exact: true });
    },
  });
}
