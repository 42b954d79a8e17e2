import { queryOptions, useQuery } from '@tanstack/react-query';
import { CACHE_5MIN } from '@titans/shared/constants';
import { type PaymentMethods, paymentMethodsSchema } from '@titans/shared/stars/schemas';
import { api } from '../../../lib/api-client.ts';

/** GET /v1/diamonds/payment-methods: what can sell Stars on this server (D-STARS-14). */
export function getPaymentMethods(signal?: AbortSignal): Promise<PaymentMethods> {
  return api('/diamonds/payment-methods', paymentMethodsSchema, { signal });
}

export function paymentMethodsQueryOptions() {
  return queryOptions({
    queryKey: ['diamond-payment-methods'] as const,
    queryFn: ({ signal }) => getPaymentMethods(signal),
    staleTime: CACHE_5MIN,
  });
}

export function usePaymentMethods() {
  return useQuery(paymentMethodsQueryOptions());
}
