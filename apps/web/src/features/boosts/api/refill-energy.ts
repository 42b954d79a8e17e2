import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type BoostsView, boostsViewSchema } from '@titans/shared/boosts/schemas';
import { api } from '../../../lib/api-client.ts';
import { userQueryOptions } from '../../users/api/get-user.ts';
import { boostsQueryOptions } from './get-boosts.ts';

/**
 * POST /v1/boosts/refill (no body): a free full-energy refill (errors boost/energy-full,
 * boost/refill-cooldown, boost/no-refills-left). Energy on Home follows through statusUpdated.
 */
export function refillEnergy(): Promise<BoostsView> {
  return api('/boosts/refill', boostsViewSchema, { method: 'POST' });
}

export function useRefillEnergy(telegramUserId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refillEnergy,
    onSuccess: (view) => {
      queryClient.setQueryData(boostsQueryOptions().queryKey, view);
      void queryClient.invalidateQueries({
        queryKey: userQueryOptions(telegramUserId).queryKey,
        exact: true,
      });
    },
  });
}
