import { type TonOrderCheck, tonOrderCheckSchema } from '@titans/shared/stars/schemas';
import { api } from '../../../lib/api-client.ts';

/** POST /v1/diamonds/ton-order/{id}/check: has the chain shown the order's payment yet? (D-STARS-4). */
export function checkTonOrder(purchaseId: string, signal?: AbortSignal): Promise<TonOrderCheck> {
  return api(`/diamonds/ton-order/${encodeURIComponent(purchaseId)}/check`, tonOrderCheckSchema, {
    method: 'POST',
    signal,
  });
}
