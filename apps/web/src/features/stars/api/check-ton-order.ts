import { type TonOrderCheck, tonOrderCheckSchema } from '@titans/shared/stars/schemas';
import { api } from '../../../lib/api-client.ts';

/** POST /v1/diamonds/ton-order/{id}/check: has the chain shown the order's payment yet? (D-STARS-4). */
export async function checkTonOrder(purchaseId: string, signal?: AbortSignal): Promise<TonOrderCheck> {
  return tonOrderCheckSchema.parse(
    await api<unknown>(`/diamonds/ton-order/${encodeURIComponent(purchaseId)}/check`, {
      method: 'POST',
      signal,
    }),
  );
}
