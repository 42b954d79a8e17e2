import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { createGameServices } from './app/game-services.ts';
import { createHttpServer } from './app/http-server.ts';
import { openInfrastructure } from './app/infrastructure.ts';
import { Lifecycle } from './app/lifecycle.ts';
import { registerOperator } from './app/operator.ts';
import { startRealtime } from './app/realtime-setup.ts';
import { registerRestRoutes } from './app/rest-routes.ts';
import type { BanService } from './bans/ban-service.ts';
import type { BattleService } from './battle/battle-service.ts';
import type { BotContext } from './bot/bot-context.ts';
import type { Cluster } from './cluster/cluster.ts';
import { startClusterWork } from './cluster/cluster-work.ts';
import { Drain } from './cluster/drain.ts';
import type { NodeBus } from './cluster/node-bus.ts';
import type { NodeLiveness } from './cluster/node-liveness.ts';
import type { Config } from './config/config.ts';
import { type Clock, type Scheduler, systemClock, systemScheduler } from './core/clock.ts';
import type { Database } from './db/database.ts';
import type { LeaderboardService } from './leaderboard/leaderboard-service.ts';
import type { MarketplaceService } from './marketplace/marketplace-service.ts';
import type { BalanceGateway } from './money/balance-gateway.ts';
import type { SocketRegistry } from './realtime/socket-bounds.ts';
import type { Realtime, TitansSocketServer } from './realtime/socket-server.ts';
import type { ReferralService } from './referrals/referral-service.ts';
import type { Reminders } from './reminders/reminders-setup.ts';
import type { StarsService } from './stars/stars-service.ts';
import type { TapEngine } from './taps/tap-engine.ts';
import type { UploadJanitor } from './uploads/upload-janitor.ts';
import type { UserService } from './users/user-service.ts';

export interface AppOptions {
  /** Fastify's logger option; tests pass false. */
  logger?: FastifyServerOptions['logger'];
  /** An already-open database (tests share one across apps); otherwise it is opened from config. */
  database?: Database;
  /** The clock every rule and service reads; tests pass their own to move time. */
  clock?: Clock;
  /** The Arena's time and timers, and its battle seeds; tests pass a ManualScheduler and fixed seeds. */
  arena?: { scheduler?: Scheduler; seed?: () => number };
}

export interface TitansApp {
  app: FastifyInstance;
  database: Database;
  users: UserService;
  engine: TapEngine;
  gateway: BalanceGateway;
  /** The Titans Emporium (the Arena reads its boosters through the BoostReader app/realtime-setup.ts hands it). */
  marketplace: MarketplaceService;
  realtime: Realtime;
  io: TitansSocketServer;
  stars: StarsService;
  /** The Telegram bot, mounted at POST /telegram/webhook when TELEGRAM_WEBHOOK_SECRET is set. */
  bot: import('grammy').Bot<BotContext> | null;
  referrals: ReferralService;
  /** Bot reminders: the settings and queueing service, and this process's sender (BR1–BR13). */
  reminders: Reminders;
  leaderboard: LeaderboardService;
  uploadJanitor: UploadJanitor;
  bans: BanService;
  sockets: SocketRegistry;
  battles: BattleService;
  /** This process's place in the cluster (REDIS_URL); null in single-process mode. */
  cluster: Cluster | null;
  /** Directed messages to other processes (cluster mode only). */
  bus: NodeBus | null;
  /** Which processes are alive (cluster mode only). */
  liveness: NodeLiveness | null;
  /** Set when SIGTERM starts the graceful drain (cluster/drain.ts): /health answers 503. */
  drain: Drain;
}

/**
 * Builds the whole server, as the composition root: the HTTP server and its hardening, the
 * database and (in a cluster) the Redis side, the game's services, the REST routes, the socket
 * server with the tap stream and the Arena, the operator's routes, then the background work.
 * Everything that must stop is registered with one lifecycle, closed in reverse when the app
 * closes. server.ts only adds listening and signals, so tests run exactly what production runs.
 */
export async function createApp(config: Config, options: AppOptions = {}): Promise<TitansApp> {
  const now = options.clock ?? systemClock;
  const lifecycle = new Lifecycle();
  const { app, gameMetrics } = await createHttpServer(config, options.logger);
  const infra = await openInfrastructure({
    config,
    logger: app.log,
    now,
    lifecycle,
    gameMetrics,
    database: options.database,
  });
  const services = createGameServices({ config, logger: app.log, now, infra, lifecycle, gameMetrics });
  const drain = new Drain();
  await registerRestRoutes(app, { config, now, infra, services, drain });
  const realtime = await startRealtime(app, {
    config,
    now,
    infra,
    services,
    lifecycle,
    gameMetrics,
    arena: options.arena,
  });
  await registerOperator(app, { config, now, infra, services, realtime, gameMetrics });
  services.engine.start();
  const reminderSender = services.reminders.sender;
  if (reminderSender) {
    reminderSender.start();
    lifecycle.add('reminder sender', () => reminderSender.stop());
  }
  // Leaderboard rebuild, janitor, clean-up and the Arena's tick and sweeper: on timers here, or
  // once per cluster (D-CLUSTER-4).
  const { battles, arenaCluster } = realtime;
  const jobs = await startClusterWork({
    cluster: infra.cluster,
    scheduler: systemScheduler(now),
    logger: app.log,
    leaderboard: services.leaderboard,
    leaderboardRefreshMs: config.leaderboardRefreshMs,
    uploadJanitor: services.uploadJanitor,
    forgetOldTapSessions: () => services.engine.forgetOldSessions(),
    arena: arenaCluster ? { tick: () => battles.tick(), sweep: () => arenaCluster.nodes.sweep() } : null,
  });
  if (jobs) lifecycle.add('cluster jobs', () => jobs.stop());
  app.addHook('onClose', () => lifecycle.close(app.log));
  return {
    app,
    database: infra.database,
    users: services.users,
    engine: services.engine,
    gateway: services.gateway,
    marketplace: services.marketplace,
    realtime: realtime.realtime,
    io: realtime.io,
    stars: services.stars,
    bot: services.bot,
    referrals: services.referrals,
    reminders: services.reminders,
    leaderboard: services.leaderboard,
    uploadJanitor: services.uploadJanitor,
    bans: realtime.bans,
    sockets: realtime.sockets,
    battles,
    cluster: infra.cluster,
    bus: infra.bus,
    liveness: infra.liveness,
    drain,
  };
}
