import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type BoostsView, boostsViewSchema } from '@titans/shared/boosts/schemas';
import type { UpgradeKind } from '@titans/shared/boosts/upgrades';
import { api } from '../../../lib/api-client.ts';
import { profileQueryOptions } from '../../users/api/get-profile.ts';
import { userQueryOptions } from '../../users/api/get-user.ts';
import { boostsQueryOptions } from './get-boosts.ts';

/**
 * POST /v1/boosts/upgrade {kind, level}: buys the next level of the one the player sees (errors
 * boost/insufficient-coins, boost/max-level, boost/level-changed). The server also pushes
 * statusUpdated, which moves Home's balances.
 */
export function buyUpgrade({ kind, level }: { kind: UpgradeKind; level: number }): Promise<BoostsView> {
  return api('/boosts/upgrade', boostsViewSchema, { method: 'POST', body: { kind, level } });
}

export function useBuyUpgrade(telegramUserId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: buyUpgrade,
    onSuccess: (view) => {
      queryClient.setQueryData(boostsQueryOptions().queryKey, view);
      // Levels, multiplier and max energy live on the user too.
      void queryClient.invalidateQueries({
        queryKey: userQueryOptions(telegramUserId).queryKey,
        exact: true,
      });
      void queryClient.invalidateQueries({ queryKey: profileQueryOptions(telegramUserId).queryKey });
    },
  });
}
