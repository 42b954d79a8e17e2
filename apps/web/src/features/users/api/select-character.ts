import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type User, userSchema } from '@titans/shared/user/schemas';
import { api } from '../../../lib/api-client.ts';
import { inventoryQueryKeyRoot } from '../../inventory/api/get-inventory.ts';
import { profileQueryOptions } from './get-profile.ts';
import { userQueryOptions } from './get-user.ts';

/** POST /v1/user/{id}/select-character: the updated user is returned. */
export function selectCharacter(telegramUserId: string, characterId: string): Promise<User> {
  return api(`/user/${telegramUserId}/select-character`, userSchema, {
    method: 'POST',
    body: { characterId },
  });
}

export function useSelectCharacter(telegramUserId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (characterId: string) => selectCharacter(telegramUserId, characterId),
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryOptions(telegramUserId).queryKey, user);
      void queryClient.invalidateQueries({ queryKey: profileQueryOptions(telegramUserId).queryKey });
      void queryClient.invalidateQueries({ queryKey: inventoryQueryKeyRoot(telegramUserId) });
    },
  });
}
