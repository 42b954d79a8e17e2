import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { Ticket } from './arena-context.ts';
import type { QueueEntry } from './matchmaking-queue.ts';
import type { AcceptOutcome, ReadyCheck, ReadyChecks } from './ready-checks.ts';

/** The keys and the entry parser the cluster's Arena store lends (cluster-arena-store.ts). */
export interface ReadyCheckKeys {
  readonly redis: Redis;
  key(name: string): string;
  /** A queue entry another process wrote, checked; undefined when malformed. */
  parseEntry(raw: string | null | undefined): QueueEntry<Ticket> | undefined;
}

/**
 * Marks ARGV[1] ready in the check KEYS[1] (KEYS[2] the deadlines; ARGV[2] now; ARGV[3] the
 * per-player key prefix). When both are ready the check is taken whole (its keys deleted) and
 * answered, so exactly one process starts the battle (F51).
 */
const ACCEPT_LUA = `
local raw = redis.call('HGET', KEYS[1], 'check')
if not raw then return {'gone'} end
local check = cjson.decode(raw)
local a = check.players[1]
local b = check.players[2]
if ARGV[1] ~= a and ARGV[1] ~= b then return {'gone'} end
if tonumber(ARGV[2]) > check.deadline then return {'late'} end
redis.call('HSET', KEYS[1], 'ok:' .. ARGV[1], '1')
if redis.call('HEXISTS', KEYS[1], 'ok:' .. a) == 0 or redis.call('HEXISTS', KEYS[1], 'ok:' .. b) == 0 then
  return {'waiting'}
end
redis.call('DEL', KEYS[1])
redis.call('ZREM', KEYS[2], check.id)
redis.call('DEL', ARGV[3] .. a, ARGV[3] .. b)
return {'both', raw}`;

/**
 * Takes the check KEYS[1] whole (a decline, a departure, an expiry): answers it and who had
 * accepted (ARGV[1] the per-player key prefix, ARGV[2] the check's id, forgotten if it expired).
 */
const TAKE_LUA = `
local raw = redis.call('HGET', KEYS[1], 'check')
if not raw then
  redis.call('ZREM', KEYS[2], ARGV[2])
  return false
end
local check = cjson.decode(raw)
local accepted = {}
for _, player in ipairs(check.players) do
  if redis.call('HEXISTS', KEYS[1], 'ok:' .. player) == 1 then table.insert(accepted, player) end
end
redis.call('DEL', KEYS[1])
redis.call('ZREM', KEYS[2], check.id)
redis.call('DEL', ARGV[1] .. check.players[1], ARGV[1] .. check.players[2])
return {raw, cjson.encode(accepted)}`;

/** A check outlives its deadline in Redis only this long (a sweep that never came). */
const CHECK_TTL_MS = 60_000;

const storedCheck = z.object({
  id: z.string().uuid(),
  deadline: z.number(),
  players: z.tuple([z.string().uuid(), z.string().uuid()]),
  entries: z.tuple([z.string(), z.string()]),
});

/**
 * A cluster's ready checks (F51, D-BATTLE-21) in Redis, where the two answers may reach two
 * processes: a hash per check (the check, and `ok:<player>` per acceptance), a sorted set of
 * deadlines for the tick, and each player's current check. Accepting, declining and expiring
 * are scripts: a check is decided once, by whichever takes it.
 */
export class RedisReadyChecks implements ReadyChecks {
  constructor(
    private readonly store: ReadyCheckKeys,
    private readonly logger: FastifyBaseLogger,
  ) {}

  async open(check: ReadyCheck) {
    const { redis } = this.store;
    const [a, b] = check.entries;
    const stored = {
      id: check.id,
      deadline: check.deadline,
      players: [a.userId, b.userId],
      entries: [JSON.stringify(a), JSON.stringify(b)],
    };
    const key = this.checkKey(check.id);
    const expiresAt = check.deadline + CHECK_TTL_MS;
    await redis
      .multi()
      .hset(key, 'check', JSON.stringify(stored))
      .pexpireat(key, expiresAt)
      .zadd(this.store.key('rcd'), check.deadline, check.id)
      .set(this.userKey(a.userId), check.id)
      .pexpireat(this.userKey(a.userId), expiresAt)
      .set(this.userKey(b.userId), check.id)
      .pexpireat(this.userKey(b.userId), expiresAt)
      .exec();
  }

  async accept(checkId: string, userId: string, now: number): Promise<AcceptOutcome> {
    const reply = await this.store.redis.eval(
      ACCEPT_LUA,
      2,
      this.checkKey(checkId),
      this.store.key('rcd'),
      userId,
      now,
      this.store.key('rcu:'),
    );
    if (!Array.isArray(reply)) return { status: 'gone' };
    const [status, raw] = reply;
    if (status === 'waiting' || status === 'late') return { status };
    const check = status === 'both' && typeof raw === 'string' ? this.parse(raw) : undefined;
    return check ? { status: 'both', check } : { status: 'gone' };
  }

  async take(checkId: string) {
    const reply = await this.store.redis.eval(
      TAKE_LUA,
      2,
      this.checkKey(checkId),
      this.store.key('rcd'),
      this.store.key('rcu:'),
      checkId,
    );
    if (!Array.isArray(reply) || typeof reply[0] !== 'string' || typeof reply[1] !== 'string')
      return undefined;
    const check = this.parse(reply[0]);
    if (!check) return undefined;
    // cjson encodes an empty table as an object.
    const accepted = z.array(z.string()).catch([]).parse(safeJson(reply[1]));
    return { check, accepted };
  }

  async of(userId: string) {
    return (await this.store.redis.get(this.userKey(userId))) ?? undefined;
  }

  async expired(now: number) {
    return this.store.redis.zrangebyscore(this.store.key('rcd'), '-inf', `(${now}`);
  }

  private parse(raw: string): ReadyCheck | undefined {
    const stored = storedCheck.safeParse(safeJson(raw));
    const a = stored.success ? this.store.parseEntry(stored.data.entries[0]) : undefined;
    const b = stored.success ? this.store.parseEntry(stored.data.entries[1]) : undefined;
    if (!stored.success || !a || !b) {
      this.logger.warn('arena ready check: a malformed check was dropped');
      return undefined;
    }
    return { id: stored.data.id, deadline: stored.data.deadline, entries: [a, b] };
  }

  private checkKey(id: string) {
    return this.store.key(`rc:${id}`);
  }

  private userKey(userId: string) {
    return this.store.key(`rcu:${userId}`);
  }
}

function safeJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}
