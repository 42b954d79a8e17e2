import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type User, userSchema } from '@titans/shared/user/schemas';
import { api } from '../../../lib/api-client.ts';
import { userQueryOptions } from './get-user.ts';

/**
 * PUT /v1/user/update/{id} with `background_image`: an owned background's item id or picture,
 * or null for the default ("The update call is used for background changes").
 */
export function updateBackground(telegramUserId: string, backgroundImage: string | null): Promise<User> {
  return api(`/user/update/${telegramUserId}`, userSchema, {
    method: 'PUT',
    body: { background_image: backgroundImage },
  });
}

export function useUpdateBackground(telegramUserId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (backgroundImage: string | null) => updateBackground(telegramUserId, backgroundImage),
    onSuccess: (user) => queryClient.setQueryData(userQueryOptions(telegramUserId).queryKey, user),
  });
}
