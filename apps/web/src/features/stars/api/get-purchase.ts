import { type PurchaseState, purchaseStateSchema } from '@titans/shared/stars/schemas';
import { api } from '../../../lib/api-client.ts';

/** GET /v1/diamonds/purchases/{id}: the purchase as the server recorded it (pending until Telegram confirms). */
export async function getPurchase(purchaseId: string, signal?: AbortSignal): Promise<PurchaseState> {
  return purchaseStateSchema.parse(
    await api<unknown>(`/diamonds/purchases/${encodeURIComponent(purchaseId)}`, { signal }),
  );
}
