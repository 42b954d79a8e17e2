import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { Api } from 'grammy';
import { AdminPresence } from './admin/admin-presence.ts';
import { adminRoutes } from './admin/admin-routes.ts';
import { AdminService } from './admin/admin-service.ts';
import { registerAuthHooks } from './auth/auth-hooks.ts';
import { banRoutes } from './bans/ban-routes.ts';
import { BanService, banMessage, parseBanChange } from './bans/ban-service.ts';
import { BattleService } from './battle/battle-service.ts';
import { registerBattleEvents } from './battle/battle-socket.ts';
import { createClusterArena } from './battle/cluster-arena.ts';
import { boostRoutes } from './boosts/boost-routes.ts';
import { BoostService } from './boosts/boost-service.ts';
import type { BotContext } from './bot/bot-context.ts';
import { createBot } from './bot/create-bot.ts';
import { webhookRoutes } from './bot/webhook-routes.ts';
import { CatalogueReloader } from './catalogue/catalogue-reloader.ts';
import { loadCatalogue, readCatalogue } from './catalogue/load-catalogue.ts';
import { characterRoutes } from './characters/character-routes.ts';
import { CharacterService } from './characters/character-service.ts';
import { type Clock, type Scheduler, systemClock, systemScheduler } from './clock.ts';
import { bootStepOnce, fingerprint, takeBootLock } from './cluster/boot-lock.ts';
import { type Cluster, openCluster } from './cluster/cluster.ts';
import { startClusterWork } from './cluster/cluster-work.ts';
import { Drain } from './cluster/drain.ts';
import { NodeBus } from './cluster/node-bus.ts';
import { NodeLiveness } from './cluster/node-liveness.ts';
import { ClusterOwnership } from './cluster/player-ownership.ts';
import { registerPlayerRouteCheck, registerSocketPlayerRouteCheck } from './cluster/player-route.ts';
import { RealtimeCluster } from './cluster/realtime-cluster.ts';
import { RedisSocketCount } from './cluster/realtime-sockets.ts';
import type { Config } from './config/config.ts';
import { type Database, openDatabase } from './db/database.ts';
import { devRoutes } from './dev/dev-routes.ts';
import { registerEdgeInputCheck } from './hardening/edge-input.ts';
import { registerRateLimits } from './hardening/rate-limits.ts';
import { healthRoutes } from './health/health-routes.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { inventoryRoutes } from './inventory/inventory-routes.ts';
import { InventoryService } from './inventory/inventory-service.ts';
import { leaderboardRoutes } from './leaderboard/leaderboard-routes.ts';
import { LeaderboardService } from './leaderboard/leaderboard-service.ts';
import { marketplaceRoutes } from './marketplace/marketplace-routes.ts';
import { activeBoosts, MarketplaceService } from './marketplace/marketplace-service.ts';
import { GameMetrics } from './metrics/game-metrics.ts';
import { metricsRoutes } from './metrics/metrics-routes.ts';
import { BalanceGateway } from './money/balance-gateway.ts';
import { AdService } from './quests/ad-service.ts';
import { DailyRewardService } from './quests/daily-reward-service.ts';
import { GamesFeed } from './quests/games-feed.ts';
import { questRoutes } from './quests/quest-routes.ts';
import { QuizService } from './quests/quiz-service.ts';
import { TaskService } from './quests/task-service.ts';
import { SocketRegistry } from './realtime/socket-bounds.ts';
import { createSocketServer, type Realtime, type TitansSocketServer } from './realtime/socket-server.ts';
import { referralRoutes } from './referrals/referral-routes.ts';
import { ReferralService } from './referrals/referral-service.ts';
import { starsRoutes } from './stars/stars-routes.ts';
import { StarsService } from './stars/stars-service.ts';
import { normalizeTonAddress } from './stars/ton-address.ts';
import { createTonClient } from './stars/ton-client.ts';
import { tonConnectRoutes } from './stars/ton-connect-routes.ts';
import { TapEngine } from './taps/tap-engine.ts';
import { registerTapEvents } from './taps/tap-socket.ts';
import { uploadFileRoutes } from './uploads/upload-file-routes.ts';
import { UploadJanitor } from './uploads/upload-janitor.ts';
import { defaultUploadLimits, UploadGate } from './uploads/upload-limits.ts';
import { uploadRoutes } from './uploads/upload-routes.ts';
import { UploadService } from './uploads/upload-service.ts';
import { userRoutes } from './users/user-routes.ts';
import { UserService } from './users/user-service.ts';
import { registerSecurityHeaders, registerWebServing } from './web/web-serving.ts';

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
  /** The Titans Emporium (the Arena reads its boosters through the BoostReader app.ts hands it). */
  marketplace: MarketplaceService;
  realtime: Realtime;
  io: TitansSocketServer;
  stars: StarsService;
  /** The Telegram bot, mounted at POST /telegram/webhook when TELEGRAM_WEBHOOK_SECRET is set. */
  bot: import('grammy').Bot<BotContext> | null;
  referrals: ReferralService;
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

/** Believes the nearest `hops` proxies, like Express's numeric trust proxy. */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/**
 * Builds the whole server: database and migrations, catalogue, HTTP routes, static web app.
 * server.ts only adds listening and signals, so tests run exactly what production runs.
 */
export async function createApp(config: Config, options: AppOptions = {}): Promise<TitansApp> {
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    // Only the configured proxies may name the client (D-HARDEN-5): believing every hop would let
    // a client send its own X-Forwarded-For and escape the per-address limit.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 256 * 1024,
    // Clients send JSON only; `__proto__` and `constructor.prototype` keys are refused with 400.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // A body that trickles in must not hold a connection for ever (decisions: D-HTTP-1). Node only
    // enforces requestTimeout when it is given to the server's constructor (setting it afterwards,
    // as Fastify's own option does, is ignored), and checks it every connectionsCheckingInterval.
    requestTimeout: config.requestTimeoutMs,
    http: {
      requestTimeout: config.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(30_000, Math.max(50, config.requestTimeoutMs / 4)),
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // Prometheus series (METRICS_TOKEN): the REST latency hook goes first so it sees every route.
  const gameMetrics = config.metricsToken ? new GameMetrics() : null;
  if (gameMetrics) app.addHook('onResponse', gameMetrics.onResponse);
  await registerSecurityHeaders(app, config);
  // Before any route, so routes added later are covered too: rate limits, then input hardening.
  await registerRateLimits(app, {
    limits: config.rateLimits,
    botToken: config.botToken,
    authMaxAgeSeconds: config.authMaxAgeSeconds,
    redisUrl: config.rateLimitRedisUrl,
  });
  registerEdgeInputCheck(app);

  const cluster = await openCluster(config, app.log);
  if (cluster) gameMetrics?.labelNode(cluster.nodeId);
  // Boot work once (D-CLUSTER-3): migrations and the catalogue load run under the boot lock.
  const bootLock = await takeBootLock(config.databaseDirectUrl).catch(async (error: unknown) => {
    await cluster?.close();
    throw error;
  });
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.databasePoolSize,
      onConnectionError: (error, where) =>
        app.log.warn({ err: error, where }, 'database connection lost; the pool opens a new one'),
      onMaintenanceError: (error) => app.log.error({ err: error }, 'database maintenance failed'),
    }).catch(async (error: unknown) => {
      await bootLock?.release();
      await cluster?.close();
      throw error;
    }));
  const ownsDatabase = options.database === undefined;
  try {
    const catalogue = await readCatalogue(config.catalogueDir, config.artDir);
    const loaded = await bootStepOnce(cluster, 'catalogue', fingerprint(catalogue), async () => {
      await loadCatalogue(database, catalogue, { now: (options.clock ?? systemClock)() });
    });
    app.log.info(
      loaded ? 'catalogue loaded' : 'catalogue already loaded by a process starting with this one',
    );
  } catch (error) {
    if (ownsDatabase) await database.close();
    await cluster?.close();
    throw error;
  } finally {
    await bootLock?.release();
  }

  const now = options.clock ?? systemClock;
  // Cluster mode: directed messages between processes and who is alive (D-CLUSTER-14).
  const bus = cluster ? await NodeBus.open(cluster, systemScheduler(now), app.log) : null;
  const liveness = cluster ? new NodeLiveness(cluster, systemScheduler(now), app.log) : null;
  await liveness?.start();
  // One owner per player across processes, fenced in PostgreSQL (D-CLUSTER-14).
  const ownership = cluster && bus ? new ClusterOwnership({ cluster, bus, logger: app.log }) : undefined;
  const engine = new TapEngine({
    database,
    logger: app.log,
    flushIntervalMs: config.tapFlushIntervalMs,
    now,
    observer: gameMetrics?.tapObserver,
    sessionsForgottenByCluster: cluster !== null,
    ownership,
  });
  ownership?.serve(engine);
  const users = new UserService({ database, live: engine, now });
  const gateway = new BalanceGateway({
    database,
    engine,
    logger: app.log,
    now,
    lockScope: config.moneyLockScope,
    onCommitted: gameMetrics?.onBalanceChanges,
    ownership,
  });
  const boosts = new BoostService({ database, gateway, live: engine, now });
  // Stars: invoices need the webhook (only successful_payment credits), TON needs a wallet.
  const botApi = config.telegramWebhookSecret
    ? new Api(config.botToken, { apiRoot: config.telegramApiRoot })
    : null;
  const tonWallet = config.tonWalletAddress ? normalizeTonAddress(config.tonWalletAddress) : null;
  const stars = new StarsService({
    database,
    gateway,
    now,
    logger: app.log,
    payments: botApi,
    ton: tonWallet
      ? {
          client: createTonClient({ apiRoot: config.tonApiRoot, apiKey: config.tonApiKey }),
          wallet: tonWallet,
        }
      : null,
  });
  const bot = config.telegramWebhookSecret ? createBot({ config, logger: app.log, stars }) : null;
  const questTasks = new TaskService({ database, gateway, now });
  const quests = {
    tasks: questTasks,
    quizzes: new QuizService({ database, tasks: questTasks, now }),
    daily: new DailyRewardService({ database, gateway, now }),
    games: new GamesFeed({ url: config.gamesFeedUrl, logger: app.log, now }),
    ads: new AdService({
      database,
      gateway,
      now,
      blockId: config.adsgramBlockId,
      rewardSecret: config.adsgramRewardSecret,
    }),
    users,
  };
  const marketplace = new MarketplaceService({ database, gateway, now });
  // The socket server is created after the routes; referral pushes reach it through this late binding.
  let realtimeRef: Realtime | undefined;
  const referrals = new ReferralService({
    database,
    gateway,
    realtime: { toUser: (userId, event, payload) => realtimeRef?.toUser(userId, event, payload) },
    logger: app.log,
    now,
  });
  const leaderboard = new LeaderboardService({
    database,
    logger: app.log,
    now,
    refreshMs: config.leaderboardRefreshMs,
  });
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
  const incomingDir = path.join(config.dataDir, 'uploads-incoming');
  const uploads = new UploadService({
    database,
    gate: new UploadGate(database, defaultUploadLimits(config.uploadsPerHourTotal), now),
    store: config.uploadStore,
    uploadsDir: config.uploadsDir,
    incomingDir,
    now,
  });
  const uploadJanitor = new UploadJanitor({
    database,
    uploadsDir: config.uploadsDir,
    incomingDir,
    logger: app.log,
    scheduler: systemScheduler(now),
  });
  registerAuthHooks(app, config, users);
  registerPlayerRouteCheck(app);
  await app.register(fastifyMultipart);

  const drain = new Drain();
  await app.register(healthRoutes({ database, draining: () => drain.draining }));
  if (config.devMode) await app.register(devRoutes({ botToken: config.botToken }));
  await app.register(
    async (api) => {
      await api.register(userRoutes({ users, onUserChanged, onCharacterSelected }));
      await api.register(characterRoutes({ characters: new CharacterService({ database }) }));
      await api.register(inventoryRoutes({ inventory: new InventoryService({ database, now }) }));
      await api.register(uploadRoutes({ uploads }));
      await api.register(boostRoutes({ boosts }));
      await api.register(starsRoutes({ stars }));
      await api.register(questRoutes(quests));
      await api.register(marketplaceRoutes({ marketplace }));
      await api.register(
        referralRoutes({ referrals, botUsername: config.botUsername, miniAppName: config.miniAppName }),
      );
      await api.register(leaderboardRoutes({ leaderboard }));
    },
    { prefix: '/v1' },
  );

  await app.register(tonConnectRoutes({ publicUrl: config.publicUrl }));
  if (bot && config.telegramWebhookSecret)
    await app.register(webhookRoutes({ bot, secretToken: config.telegramWebhookSecret }));

  if (config.uploadStore === 'database')
    await app.register(uploadFileRoutes({ database, uploadsDir: config.uploadsDir }));
  await registerWebServing(app, config);

  // Cluster mode: pushes, the socket cap and message budgets span processes (D-CLUSTER-6..8).
  const realtimeCluster = cluster ? await RealtimeCluster.open(cluster, app.log) : null;
  const realtime = createSocketServer(app.server, {
    config,
    logger: app.log,
    users,
    now,
    cluster: realtimeCluster,
  });
  registerSocketPlayerRouteCheck(realtime.io);
  registerTapEvents(realtime, engine);
  realtimeRef = realtime;
  // Cluster mode: queue and presence in Redis, rooms on their host (D-CLUSTER-15..18).
  const arenaCluster =
    cluster && bus && liveness
      ? createClusterArena({
          cluster,
          bus,
          liveness,
          database,
          gateway,
          boosts: { activeBoosts },
          logger: app.log,
        })
      : null;
  const battles = new BattleService({
    ...arenaCluster?.service,
    database,
    gateway,
    scheduler: options.arena?.scheduler ?? systemScheduler(now),
    // D-SHOP-2: the Emporium owns booster windows; this read is the one it offers the Arena.
    boosts: { activeBoosts },
    seed: options.arena?.seed,
    timings: config.battle,
    logger: app.log,
    send: (userId, event, payload) => realtime.toUser(userId, event, payload),
    // In a cluster other processes host live battles: boot voiding is for one process (D-CLUSTER-5).
    voidAtStart: cluster === null,
  });
  arenaCluster?.nodes.attach(battles);
  registerBattleEvents(realtime, battles);
  await battles.start();
  const io = realtime.io;
  const sockets = new SocketRegistry(
    io,
    undefined,
    cluster && realtimeCluster
      ? {
          count: new RedisSocketCount(cluster, now, app.log),
          closeElsewhere: (ids, payload) => void realtimeCluster.closeRemote(ids, payload),
          logger: app.log,
        }
      : null,
  );
  const bans = new BanService({
    database,
    logger: app.log,
    scheduler: systemScheduler(now),
    // A ban closes every open socket of the player at once; either way the account is read again
    // on the player's next call or connection, so an unban lets them back in.
    apply: (change) => {
      users.forgetAccount(change.telegramUserId);
      if (change.banned) sockets.closeAll(change.telegramUserId, 'auth/banned', banMessage(change.reason));
    },
    // Cluster mode: the other processes hear of it at once (D-CLUSTER-10); the poll stays.
    ...(realtimeCluster
      ? { announce: (change) => realtimeCluster.publishTo('bans', JSON.stringify(change)) }
      : {}),
  });
  await realtimeCluster?.subscribe('bans', (raw) => {
    const change = parseBanChange(raw);
    if (change) bans.receive(change);
  });
  await bans.start();
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
      refunds: stars,
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
        leaderboard: () => leaderboard.stats,
        database,
        arena: () => battles.metrics(),
        prometheus: gameMetrics,
      }),
    );
  }
  engine.start();
  // Leaderboard rebuild and upload janitor: on timers here, or once per cluster (D-CLUSTER-4).
  const jobs = await startClusterWork({
    cluster,
    scheduler: systemScheduler(now),
    logger: app.log,
    leaderboard,
    leaderboardRefreshMs: config.leaderboardRefreshMs,
    uploadJanitor,
    forgetOldTapSessions: () => engine.forgetOldSessions(),
    arena: arenaCluster ? { tick: () => battles.tick(), sweep: () => arenaCluster.nodes.sweep() } : null,
  });
  // Shutdown order: stop taking sockets, then flush every pending tap, then close the database.
  app.addHook('preClose', async () => {
    // Only this process's sockets: through a cluster adapter the plain call reaches every process.
    io.local.disconnectSockets(true);
    io.engine.close();
  });
  app.addHook('onClose', async () => {
    await jobs?.stop();
    await battles.close();
    await leaderboard.close();
    await bans.stop();
    await uploadJanitor.stop();
    await engine.close();
    if (ownsDatabase) await database.close();
    await realtimeCluster?.close();
    await liveness?.stop();
    await bus?.close();
    await cluster?.close();
  });
  return {
    app,
    database,
    users,
    engine,
    gateway,
    marketplace,
    realtime,
    io,
    stars,
    bot,
    referrals,
    leaderboard,
    uploadJanitor,
    bans,
    sockets,
    battles,
    cluster,
    bus,
    liveness,
    drain,
  };
}
