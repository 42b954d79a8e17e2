import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { registerAuthHooks } from '../auth/auth-hooks.ts';
import { boostRoutes } from '../boosts/boost-routes.ts';
import { webhookRoutes } from '../bot/webhook-routes.ts';
import { characterRoutes } from '../characters/character-routes.ts';
import { CharacterService } from '../characters/character-service.ts';
import type { Drain } from '../cluster/drain.ts';
import { registerPlayerRouteCheck } from '../cluster/player-route.ts';
import type { Config } from '../config/config.ts';
import type { Clock } from '../core/clock.ts';
import { devRoutes } from '../dev/dev-routes.ts';
import { healthRoutes } from '../health/health-routes.ts';
import { inventoryRoutes } from '../inventory/inventory-routes.ts';
import { InventoryService } from '../inventory/inventory-service.ts';
import { leaderboardRoutes } from '../leaderboard/leaderboard-routes.ts';
import { marketplaceRoutes } from '../marketplace/marketplace-routes.ts';
import { questRoutes } from '../quests/quest-routes.ts';
import { referralRoutes } from '../referrals/referral-routes.ts';
import { reminderRoutes } from '../reminders/reminder-routes.ts';
import { starsRoutes } from '../stars/stars-routes.ts';
import { tonConnectRoutes } from '../stars/ton-connect-routes.ts';
import { uploadFileRoutes } from '../uploads/upload-file-routes.ts';
import { uploadRoutes } from '../uploads/upload-routes.ts';
import { userRoutes } from '../users/user-routes.ts';
import { registerWebServing } from '../web/web-serving.ts';
import type { GameServices } from './game-services.ts';
import type { Infrastructure } from './infrastructure.ts';

/**
 * Every player-facing HTTP route: health, the `/v1` API (each feature registers its own routes),
 * TON Connect's manifest, the bot's webhook, uploaded pictures and the web app's files.
 */
export async function registerRestRoutes(
  app: FastifyInstance,
  options: { config: Config; now: Clock; infra: Infrastructure; services: GameServices; drain: Drain },
): Promise<void> {
  const { config, now, services, drain } = options;
  const { database } = options.infra;
  const { users, engine, referrals } = services;
  // D-REF-2: the referral reward waits for the friend's hero; a failure never fails the choice.
  const onCharacterSelected = async (userId: string) => {
    const result = await referrals
      .rewardIfDue(userId)
      .catch((error: unknown) => ({ ok: false as const, code: 'server/internal' as const, error }));
    if (!result.ok) app.log.error({ result, userId }, 'referral reward failed');
    return result.ok && result.value !== null;
  };
  const onUserChanged = (userId: string) =>
    void engine.refresh(userId).catch((error: unknown) => app.log.error({ err: error }, 'refresh failed'));
  registerAuthHooks(app, config, users);
  registerPlayerRouteCheck(app);
  await app.register(fastifyMultipart);

  await app.register(healthRoutes({ database, draining: () => drain.draining }));
  if (config.devMode) await app.register(devRoutes({ botToken: config.botToken }));
  await app.register(
    async (api) => {
      await api.register(userRoutes({ users, onUserChanged, onCharacterSelected }));
      await api.register(characterRoutes({ characters: new CharacterService({ database }) }));
      await api.register(inventoryRoutes({ inventory: new InventoryService({ database, now }) }));
      await api.register(uploadRoutes({ uploads: services.uploads }));
      await api.register(boostRoutes({ boosts: services.boosts }));
      await api.register(starsRoutes({ stars: services.stars }));
      await api.register(questRoutes(services.quests));
      await api.register(marketplaceRoutes({ marketplace: services.marketplace }));
      await api.register(
        referralRoutes({ referrals, botUsername: config.botUsername, miniAppName: config.miniAppName }),
      );
      await api.register(leaderboardRoutes({ leaderboard: services.leaderboard }));
      await api.register(reminderRoutes({ reminders: services.reminders.service, config }));
    },
    { prefix: '/v1' },
  );

  await app.register(tonConnectRoutes({ publicUrl: config.publicUrl }));
  if (services.bot && config.telegramWebhookSecret)
    await app.register(webhookRoutes({ bot: services.bot, secretToken: config.telegramWebhookSecret }));
  if (config.uploadStore === 'database')
    await app.register(uploadFileRoutes({ database, uploadsDir: config.uploadsDir }));
  await registerWebServing(app, config);
}
