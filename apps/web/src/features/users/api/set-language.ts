import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Language } from '@titans/shared/i18n/languages';
import { type User, userSchema } from '@titans/shared/user/schemas';
import { api } from '../../../lib/api-client.ts';
import { userQueryOptions } from './get-user.ts';

/** PUT /v1/user/{id}/language: the player's choice, kept on the account for every device. */
export function setLanguage(telegramUserId: string, language: Language): Promise<User> {
  return api(`/user/${telegramUserId}/language`, userSchema, { method: 'PUT', body: { language } });
}

export function useSetLanguage(telegramUserId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (language: Language) => setLanguage(telegramUserId, language),
    onSuccess: (user) => queryClient.setQueryData(userQueryOptions(telegramUserId).queryKey, user),
  });
}
