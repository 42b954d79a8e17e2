import { queryOptions, useQuery } from '@tanstack/react-query';
import { CACHE_60S } from '@titans/shared/constants';
import { type Transaction, transactionsSchema } from '@titans/shared/stars/schemas';
import { api } from '../../../lib/api-client.ts';

/** GET /v1/user/{id}/transactions (cached 60 s): Stars deals and marketplace purchases. */
export async function getTransactions(telegramUserId: string, signal?: AbortSignal): Promise<Transaction[]> {
  const data = await api(`/user/${encodeURIComponent(telegramUserId)}/transactions`, transactionsSchema, {
    signal,
  });
  return data.transactions;
}

export function transactionsQueryOptions(telegramUserId: string) {
  return queryOptions({
    queryKey: ['transactions', telegramUserId] as const,
    queryFn: ({ signal }) => getTransactions(telegramUserId, signal),
    staleTime: CACHE_60S,
  });
}

export function useTransactions(telegramUserId: string) {
  return useQuery({ ...transactionsQueryOptions(telegramUserId), enabled: telegramUserId !== '' });
}
