import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Balances, balancesSchema } from '@titans/shared/user/schemas';
import { api } from '../../../lib/api-client.ts';
import { profileQueryOptions } from './get-profile.ts';
import { userQueryOptions } from './get-user.ts';

/** POST /v1/user/{id}/sync-balance: no body; answers the authoritative balances. */
export function syncBalance(telegramUserId: string): Promise<Balances> {
  return api(`/user/${telegramUserId}/sync-balance`, balancesSchema, { method: 'POST' });
}

export function useSyncBalance(telegramUserId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => syncBalance(telegramUserId),
    onSuccess: (balances) => {
      queryClient.setQueryData(userQueryOptions(telegramUserId).queryKey, (user) =>
        user
          ? {
              ...user,
              coins: balances.coins,
              gems: balances.gems,
              energy: balances.energy,
              max_energy: balances.max_energy,
            }
          : user,
      );
      void queryClient.invalidateQueries({ queryKey: profileQueryOptions(telegramUserId).queryKey });
    },
  });
}
