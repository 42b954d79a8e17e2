import { codeEnvelope } from '@titans/shared/envelope';
import { reminderSettingsPatchSchema, reminderSettingsSchema } from '@titans/shared/reminders/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../auth/auth-hooks.ts';
import { checkedInitData } from '../auth/request-init-data.ts';
import type { Config } from '../config/config.ts';
import { ok } from '../http/reply.ts';
import type { ReminderService } from './reminder-service.ts';

/**
 * GET /reminders: the caller's reminder settings. PATCH /reminders: the switches, the granted
 * write access and where the player is (BR2, BR4); the signed init data's allows_write_to_pm
 * counts as permission too.
 */
export function reminderRoutes({
  reminders,
  config,
}: {
  reminders: ReminderService;
  config: Config;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/reminders',
      { schema: { response: { 200: codeEnvelope(reminderSettingsSchema) } } },
      async (request) => ok(await reminders.settings(requireUser(request).id), 'Reminder settings'),
    );

    app.patch(
      '/reminders',
      {
        schema: {
          body: reminderSettingsPatchSchema,
          response: { 200: codeEnvelope(reminderSettingsSchema) },
        },
      },
      async (request) => {
        const userId = requireUser(request).id;
        const initData = checkedInitData(request, config.botToken, config.authMaxAgeSeconds);
        const allowsWriteToPm = initData.ok && initData.identity.allowsWriteToPm;
        return ok(await reminders.update(userId, request.body, allowsWriteToPm), 'Reminder settings saved');
      },
    );
  };
}
