import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { starsConfirmRoutes } from './stars-confirm-routes.ts';
import { starsDevRoutes } from './stars-dev-routes.ts';
import { starsHistoryRoutes } from './stars-history-routes.ts';
import { starsInvoiceRoutes } from './stars-invoice-routes.ts';
import { starsPackageRoutes } from './stars-package-routes.ts';
import type { StarsService } from './stars-service.ts';
import { starsTonRoutes } from './stars-ton-routes.ts';

export interface StarsRoutesDeps {
  stars: StarsService;
}

/**
 * Stars and diamonds: one module per area. None of these credits anything on the
 * client's word: Stars are credited by Telegram's successful_payment (the bot), TON by the chain
 * (S3, S7). The development invoice's routes exist only in development mode without a bot
 * (D-STARS-14): anywhere else they are a 404.
 */
export function starsRoutes(deps: StarsRoutesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(starsPackageRoutes(deps));
    await app.register(starsInvoiceRoutes(deps));
    await app.register(starsConfirmRoutes(deps));
    await app.register(starsTonRoutes(deps));
    await app.register(starsHistoryRoutes(deps));
    if (deps.stars.developmentInvoices) await app.register(starsDevRoutes(deps));
  };
}
