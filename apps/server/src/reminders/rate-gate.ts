import type { Redis } from 'ioredis';

/**
 * What a sender may do now: send `granted` messages spread over the next `spreadMs`, or wait
 * `waitMs` before asking again.
 */
export interface Grant {
  granted: number;
  waitMs: number;
  spreadMs: number;
}

/**
 * The bot's message budget (BR9): `rate` messages in each wall-clock second, handed out a tenth
 * of a second at a time so the second's messages are spread over it rather than sent at its
 * start, and a pause after Telegram answered 429 with retry_after, for every sender that shares
 * the gate.
 */
export interface RateGate {
  take(wanted: number, now: number): Promise<Grant>;
  /** Telegram asked the bot to wait until `until` (epoch ms). */
  pauseUntil(until: number): Promise<void>;
}

const SECOND_MS = 1_000;
/** The second is handed out in this many slices. */
const SLICES = 10;
const SLICE_MS = SECOND_MS / SLICES;
/**
 * Messages of a slice go out within this share of it, so the last ones reach Telegram before the
 * next second's first ones even when an answer or a timer is a little late.
 */
const SPREAD_SHARE = 0.7;

/** How many of the second's `rate` messages may have been granted by the end of the slice `now` is in. */
function allowance(rate: number, now: number) {
  const slice = Math.floor((now % SECOND_MS) / SLICE_MS);
  return Math.floor((rate * (slice + 1)) / SLICES);
}

function grant(granted: number, now: number): Grant {
  const untilNextSlice = SLICE_MS - (now % SLICE_MS);
  return granted > 0
    ? { granted, waitMs: 0, spreadMs: Math.floor(untilNextSlice * SPREAD_SHARE) }
    : { granted: 0, waitMs: untilNextSlice, spreadMs: 0 };
}

/** One process (PGlite, or no Redis): the budget kept in memory. */
export class LocalRateGate implements RateGate {
  private window = -1;
  private used = 0;
  private pausedUntil = 0;

  constructor(private readonly rate: number) {}

  async take(wanted: number, now: number): Promise<Grant> {
    if (this.pausedUntil > now) return { granted: 0, waitMs: this.pausedUntil - now, spreadMs: 0 };
    const window = Math.floor(now / SECOND_MS);
    if (window !== this.window) {
      this.window = window;
      this.used = 0;
    }
    const granted = Math.max(0, Math.min(wanted, allowance(this.rate, now) - this.used));
    this.used += granted;
    return grant(granted, now);
  }

  async pauseUntil(until: number): Promise<void> {
    this.pausedUntil = Math.max(this.pausedUntil, until);
  }
}

/**
 * Takes up to ARGV[1] of what the second has left up to ARGV[2] (the allowance by the end of
 * this slice), unless the bot is paused: answers {granted, pause's end}. KEYS[1] counts the
 * second's messages, KEYS[2] holds the pause's end.
 */
const TAKE_SCRIPT = `
local now = tonumber(ARGV[3])
local paused = tonumber(redis.call('GET', KEYS[2]) or '0')
if paused > now then return {0, paused} end
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
local granted = math.min(tonumber(ARGV[1]), tonumber(ARGV[2]) - used)
if granted <= 0 then return {0, 0} end
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
      allowance(this.rate, now),
      now,
    );
    if (!Array.isArray(answer)) return { granted: 0, waitMs: SECOND_MS, spreadMs: 0 };
    const pausedUntil = Number(answer[1]);
    if (pausedUntil > now) return { granted: 0, waitMs: pausedUntil - now, spreadMs: 0 };
    return grant(Number(answer[0]), now);
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
