import { DIFFICULTIES } from '@titans/shared/battle/bots';
import { battleBoosterSchema, equippedItemSchema } from '@titans/shared/battle/schemas';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Cluster } from '../cluster/cluster.ts';
import type { Clock } from '../core/clock.ts';
import type { Ticket } from './arena-context.ts';
import type { Entrant } from './battle-repository.ts';
import { RedisReadyChecks } from './cluster-ready-checks.ts';
import {
  type ArenaClaim,
  type ArenaPresence,
  type MatchQueue,
  pairUp,
  type QueueEntry,
} from './matchmaking-queue.ts';
import type { ReadyChecks } from './ready-checks.ts';

// What crosses Redis and the node bus is JSON another process wrote: checked on arrival.
const fighterSchema = z.object({
  name: z.string(),
  level: z.number().int(),
  health: z.number(),
  attack: z.number(),
  defense: z.number(),
  speed: z.number(),
});
const contenderSchema = z.object({
  userId: z.string().uuid().nullable(),
  name: z.string(),
  level: z.number().int(),
  character: z.object({ _id: z.string(), name: z.string(), image: z.string() }),
  equippedItems: z.array(equippedItemSchema),
  boosters: z.array(battleBoosterSchema),
  energy: z.number(),
  maxEnergy: z.number(),
});
export const entrantSchema: z.ZodType<Entrant> = z.object({
  userId: z.string().uuid(),
  characterId: z.string(),
  fighter: fighterSchema,
  contender: contenderSchema,
  strength: z.number(),
  energyToSpend: z.number().int().positive(),
});
const ticketSchema: z.ZodType<Ticket> = z.object({
  entrant: entrantSchema,
  difficulty: z.enum(DIFFICULTIES).optional(),
});
const queueEntrySchema: z.ZodType<QueueEntry<Ticket>> = z.object({
  userId: z.string().uuid(),
  strength: z.number(),
  joinedAt: z.number(),
  ticket: ticketSchema,
  node: z.string().optional(),
  front: z.boolean().optional(),
});
const claimSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('entering') }),
  z.object({ kind: z.literal('queue') }),
  z.object({ kind: z.literal('battle'), battleId: z.string().uuid(), host: z.string().optional() }),
]);

/** Takes both players out of the queue only if both are still in it (no two processes pair one player). */
const TAKE_PAIR_LUA = `
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 or redis.call('HEXISTS', KEYS[1], ARGV[2]) == 0 then
  return false
end
local a = redis.call('HGET', KEYS[1], ARGV[1])
local b = redis.call('HGET', KEYS[1], ARGV[2])
redis.call('HDEL', KEYS[1], ARGV[1], ARGV[2])
redis.call('ZREM', KEYS[2], ARGV[1], ARGV[2])
return {a, b}`;

/**
 * Queues an entry ahead of everyone (F53): its score is below the lowest one (KEYS[1] entries,
 * KEYS[2] the order; ARGV[1] player, ARGV[2] entry, ARGV[3] its join time).
 */
const ADD_FRONT_LUA = `
local first = redis.call('ZRANGE', KEYS[2], 0, 0, 'WITHSCORES')
local score = tonumber(ARGV[3])
if first[2] and tonumber(first[2]) <= score then score = tonumber(first[2]) - 1 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('ZADD', KEYS[2], score, ARGV[1])
return 1`;

/** Takes one player out of the queue; answers their entry, or false when they were not queued. */
const TAKE_ONE_LUA = `
local entry = redis.call('HGET', KEYS[1], ARGV[1])
if not entry then return false end
redis.call('HDEL', KEYS[1], ARGV[1])
redis.call('ZREM', KEYS[2], ARGV[1])
return entry`;

/**
 * Takes a free claim (KEYS[1]; KEYS[2] the queue's entries; ARGV[1] the claim, ARGV[2] the player,
 * ARGV[3] now, ARGV[4] how old a leftover may be). A leftover is free too: an `entering` claim or a
 * `queue` claim without a queue entry older than ARGV[4] (its process died or lost Redis between
 * two steps). Answers 1 when taken.
 */
const CLAIM_LUA = `
local raw = redis.call('GET', KEYS[1])
if raw then
  local claim = cjson.decode(raw)
  if claim.kind == 'battle' or not claim.at then return 0 end
  if tonumber(ARGV[3]) - claim.at < tonumber(ARGV[4]) then return 0 end
  if claim.kind == 'queue' and redis.call('HEXISTS', KEYS[2], ARGV[2]) == 1 then return 0 end
end
redis.call('SET', KEYS[1], ARGV[1])
return 1`;

/** How old an `entering` or an entry-less `queue` claim must be to count as a leftover. */
const LEFTOVER_CLAIM_MS = 30_000;

/**
 * Releases a claim if it is the one named (ARGV[1] kind, '' for any; ARGV[2] battle id, '' for
 * any), and takes the player off the index of the process that wrote it (ARGV[3] index prefix,
 * ARGV[4] player). ARGV[5] (optional): release only a claim written by, or hosted on, this process.
 */
const RELEASE_LUA = `
local raw = redis.call('GET', KEYS[1])
if not raw then return 0 end
local claim = cjson.decode(raw)
if ARGV[1] ~= '' then
  if claim.kind ~= ARGV[1] then return 0 end
  if ARGV[2] ~= '' and claim.battleId ~= ARGV[2] then return 0 end
end
if ARGV[5] and ARGV[5] ~= '' and claim.node ~= ARGV[5] and claim.host ~= ARGV[5] then return 0 end
redis.call('DEL', KEYS[1])
if claim.node then redis.call('SREM', ARGV[3] .. claim.node, ARGV[4]) end
return 1`;

/**
 * The Arena's shared state in a cluster (decisions: D-CLUSTER-15): the matchmaking queue (a
 * sorted set by join time beside a hash of entries, each naming the process the player queued on)
 * and presence (one key per player, taken with SET NX, naming the process that wrote it and, for
 * a battle, its host). A per-process index of the players it claimed lets the sweeper release a
 * dead process's claims without scanning every key.
 */
export class ClusterArenaStore {
  readonly queue: MatchQueue<Ticket>;
  readonly presence: ArenaPresence;
  readonly readyChecks: ReadyChecks;

  constructor(
    private readonly cluster: Cluster,
    private readonly logger: FastifyBaseLogger,
    /** The Arena's clock: claims are stamped with it and leftovers aged by it. */
    readonly now: Clock,
  ) {
    this.queue = new RedisMatchQueue(this);
    this.presence = new RedisArenaPresence(this);
    this.readyChecks = new RedisReadyChecks(this, logger);
  }

  get nodeId() {
    return this.cluster.nodeId;
  }
  get redis() {
    return this.cluster.redis;
  }
  key(name: string) {
    return this.cluster.key(`arena:${name}`);
  }

  parseEntry(raw: string | null | undefined): QueueEntry<Ticket> | undefined {
    if (!raw) return undefined;
    const parsed = queueEntrySchema.safeParse(safeJson(raw));
    if (!parsed.success) this.logger.warn('arena queue: a malformed entry was dropped');
    return parsed.success ? parsed.data : undefined;
  }

  parseClaim(raw: string | null): (ArenaClaim & { node?: string }) | undefined {
    if (!raw) return undefined;
    const value = safeJson(raw);
    const parsed = claimSchema.safeParse(value);
    if (!parsed.success) return undefined;
    const node = z.object({ node: z.string() }).safeParse(value);
    return node.success ? { ...parsed.data, node: node.data.node } : parsed.data;
  }

  /** The processes that wrote a claim or a queue entry (the sweeper checks each one's heartbeat). */
  async nodes(): Promise<string[]> {
    return this.redis.smembers(this.key('nodes'));
  }

  /**
   * Forgets a dead process (D-CLUSTER-18): its queue entries leave the queue, and the claims it
   * wrote (or whose battle it hosted) are released. Answers the players released.
   */
  async forgetNode(node: string): Promise<string[]> {
    const released: string[] = [];
    const waiting = await this.redis.hgetall(this.key('qe'));
    for (const [userId, raw] of Object.entries(waiting)) {
      if (this.parseEntry(raw)?.node !== node) continue;
      await this.queue.remove(userId);
    }
    for (const userId of await this.redis.smembers(this.key(`pn:${node}`))) {
      const done = await this.release(userId, undefined, node);
      if (done) released.push(userId);
    }
    await this.redis
      .multi()
      .del(this.key(`pn:${node}`))
      .srem(this.key('nodes'), node)
      .exec();
    return released;
  }

  async release(userId: string, onlyIf: ArenaClaim | undefined, onlyNode = ''): Promise<boolean> {
    const done = await this.redis.eval(
      RELEASE_LUA,
      1,
      this.key(`p:${userId}`),
      onlyIf?.kind ?? '',
      onlyIf && 'battleId' in onlyIf ? onlyIf.battleId : '',
      this.key('pn:'),
      userId,
      onlyNode,
    );
    return done === 1;
  }
}

class RedisArenaPresence implements ArenaPresence {
  constructor(private readonly store: ClusterArenaStore) {}

  async claim(userId: string, what: ArenaClaim) {
    const { store } = this;
    await this.index(userId);
    const taken = await store.redis.eval(
      CLAIM_LUA,
      2,
      store.key(`p:${userId}`),
      store.key('qe'),
      this.value(what),
      userId,
      store.now(),
      LEFTOVER_CLAIM_MS,
    );
    return taken === 1;
  }

  async set(userId: string, what: ArenaClaim) {
    await this.index(userId);
    await this.store.redis.set(this.store.key(`p:${userId}`), this.value(what));
  }

  async get(userId: string) {
    const claim = this.store.parseClaim(await this.store.redis.get(this.store.key(`p:${userId}`)));
    if (!claim) return undefined;
    const { node: _node, ...what } = claim;
    return what;
  }

  async release(userId: string, onlyIf?: ArenaClaim) {
    await this.store.release(userId, onlyIf);
  }

  /** The claim as stored: who wrote it and when (the Arena's clock, for leftovers). */
  private value(what: ArenaClaim) {
    return JSON.stringify({ ...what, node: this.store.nodeId, at: this.store.now() });
  }

  /** The index first, so a claim is never missing from its process's index (the sweeper reads it). */
  private async index(userId: string) {
    const { store } = this;
    await store.redis
      .multi()
      .sadd(store.key('nodes'), store.nodeId)
      .sadd(store.key(`pn:${store.nodeId}`), userId)
      .exec();
  }
}

class RedisMatchQueue implements MatchQueue<Ticket> {
  constructor(private readonly store: ClusterArenaStore) {}

  private get keys() {
    return [this.store.key('qe'), this.store.key('q')];
  }

  async add(entry: QueueEntry<Ticket>) {
    const { store } = this;
    if (entry.front) {
      await store.redis.sadd(store.key('nodes'), entry.node ?? store.nodeId);
      const raw = JSON.stringify(entry);
      await store.redis.eval(ADD_FRONT_LUA, 2, ...this.keys, entry.userId, raw, entry.joinedAt);
      return;
    }
    await store.redis
      .multi()
      .sadd(store.key('nodes'), entry.node ?? store.nodeId)
      .hset(store.key('qe'), entry.userId, JSON.stringify(entry))
      .zadd(store.key('q'), entry.joinedAt, entry.userId)
      .exec();
  }

  async remove(userId: string) {
    const raw = await this.store.redis.eval(TAKE_ONE_LUA, 2, ...this.keys, userId);
    return typeof raw === 'string' ? this.store.parseEntry(raw) : undefined;
  }

  async has(userId: string) {
    return (await this.store.redis.hexists(this.store.key('qe'), userId)) === 1;
  }

  async size() {
    return this.store.redis.zcard(this.store.key('q'));
  }

  async queuedHere() {
    const all = await this.entries();
    return all.filter(({ entry }) => entry.node === this.store.nodeId).length;
  }

  async entries() {
    const ids = await this.store.redis.zrange(this.store.key('q'), 0, -1);
    if (ids.length === 0) return [];
    const raws = await this.store.redis.hmget(this.store.key('qe'), ...ids);
    const entries: Array<{ entry: QueueEntry<Ticket>; position: number }> = [];
    for (const raw of raws) {
      const entry = this.store.parseEntry(raw);
      if (entry) entries.push({ entry, position: entries.length + 1 });
    }
    return entries;
  }

  async takePairs(now: number) {
    const waiting = (await this.entries()).map(({ entry }) => entry);
    const taken: Array<[QueueEntry<Ticket>, QueueEntry<Ticket>]> = [];
    for (const [a, b] of pairUp(waiting, now)) {
      const raw = await this.store.redis.eval(TAKE_PAIR_LUA, 2, ...this.keys, a.userId, b.userId);
      if (!Array.isArray(raw)) continue; // another process paired one of them first
      const [ta, tb] = [this.store.parseEntry(raw[0]), this.store.parseEntry(raw[1])];
      if (ta && tb) taken.push([ta, tb]);
    }
    return taken;
  }
}

function safeJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}
