import type { FastifyBaseLogger } from 'fastify';
import { loadCatalogue, readCatalogue } from '../catalogue/load-catalogue.ts';
import { bootStepOnce, fingerprint, takeBootLock } from '../cluster/boot-lock.ts';
import { type Cluster, openCluster } from '../cluster/cluster.ts';
import { NodeBus } from '../cluster/node-bus.ts';
import { NodeLiveness } from '../cluster/node-liveness.ts';
import { ClusterOwnership } from '../cluster/player-ownership.ts';
import type { Config } from '../config/config.ts';
import type { Clock } from '../core/clock.ts';
import { systemScheduler } from '../core/clock.ts';
import { type Database, openDatabase } from '../db/database.ts';
import type { GameMetrics } from '../metrics/game-metrics.ts';
import type { Lifecycle } from './lifecycle.ts';

/** What every feature stands on: the database, and in a cluster the Redis side of the process. */
export interface Infrastructure {
  database: Database;
  /** This process's place in the cluster (REDIS_URL); null in single-process mode. */
  cluster: Cluster | null;
  /** Directed messages to other processes (cluster mode only, D-CLUSTER-14). */
  bus: NodeBus | null;
  /** Which processes are alive (cluster mode only). */
  liveness: NodeLiveness | null;
  /** One owner per player across processes (cluster mode only, D-CLUSTER-14). */
  ownership: ClusterOwnership | undefined;
}

export interface InfrastructureOptions {
  config: Config;
  logger: FastifyBaseLogger;
  now: Clock;
  lifecycle: Lifecycle;
  gameMetrics: GameMetrics | null;
  /** An already-open database (tests share one); it is then not closed with the app. */
  database?: Database;
}

/**
 * Opens the cluster connection, then under the boot lock (D-CLUSTER-3) the database with its
 * migrations and the catalogue, then the cluster's bus, heartbeat and ownership. What it opened is
 * closed again if a later step fails, and registered with the lifecycle otherwise.
 */
export async function openInfrastructure(options: InfrastructureOptions): Promise<Infrastructure> {
  const { config, logger, lifecycle, now } = options;
  const cluster = await openCluster(config, logger);
  if (cluster) {
    options.gameMetrics?.labelNode(cluster.nodeId);
    lifecycle.add('cluster connections', () => cluster.close());
  }
  const database = await openDatabaseOnce(options, cluster);
  if (!options.database) lifecycle.add('database', () => database.close());
  // Cluster mode: directed messages between processes and who is alive (D-CLUSTER-14).
  const bus = cluster ? await NodeBus.open(cluster, systemScheduler(now), logger) : null;
  if (bus) lifecycle.add('node bus', () => bus.close());
  const liveness = cluster ? new NodeLiveness(cluster, systemScheduler(now), logger, config.cluster) : null;
  if (liveness) {
    await liveness.start();
    lifecycle.add('heartbeat', () => liveness.stop());
  }
  const ownership = cluster && bus ? new ClusterOwnership({ cluster, bus, logger }) : undefined;
  return { database, cluster, bus, liveness, ownership };
}

/** The database, migrated, with the catalogue loaded: once when processes start together. */
async function openDatabaseOnce(options: InfrastructureOptions, cluster: Cluster | null): Promise<Database> {
  const { config, logger } = options;
  const giveUp = async (error: unknown, database?: Database) => {
    if (database && !options.database) await database.close();
    await cluster?.close();
    throw error;
  };
  const bootLock = await takeBootLock(config.databaseDirectUrl).catch(giveUp);
  try {
    const database =
      options.database ??
      (await openDatabase({
        databaseUrl: config.databaseUrl,
        dataDir: config.dataDir,
        poolSize: config.databasePoolSize,
        fastPaths: config.fastPaths,
        onConnectionError: (error, where) =>
          logger.warn({ err: error, where }, 'database connection lost; the pool opens a new one'),
        onMaintenanceError: (error) => logger.error({ err: error }, 'database maintenance failed'),
      }).catch(giveUp));
    try {
      const catalogue = await readCatalogue(config.catalogueDir, config.artDir);
      const loaded = await bootStepOnce(cluster, 'catalogue', fingerprint(catalogue), async () => {
        await loadCatalogue(database, catalogue, { now: options.now() });
      });
      logger.info(
        loaded ? 'catalogue loaded' : 'catalogue already loaded by a process starting with this one',
      );
    } catch (error) {
      return await giveUp(error, database);
    }
    return database;
  } finally {
    await bootLock?.release();
  }
}
