import fs from 'node:fs';
import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { registerAuthHooks } from './auth/auth-hooks.ts';
import { BattleService } from './battle/battle-service.ts';
import { registerBattleEvents } from './battle/battle-socket.ts';
import { type Scheduler, systemScheduler } from './battle/scheduler.ts';
import { boostRoutes } from './boosts/boost-routes.ts';
import { BoostService } from './boosts/boost-service.ts';
import { loadCatalogue, readCatalogue } from './catalogue/load-catalogue.ts';
import { characterRoutes } from './characters/character-routes.ts';
import { type Clock, systemClock } from './clock.ts';
import type { Config } from './config/config.ts';
import { type Database, openDatabase } from './db/database.ts';
import { devRoutes } from './dev/dev-routes.ts';
import { healthRoutes } from './health/health-routes.ts';
import { envelope } from './http/envelope-kind.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { inventoryRoutes } from './inventory/inventory-routes.ts';
import { metricsRoutes } from './metrics/metrics-routes.ts';
import { BalanceGateway } from './money/balance-gateway.ts';
import { createSocketServer, type Realtime, type TitansSocketServer } from './realtime/socket-server.ts';
import { TapEngine } from './taps/tap-engine.ts';
import { registerTapEvents } from './taps/tap-socket.ts';
import { uploadRoutes } from './uploads/upload-routes.ts';
import { userRoutes } from './users/user-routes.ts';
import { UserService } from './users/user-service.ts';

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
  realtime: Realtime;
  io: TitansSocketServer;
  battles: BattleService;
}

/**
 * Builds the whole server: database and migrations, catalogue, HTTP routes, static web app.
 * server.ts only adds listening and signals, so tests run exactly what production runs.
 */
export async function createApp(config: Config, options: AppOptions = {}): Promise<TitansApp> {
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    trustProxy: true,
    bodyLimit: 256 * 1024,
    // Clients send JSON only; `__proto__` and `constructor.prototype` keys are refused with 400.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.databasePoolSize,
    }));
  const ownsDatabase = options.database === undefined;
  try {
    const catalogue = await readCatalogue(config.catalogueDir, config.artDir);
    await loadCatalogue(database, catalogue);
  } catch (error) {
    if (ownsDatabase) await database.close();
    throw error;
  }

  const now = options.clock ?? systemClock;
  const users = new UserService(database);
  const engine = new TapEngine({
    database,
    logger: app.log,
    flushIntervalMs: config.tapFlushIntervalMs,
    now,
  });
  const gateway = new BalanceGateway({
    database,
    engine,
    logger: app.log,
    now,
    lockScope: config.moneyLockScope,
  });
  const boosts = new BoostService({ database, gateway, live: engine, now });
  const onUserChanged = (userId: string) =>
    void engine.refresh(userId).catch((error: unknown) => app.log.error({ err: error }, 'refresh failed'));
  registerAuthHooks(app, config, users);
  await app.register(fastifyMultipart);

  await app.register(healthRoutes({ database }));
  if (config.devMode) await app.register(devRoutes({ botToken: config.botToken }));
  await app.register(
    async (api) => {
      await api.register(userRoutes({ database, users, live: engine, onUserChanged }));
      await api.register(characterRoutes({ database }));
      await api.register(inventoryRoutes({ database }));
      await api.register(uploadRoutes({ database, uploadsDir: config.uploadsDir }));
      await api.register(boostRoutes({ boosts }));
    },
    { prefix: '/v1' },
  );

  await registerStatic(app, config);

  const realtime = createSocketServer(app.server, { config, logger: app.log, users, now });
  registerTapEvents(realtime, engine);
  const battles = new BattleService({
    database,
    gateway,
    scheduler: options.arena?.scheduler ?? systemScheduler(now),
    seed: options.arena?.seed,
    timings: config.battle,
    logger: app.log,
    send: (userId, event, payload) => realtime.toUser(userId, event, payload),
  });
  registerBattleEvents(realtime, battles);
  await battles.start();
  const io = realtime.io;
  if (config.metricsToken) {
    await app.register(
      metricsRoutes({
        token: config.metricsToken,
        engine,
        connectedSockets: () => io.engine.clientsCount,
        arena: () => battles.metrics(),
      }),
    );
  }
  engine.start();
  // Shutdown order: stop taking sockets, then flush every pending tap, then close the database.
  app.addHook('preClose', async () => {
    io.disconnectSockets(true);
    io.engine.close();
  });
  app.addHook('onClose', async () => {
    await battles.close();
    await engine.close();
    if (ownsDatabase) await database.close();
  });
  return { app, database, users, engine, gateway, realtime, io, battles };
}

/** Uploaded pictures and the built web app, with the single-page app's routes falling back to index.html. */
async function registerStatic(app: FastifyInstance, config: Config) {
  fs.mkdirSync(config.uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: config.uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    maxAge: '365d',
    immutable: true,
  });

  const hasWeb = fs.existsSync(path.join(config.webDistDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      prefix: '/',
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        // Vite fingerprints everything under assets/: cache it for good, revalidate the rest.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname.startsWith('/v1/') || pathname === '/v1' || pathname.startsWith('/engine.io');
    if (hasWeb && request.method === 'GET' && !isApi && !path.extname(pathname)) {
      // Client-side routes (/, /tasks, /buddies/CODE…) all load the app; it redirects unknown paths to /.
      return reply.header('cache-control', 'no-cache').sendFile('index.html', config.webDistDir);
    }
    return reply
      .status(404)
      .send(
        envelope('code', 404, null, `Route ${request.method} ${pathname} not found`, 'request/not-found'),
      );
  });
}
