import { DEV_TELEGRAM_USER_ID } from '@titans/shared/constants';
import { codeEnvelope } from '@titans/shared/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signInitData } from '../auth/init-data.ts';

/**
 * Development mode only (no bot token configured): signs init data for the test user with the
 * development token, so a normal browser goes through the same validation as Telegram would.
 */
export function devRoutes({ botToken }: { botToken: string }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/dev/init-data',
      {
        config: { auth: 'none' },
        schema: {
          querystring: z.strictObject({
            start_param: z
              .string()
              .max(64)
              .regex(/^[A-Za-z0-9_-]*$/)
              .optional(),
          }),
          response: { 200: codeEnvelope(z.object({ init_data: z.string(), telegram_user_id: z.string() })) },
        },
      },
      async (request) => {
        const user = {
          id: Number(DEV_TELEGRAM_USER_ID),
          first_name: 'Test',
          last_name: 'Titan',
          username: 'test_titan',
          language_code: 'en',
        };
        const startParam = request.query.start_param || undefined;
        return {
          code: 200,
          data: {
            init_data: signInitData(user, botToken, startParam ? { startParam } : {}),
            telegram_user_id: DEV_TELEGRAM_USER_ID,
          },
          message: 'Development init data',
        };
      },
    );
  };
}
