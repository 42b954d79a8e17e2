import { type PurchaseState, purchaseStateSchema } from '@titans/shared/stars/schemas';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /v1/dev/diamonds/purchases/{id}/pay, development mode only (D-STARS-14): the server does
 * what Telegram's payment would (pre-checkout, then successful_payment's credit). No real Stars.
 */
export function payDevelopmentInvoice(purchaseId: string): Promise<PurchaseState> {
  return api(`/dev/diamonds/purchases/${encodeURIComponent(purchaseId)}/pay`, purchaseStateSchema, {
    method: 'POST',
  });
}
