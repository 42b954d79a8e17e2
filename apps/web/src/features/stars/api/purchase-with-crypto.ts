import { cryptoPurchaseResultSchema, type DiamondPackage } from '@titans/shared/stars/schemas';
import { api } from '../../../lib/api-client.ts';

/** POST /v1/diamond/purchase: the server verifies the transaction on chain before crediting. */
export function purchaseWithCrypto(telegramUserId: string, pkg: DiamondPackage, transactionHash: string) {
  return api('/diamond/purchase', cryptoPurchaseResultSchema, {
    method: 'POST',
    body: {
      packageId: pkg._id,
      transactionHash: transactionHash.trim(),
      cryptoAmount: pkg.price_crypto,
      telegram_user_id: telegramUserId,
    },
  });
}
