import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { BanService, banMessage, parseBanChange } from '../bans/ban-service.ts';
import type { Ticket } from '../battle/arena-context.ts';
import { BattleService } from '../battle/battle-service.ts';
import { registerBattleEvents } from '../battle/battle-socket.ts';
import { createClusterArena } from '../battle/cluster-arena.ts';
import { InMemoryMatchQueue } from '../battle/matchmaking-queue.ts';
import { registerSocketPlayerRouteCheck } from '../cluster/player-route.ts';
import { RealtimeCluster } from '../cluster/realtime-cluster.ts';
import { RedisSocketCount } from '../cluster/realtime-sockets.ts';
import type { Config } from '../config/config.ts';
import { type Clock, type Scheduler, systemScheduler } from '../core/clock.ts';
import { activeBoosts } from '../marketplace/marketplace-service.ts';
import type { GameMetrics } from '../metrics/game-metrics.ts';
import { observeQueue } from '../metrics/observed-queue.ts';
import { SocketRegistry } from '../realtime/socket-bounds.ts';
import { userRoom } from '../realtime/socket-dispatcher.ts';
import { createSocketServer } from '../realtime/socket-server.ts';
import { registerReminderEvents } from '../reminders/reminder-socket.ts';
import { registerTapEvents } from '../taps/tap-socket.ts';
import type { GameServices } from './game-services.ts';
import type { Infrastructure } from './infrastructure.ts';
import type { Lifecycle } from './lifecycle.ts';

export interface RealtimeOptions {
  config: Config;
  now: Clock;
  infra: Infrastructure;
  services: GameServices;
  lifecycle: Lifecycle;
  gameMetrics: GameMetrics | null;
  /** The Arena's time and timers, and its battle seeds (tests pass their own). */
  arena?: { scheduler?: Scheduler; seed?: () => number };
}

/**
 * The socket server and what lives on it: the tap stream, the Arena (in a cluster its queue and
 * presence in Redis and rooms on their host, D-CLUSTER-15..18), the socket cap and bans (which
 * close a player's sockets on every process, D-CLUSTER-8, 10).
 */
export async function startRealtime(app: FastifyInstance, options: RealtimeOptions) {
  const { config, now, infra, services, lifecycle } = options;
  const { cluster, bus, liveness, database } = infra;
  const { users, engine, gateway } = services;
  // Cluster mode: pushes, the socket cap and message budgets span processes (D-CLUSTER-6..8).
  const realtimeCluster = cluster ? await RealtimeCluster.open(cluster, app.log) : null;
  if (realtimeCluster) lifecycle.add('realtime cluster', () => realtimeCluster.close());
  const realtime = createSocketServer(app.server, {
    config,
    logger: app.log,
    users,
    now,
    cluster: realtimeCluster,
  });
  registerSocketPlayerRouteCheck(realtime.io);
  registerTapEvents(realtime, engine);
  registerReminderEvents({
    realtime,
    reminders: services.reminders.service,
    live: engine,
    hasSockets: (userId) => realtime.io.of('/').adapter.rooms.has(userRoom(userId)),
    query: database.query,
    now,
    logger: app.log,
  });
  services.bindRealtime(realtime);
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
  // The operator's metrics see each player's wait in the queue (METRICS_TOKEN).
  const queue = arenaCluster?.service.queue ?? new InMemoryMatchQueue<Ticket>();
  const battles = new BattleService({
    ...arenaCluster?.service,
    queue: options.gameMetrics ? observeQueue(queue, options.gameMetrics.queueWaited, now) : queue,
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
  lifecycle.add('arena', () => battles.close());
  const sockets = new SocketRegistry(
    realtime.io,
    undefined,
    cluster && realtimeCluster
      ? {
          count: new RedisSocketCount(cluster, now, app.log),
          closeElsewhere: (ids, payload) => void realtimeCluster.closeRemote(ids, payload),
          logger: app.log,
        }
      : null,
  );
  const bans = await startBans({ database, logger: app.log, now, users, sockets, realtimeCluster });
  lifecycle.add('bans', () => bans.stop());
  // Shutdown starts here: stop taking sockets before anything else closes.
  app.addHook('preClose', async () => {
    // Only this process's sockets: through a cluster adapter the plain call reaches every process.
    realtime.io.local.disconnectSockets(true);
    realtime.io.engine.close();
  });
  return { realtime, io: realtime.io, realtimeCluster, arenaCluster, battles, sockets, bans };
}

export type RealtimeParts = Awaited<ReturnType<typeof startRealtime>>;

/** Bans: applied here at once, announced to the other processes, polled as a safety net. */
async function startBans(deps: {
  database: Infrastructure['database'];
  logger: FastifyBaseLogger;
  now: Clock;
  users: GameServices['users'];
  sockets: SocketRegistry;
  realtimeCluster: RealtimeCluster | null;
}): Promise<BanService> {
  const { database, logger, now, users, sockets, realtimeCluster } = deps;
  const bans = new BanService({
    database,
    logger,
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
  return bans;
}
