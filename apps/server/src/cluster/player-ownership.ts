import { MAX_TAPS_PER_EVENT } from '@titans/shared/constants';
import {
  type StatusPayload,
  statusPayloadSchema,
  tapRegisteredPayloadSchema,
} from '@titans/shared/taps/schemas';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { NodeUnreachableError } from '../core/errors.ts';
import type { RawQuery } from '../db/database.ts';
import type { TapResult } from '../taps/tap-engine-types.ts';
import type { Cluster } from './cluster.ts';
import type { NodeBus } from './node-bus.ts';

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
   * hand over (it flushes, drops the player and moves their sockets, and answers their rate
   * state), then raises the fence. Answers the epoch this process's writes must carry and the
   * rate state; null when taking changed nothing (one process: the row's epoch stands). Throws
   * OwnerKeepsPlayerError when a live owner keeps the player for its minimum hold (D-CLUSTER-24)
   * and `force` is not set (force: the player's own request, which moves them as before).
   */
  acquire(query: RawQuery, userId: string, options?: { force?: boolean }): Promise<Acquired | null>;
  /** Another live process owns the player: its node id. Null: this process may take them. */
  ownerElsewhere(userId: string): Promise<string | null>;
  /** The player left this process's memory (evicted or handed over). */
  released(userId: string): void;
  /** After a change committed here for a player owned elsewhere: the owner reads them again. */
  tellOwner(node: string, notice: OwnerNotice): void;
  /** Applies a tap event on the player's owner; null when the owner no longer holds them. */
  forwardTap(node: string, tap: ForwardedTap): Promise<TapResult | null>;
  /** Sends a status message to sockets another process keeps for a player held here. */
  relayStatus(node: string, relay: RelayedStatus): void;
}

/**
 * The per-player rate state that travels with the player on a hand-over (rules: CR4): the one-second
 * tap window and the combo (T2, T5) and the over-cap counters (D-TAP-3), as the previous owner's
 * clock had them. `lastTapAt` null: no tap yet.
 */
export interface CarriedRate {
  window: Array<{ at: number; count: number }>;
  combo: number;
  lastTapAt: number | null;
  overCapSeconds: number[];
  rejectedForRate: number;
  lastFlaggedAt: number;
}

/**
 * What taking a player brought. `rate`: the previous owner's rate state; null when nobody live
 * held the player (a dead holder's window has passed: its heartbeat outlives a second by far);
 * 'unknown' when a live holder did not answer in time or Redis was away, so the new owner
 * counts the last second as full (D-CLUSTER-24).
 */
export interface Acquired {
  epoch: number;
  rate: CarriedRate | 'unknown' | null;
}

/** A tap event a process sends on to the player's owner (D-CLUSTER-24). */
export interface ForwardedTap {
  userId: string;
  clientId: string;
  count: number;
  seq?: number | undefined;
}

/** A status message for the sockets of one player that another process keeps (per client id). */
export interface RelayedStatus {
  userId: string;
  event: 'statusUpdated' | 'energyUpdated' | 'coinsUpdated';
  statuses: Array<[clientId: string, status: StatusPayload]>;
}

/** The owner's answer to a hand-over request. */
export type HandOverAnswer =
  | { released: true; rate: CarriedRate | null }
  | { released: false; keepMs: number };

/** A live owner keeps the player for its minimum hold: taps go to it meanwhile (D-CLUSTER-24). */
export class OwnerKeepsPlayerError extends Error {
  constructor(
    readonly node: string,
    readonly keepMs: number,
  ) {
    super(`node ${node} keeps the player for ${keepMs} ms`);
    this.name = 'OwnerKeepsPlayerError';
  }
}

/** What a process tells a player's owner after changing them (coins, Stars, items, energy back). */
export interface OwnerNotice {
  userId: string;
  /** Energy to give back on the owner (a voided battle's entry), applied there up to the maximum. */
  energy?: number;
}

/** What the owner does when told: the engine's side of a hand-over and of a change made elsewhere. */
export interface OwnedPlayers {
  /**
   * Flushes the player's pending taps, drops them, moves their sockets and answers their rate
   * state; refuses while the player is within its minimum hold here, unless `force`.
   */
  handOver(userId: string, force: boolean): Promise<HandOverAnswer>;
  /** Reads the player again (and gives back energy) after a change elsewhere. */
  changedElsewhere(notice: OwnerNotice): Promise<void>;
  /** Applies a tap another process forwarded (from `node`); null when the player is not held here. */
  tapForwarded(tap: ForwardedTap, node: string): TapResult | null;
  /** Delivers an owner's status message to this process's sockets of that player. */
  statusRelayed(relay: RelayedStatus): void;
}

const RAISE_EPOCH_SQL = 'update users set owner_epoch = owner_epoch + 1 where id = $1 returning owner_epoch';

/**
 * Claims the directory entry: free, already ours, or its holder's heartbeat expired → ours.
 * Otherwise answers the live holder. KEYS[1] the entry; ARGV[1] this node; ARGV[2] the heartbeat
 * key prefix; ARGV[3] the entry's expiry (a forgotten entry of a process that died goes away).
 * The live holder answers the player's taps until it lets go (D-CLUSTER-24).
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
/**
 * A live owner keeps a player at least this long after taking them; a process that gets their
 * taps meanwhile forwards them to it (D-CLUSTER-24), so a player spread over processes moves at
 * most this often, each move carrying their rate state.
 */
export const OWNER_MIN_HOLD_MS = 5_000;
/** How long a forwarded tap waits for the owner's answer. */
const FORWARD_TIMEOUT_MS = 1_000;

const handOverRequest = z.object({ userId: z.string().uuid(), force: z.boolean().optional() });
const carriedRate = z.object({
  window: z.array(z.object({ at: z.number(), count: z.number().int().nonnegative() })).max(1_000),
  combo: z.number().int().nonnegative(),
  lastTapAt: z.number().nullable(),
  overCapSeconds: z.array(z.number().int()).max(60),
  rejectedForRate: z.number().int().nonnegative(),
  lastFlaggedAt: z.number(),
});
const handOverAnswer = z.union([
  z.object({ released: z.literal(true), rate: carriedRate.nullable().optional() }),
  z.object({ released: z.literal(false), keepMs: z.number().nonnegative() }),
]);
const forwardedTap = z.object({
  userId: z.string().uuid(),
  clientId: z.string().min(1).max(200),
  count: z.number().int().min(1).max(MAX_TAPS_PER_EVENT),
  seq: z.number().int().nonnegative().optional(),
});
const forwardedAnswer = z.union([
  z.object({ ok: z.literal(true), payload: tapRegisteredPayloadSchema }),
  z.object({
    ok: z.literal(false),
    code: z.enum(['tap/no-user', 'tap/no-character', 'user/not-found', 'server/unavailable']),
  }),
  z.null(),
]);
const relayedStatus = z.object({
  userId: z.string().uuid(),
  event: z.enum(['statusUpdated', 'energyUpdated', 'coinsUpdated']),
  statuses: z.array(z.tuple([z.string().max(200), statusPayloadSchema])).max(50),
});
const ownerNotice = z.object({ userId: z.string().uuid(), energy: z.number().int().positive().optional() });

/** One process: it owns everyone; the epoch stays what the row says. */
export class SingleProcessOwnership implements PlayerOwnership {
  async acquire(): Promise<Acquired | null> {
    return null;
  }
  async ownerElsewhere(): Promise<string | null> {
    return null;
  }
  released(): void {}
  tellOwner(): void {}
  async forwardTap(): Promise<TapResult | null> {
    return null;
  }
  relayStatus(): void {}
}

export interface ClusterOwnershipDeps {
  cluster: Cluster;
  bus: NodeBus;
  logger: FastifyBaseLogger;
}

/** Ownership across processes: the Redis directory, the NodeBus hand-over, the PostgreSQL fence. */
export class ClusterOwnership implements PlayerOwnership {
  readonly stats = {
    acquired: 0,
    handedOver: 0,
    takenWithoutHandover: 0,
    remoteChanges: 0,
    keptByOwner: 0,
    tapsForwarded: 0,
  };
  private players: OwnedPlayers | null = null;

  constructor(private readonly deps: ClusterOwnershipDeps) {}

  /** Starts answering other processes: hand-over requests and change notices. */
  serve(players: OwnedPlayers): void {
    this.players = players;
    const { bus } = this.deps;
    bus.handle('ownership.handOver', async (payload) => {
      const { userId, force } = handOverRequest.parse(payload);
      return (await this.players?.handOver(userId, force ?? false)) ?? { released: true, rate: null };
    });
    bus.handle('ownership.changed', async (payload) => {
      await this.players?.changedElsewhere(ownerNotice.parse(payload));
    });
    bus.handle(
      'taps.forward',
      (payload, from) => this.players?.tapForwarded(forwardedTap.parse(payload), from) ?? null,
    );
    bus.handle('taps.status', (payload) => this.players?.statusRelayed(relayedStatus.parse(payload)));
  }

  async acquire(
    query: RawQuery,
    userId: string,
    options: { force?: boolean } = {},
  ): Promise<Acquired | null> {
    const { cluster, bus, logger } = this.deps;
    let rate: Acquired['rate'] = null;
    try {
      const holder = await this.claim(userId);
      if (holder) {
        try {
          const request = { userId, ...(options.force ? { force: true } : {}) };
          const answer = handOverAnswer.parse(
            await bus.request(holder, 'ownership.handOver', request, HANDOVER_TIMEOUT_MS),
          );
          if (!answer.released) {
            this.stats.keptByOwner++;
            throw new OwnerKeepsPlayerError(holder, answer.keepMs);
          }
          rate = answer.rate ?? null;
          this.stats.handedOver++;
        } catch (error) {
          // Paused, dying or cut off: the fence below keeps whatever it still writes out.
          if (!(error instanceof NodeUnreachableError)) throw error;
          this.stats.takenWithoutHandover++;
          rate = 'unknown';
          logger.warn({ userId, holder }, 'owner did not hand over in time; taking the player');
        }
        await cluster.redis.set(this.entry(userId), cluster.nodeId, 'PX', ENTRY_TTL_MS);
      }
    } catch (error) {
      if (error instanceof OwnerKeepsPlayerError) throw error;
      // Without Redis the fence alone decides: this process takes the player (D-CLUSTER-14) and
      // counts their last second as full, not knowing what another process accepted (D-CLUSTER-24).
      rate = 'unknown';
      logger.warn({ err: error, userId }, 'ownership directory unavailable; taking the player by the fence');
    }
    const [row] = await query<{ owner_epoch: number | string }>(RAISE_EPOCH_SQL, [userId]);
    this.stats.acquired++;
    return { epoch: Number(row?.owner_epoch ?? 0), rate };
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

  async forwardTap(node: string, tap: ForwardedTap): Promise<TapResult | null> {
    this.stats.tapsForwarded++;
    return forwardedAnswer.parse(await this.deps.bus.request(node, 'taps.forward', tap, FORWARD_TIMEOUT_MS));
  }

  relayStatus(node: string, relay: RelayedStatus): void {
    this.deps.bus.send(node, 'taps.status', relay);
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
