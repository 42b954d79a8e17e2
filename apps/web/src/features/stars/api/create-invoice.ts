import type { DiamondPackage, Invoice } from '@titans/shared/stars/schemas';
import { invoiceSchema } from '@titans/shared/stars/schemas';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /v1/diamonds/create-invoice: the server creates the Telegram Stars invoice
 * (the bot token never reaches the client) priced from its own package row.
 */
export function createInvoice(telegramUserId: string, pkg: DiamondPackage): Promise<Invoice> {
  return api('/diamonds/create-invoice', invoiceSchema, {
    method: 'POST',
    body: {
      telegram_user_id: telegramUserId,
      package_id: pkg._id,
      package_name: pkg.name,
      package_description: pkg.description,
      stars_amount: pkg.price_usd,
    },
  });
}
