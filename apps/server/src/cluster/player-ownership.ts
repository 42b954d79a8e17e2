import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { RawQuery } from '../db/database.ts';
import type { Cluster } from './cluster.ts';
import type { NodeBus } from './node-bus.ts';
import { NodeUnreachableError } from './node-bus.ts';

/**
 * Who holds a player's live state (energy, unflushed taps) in a cluster (decisions: D-CLUSTER-14).
 * One process at a time: the one that loaded them. A directory in Redis says which
 * (`<prefix>own:<player>` → node), and a fence in PostgreSQL makes it true: taking a player raises
 * `users.owner_epoch`, and the tap flush and every energy write require the epoch their process
 * took, so a process that lost a player (it paused past its heartbeat, Redis failed over, a
 * hand-over raced) writes nothing for them and drops them.
 */
export interface PlayerOwnership {
  /**
   * Makes this process the player's owner before it loads them: asks a live owner elsewhere to
   * hand over (it flushes, drops the player and moves their sockets), then raises the fence.
   * Answers the epoch this process's writes must carry; null when taking changed nothing (one
   * process: the row's epoch stands).
   */
  acquire(query: RawQuery, userId: string): Promise<number | null>;
  /** Another live process owns the player: its node id. Null: this process may take them. */
  ownerElsewhere(userId: string): Promise<string | null>;
  /** The player left this process's memory (evicted or handed over). */
  released(userId: string): void;
  /** After a change committed here for a player owned elsewhere: the owner reads them again. */
  tellOwner(node: string, notice: OwnerNotice): void;
}

/** What a process tells a player's owner after changing them (coins, Stars, items, energy back). */
export interface OwnerNotice {
  userId: string;
  /** Energy to give back on the owner (a voided battle's entry), applied there up to the maximum. */
  energy?: number;
}

/** What the owner does when told: the engine's side of a hand-over and of a change made elsewhere. */
export interface OwnedPlayers {
  /** Flushes the player's pending taps, drops them and moves their sockets. */
  handOver(userId: string): Promise<void>;
  /** Reads the player again (and gives back energy) after a change elsewhere. */
  changedElsewhere(notice: OwnerNotice): Promise<void>;
}

const RAISE_EPOCH_SQL = 'update users set owner_epoch = owner_epoch + 1 where id = $1 returning owner_epoch';

/**
 * Claims the directory entry: free, already ours, or its holder's heartbeat expired → ours.
 * Otherwise answers the live holder. KEYS[1] the entry; ARGV[1] this node; ARGV[2] the heartbeat
 * key prefix; ARGV[3] the entry's expiry (a forgotten entry of a process that died goes away).
 */
const CLAIM_LUA = `
local holder = redis.call('GET', KEYS[1])
if holder and holder ~= ARGV[1] and redis.call('EXISTS', ARGV[2] .. holder) == 1 then
  return holder
end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[3])
return false`;

/** Deletes the entry only if it is still ours. */
const RELEASE_LUA = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/** The owner of a player's entry when nobody touches it for this long; renewed on each claim. */
const ENTRY_TTL_MS = 24 * 3_600_000;
/** How long a claim waits for a live owner to hand over before it takes the player anyway. */
export const HANDOVER_TIMEOUT_MS = 1_500;

const handOverRequest = z.object({ userId: z.string().uuid() });
const ownerNotice = z.object({ userId: z.string().uuid(), energy: z.number().int().positive().optional() });

/** One process: it owns everyone; the epoch stays what the row says. */
export class SingleProcessOwnership implements PlayerOwnership {
  async acquire(): Promise<number | null> {
    return null;
  }
  async ownerElsewhere(): Promise<string | null> {
    return null;
  }
  released(): void {}
  tellOwner(): void {}
}

export interface ClusterOwnershipDeps {
  cluster: Cluster;
  bus: NodeBus;
  logger: FastifyBaseLogger;
}

/** Ownership across processes: the Redis directory, the NodeBus hand-over, the PostgreSQL fence. */
export class ClusterOwnership implements PlayerOwnership {
  readonly stats = { acquired: 0, handedOver: 0, takenWithoutHandover: 0, remoteChanges: 0 };
  private players: OwnedPlayers | null = null;

  constructor(private readonly deps: ClusterOwnershipDeps) {}

  /** Starts answering other processes: hand-over requests and change notices. */
  serve(players: OwnedPlayers): void {
    this.players = players;
    const { bus } = this.deps;
    bus.handle('ownership.handOver', async (payload) => {
      const { userId } = handOverRequest.parse(payload);
      await this.players?.handOver(userId);
      return { released: true };
    });
    bus.handle('ownership.changed', async (payload) => {
      await this.players?.changedElsewhere(ownerNotice.parse(payload));
    });
  }

  async acquire(query: RawQuery, userId: string): Promise<number | null> {
    const { cluster, bus, logger } = this.deps;
    try {
      const holder = await this.claim(userId);
      if (holder) {
        try {
          await bus.request(holder, 'ownership.handOver', { userId }, HANDOVER_TIMEOUT_MS);
          this.stats.handedOver++;
        } catch (error) {
          // Paused, dying or cut off: the fence below keeps whatever it still writes out.
          if (!(error instanceof NodeUnreachableError)) throw error;
          this.stats.takenWithoutHandover++;
          logger.warn({ userId, holder }, 'owner did not hand over in time; taking the player');
        }
        await cluster.redis.set(this.entry(userId), cluster.nodeId, 'PX', ENTRY_TTL_MS);
      }
    } catch (error) {
      // Without Redis the fence alone decides: this process takes the player (D-CLUSTER-14).
      logger.warn({ err: error, userId }, 'ownership directory unavailable; taking the player by the fence');
    }
    const [row] = await query<{ owner_epoch: number | string }>(RAISE_EPOCH_SQL, [userId]);
    this.stats.acquired++;
    return Number(row?.owner_epoch ?? 0);
  }

  async ownerElsewhere(userId: string): Promise<string | null> {
    const { cluster } = this.deps;
    try {
      const holder = await cluster.redis.get(this.entry(userId));
      if (!holder || holder === cluster.nodeId) return null;
      return (await cluster.redis.exists(cluster.key(`node:${holder}`))) === 1 ? holder : null;
    } catch {
      // Redis away: this process may take the player; the fence keeps one writer.
      return null;
    }
  }

  released(userId: string): void {
    const { cluster, logger } = this.deps;
    cluster.redis
      .eval(RELEASE_LUA, 1, this.entry(userId), cluster.nodeId)
      .catch((error: unknown) => logger.debug({ err: error, userId }, 'ownership release not recorded'));
  }

  tellOwner(node: string, notice: OwnerNotice): void {
    this.stats.remoteChanges++;
    this.deps.bus.send(node, 'ownership.changed', notice);
  }

  /** Null: claimed. Otherwise the live process that holds the player. */
  private async claim(userId: string): Promise<string | null> {
    const { cluster } = this.deps;
    const holder = await cluster.redis.eval(
      CLAIM_LUA,
      1,
      this.entry(userId),
      cluster.nodeId,
      cluster.key('node:'),
      ENTRY_TTL_MS,
    );
    return typeof holder === 'string' ? holder : null;
  }

  private entry(userId: string): string {
    return this.deps.cluster.key(`own:${userId}`);
  }
}
