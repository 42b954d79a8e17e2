import { type PurchaseState, purchaseStateSchema } from '@titans/shared/stars/schemas';
import { api } from '../../../lib/api-client.ts';

/** GET /v1/diamonds/purchases/{id}: the purchase as the server recorded it (pending until Telegram confirms). */
export function getPurchase(purchaseId: string, signal?: AbortSignal): Promise<PurchaseState> {
  return api(`/diamonds/purchases/${encodeURIComponent(purchaseId)}`, purchaseStateSchema, { signal });
}
