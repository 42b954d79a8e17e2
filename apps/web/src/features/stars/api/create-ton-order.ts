import { type TonOrder, tonOrderSchema } from '@titans/shared/stars/schemas';
import { api } from '../../../lib/api-client.ts';

/** POST /v1/diamonds/ton-order: where to send how much TON, and the order comment (D-STARS-4). */
export function createTonOrder(packageId: string): Promise<TonOrder> {
  return api('/diamonds/ton-order', tonOrderSchema, { method: 'POST', body: { package_id: packageId } });
}
