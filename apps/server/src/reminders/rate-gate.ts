import type { Redis } from 'ioredis';

/** What a sender may do now: send `granted` messages, or wait `waitMs` before asking again. */
export interface Grant {
  granted: number;
  waitMs: number;
}

/**
 * The bot's message budget (BR9): `rate` messages in each wall-clock second, and a pause after
 * Telegram answered 429 with retry_after, for every sender that shares the gate.
 */
export interface RateGate {
  take(wanted: number, now: number): Promise<Grant>;
  /** Telegram asked the bot to wait until `until` (epoch ms). */
  pauseUntil(until: number): Promise<void>;
}

const SECOND_MS = 1_000;

/** One process (PGlite, or no Redis): the budget kept in memory. */
export class LocalRateGate implements RateGate {
  private window = -1;
  private used = 0;
  private pausedUntil = 0;

  constructor(private readonly rate: number) {}

  async take(wanted: number, now: number): Promise<Grant> {
    if (this.pausedUntil > now) return { granted: 0, waitMs: this.pausedUntil - now };
    const window = Math.floor(now / SECOND_MS);
    if (window !== this.window) {
      this.window = window;
      this.used = 0;
    }
    const granted = Math.max(0, Math.min(wanted, this.rate - this.used));
    this.used += granted;
    return { granted, waitMs: granted > 0 ? 0 : SECOND_MS - (now % SECOND_MS) };
  }

  async pauseUntil(until: number): Promise<void> {
    this.pausedUntil = Math.max(this.pausedUntil, until);
  }
}

/**
 * Takes up to ARGV[1] of this second's ARGV[2] messages, unless the bot is paused: answers
 * {granted, waitMs}. KEYS[1] counts the second's messages, KEYS[2] holds the pause's end.
 */
const TAKE_SCRIPT = `
local now = tonumber(ARGV[3])
local paused = tonumber(redis.call('GET', KEYS[2]) or '0')
if paused > now then return {0, paused - now} end
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
local granted = math.min(tonumber(ARGV[1]), tonumber(ARGV[2]) - used)
if granted <= 0 then return {0, 1000 - (now % 1000)} end
redis.call('INCRBY', KEYS[1], granted)
redis.call('PEXPIRE', KEYS[1], 5000)
return {granted, 0}
`;

/** Keeps the later of the stored pause and ARGV[1]. */
const PAUSE_SCRIPT = `
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
local wanted = tonumber(ARGV[1])
if wanted > current then redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) end
return 1
`;

/** A cluster: every process draws from one budget in Redis (D-REMIND-2). */
export class RedisRateGate implements RateGate {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly rate: number,
  ) {}

  async take(wanted: number, now: number): Promise<Grant> {
    const window = Math.floor(now / SECOND_MS);
    const answer: unknown = await this.redis.eval(
      TAKE_SCRIPT,
      2,
      `${this.prefix}reminders:rate:${window}`,
      `${this.prefix}reminders:paused-until`,
      wanted,
      this.rate,
      now,
    );
    if (!Array.isArray(answer)) return { granted: 0, waitMs: SECOND_MS };
    return { granted: Number(answer[0]), waitMs: Number(answer[1]) };
  }

  async pauseUntil(until: number): Promise<void> {
    await this.redis.eval(
      PAUSE_SCRIPT,
      1,
      `${this.prefix}reminders:paused-until`,
      until,
      Math.max(1, until - Date.now() + SECOND_MS),
    );
  }
}
