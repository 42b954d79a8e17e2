import type { FastifyInstance } from 'fastify';
import { AdminPresence } from '../admin/admin-presence.ts';
import { adminRoutes, requireOperator } from '../admin/admin-routes.ts';
import { AdminService } from '../admin/admin-service.ts';
import { banRoutes } from '../bans/ban-routes.ts';
import { CatalogueReloader } from '../catalogue/catalogue-reloader.ts';
import type { Config } from '../config/config.ts';
import type { Clock } from '../core/clock.ts';
import type { GameMetrics } from '../metrics/game-metrics.ts';
import { metricsRoutes } from '../metrics/metrics-routes.ts';
import { reminderAdminRoutes } from '../reminders/reminder-admin-routes.ts';
import type { GameServices } from './game-services.ts';
import type { Infrastructure } from './infrastructure.ts';
import type { RealtimeParts } from './realtime-setup.ts';

/**
 * The operator's side: the admin API and ban routes (ADMIN_TOKEN) and the metrics (METRICS_TOKEN),
 * each mounted only when its token is set.
 */
export async function registerOperator(
  app: FastifyInstance,
  options: {
    config: Config;
    now: Clock;
    infra: Infrastructure;
    services: GameServices;
    realtime: RealtimeParts;
    gameMetrics: GameMetrics | null;
  },
): Promise<void> {
  const { config, now, services, gameMetrics } = options;
  const { database } = options.infra;
  const { engine, gateway, leaderboard } = services;
  const { io, realtime, battles, sockets, bans, realtimeCluster } = options.realtime;
  if (config.adminToken) {
    await app.register(banRoutes({ token: config.adminToken, bans }));
    // Online, battle and kick across a cluster's processes (D-CLUSTER-22).
    const presence = new AdminPresence({
      sockets,
      holdsRoom: (room) => io.of('/').adapter.rooms.has(room),
      cluster: realtimeCluster,
      arenaStateOf: (userId) => battles.arenaStateOf(userId),
    });
    const admin = new AdminService({
      database,
      gateway,
      live: engine,
      presence: presence.source,
      kick: (telegramUserId, userId) => presence.kick(telegramUserId, userId),
      catalogue: new CatalogueReloader({
        database,
        catalogueDir: config.catalogueDir,
        artDir: config.artDir,
        now,
      }),
      refunds: services.stars,
      voidBattle: (battleId, reason, inChange) => battles.voidBattle(battleId, reason, inChange),
      now,
    });
    await app.register(
      adminRoutes({
        token: config.adminToken,
        admin,
        hasRoom: (battleId) => battles.room(battleId) !== undefined,
      }),
    );
    await app.register(reminderAdmin(config.adminToken, database, services, now));
  }
  if (config.metricsToken && gameMetrics) {
    gameMetrics.watch({
      engine,
      database,
      connectedSockets: () => io.engine.clientsCount,
      socketStats: () => realtime.dispatcher.stats,
      gatewayStats: () => gateway.stats,
      arena: () => battles.metrics(),
      leaderboard: () => leaderboard.stats,
    });
    await app.register(
      metricsRoutes({
        token: config.metricsToken,
        engine,
        connectedSockets: () => io.engine.clientsCount,
        socketStats: () => realtime.dispatcher.stats,
        leaderboard: () => leaderboard.stats,
        database,
        arena: () => battles.metrics(),
        prometheus: gameMetrics,
      }),
    );
  }
}

/** `npm run ops -- reminders …`: pause, resume and status of the bot reminders (D-REMIND-4). */
function reminderAdmin(
  token: string,
  database: Infrastructure['database'],
  services: GameServices,
  now: Clock,
) {
  const { sender, metrics } = services.reminders;
  return reminderAdminRoutes({
    requireOperator: requireOperator(token),
    query: database.query,
    now,
    counters: sender ? metrics.counters : null,
    pauseChanged: () => sender?.pauseChanged(),
  });
}
