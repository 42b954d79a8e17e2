import type { FastifyPluginAsync } from 'fastify';

export const TON_CONNECT_MANIFEST_PATH = '/tonconnect-manifest.json';

/**
 * The TON Connect manifest wallets read before connecting (name, icon, our address). It names
 * PUBLIC_URL when set, else the address the request came to (development).
 */
export function tonConnectRoutes({ publicUrl }: { publicUrl: string | undefined }): FastifyPluginAsync {
  return async (app) => {
    app.get(TON_CONNECT_MANIFEST_PATH, { config: { auth: 'none' } }, async (request, reply) => {
      const origin = publicUrl ? new URL(publicUrl).origin : `${request.protocol}://${request.host}`;
      reply.header('access-control-allow-origin', '*').header('cache-control', 'public, max-age=300');
      return {
        url: origin,
        name: 'Titans',
        iconUrl: `${origin}/art/ui/logo-180.png`,
      };
    });
  };
}
