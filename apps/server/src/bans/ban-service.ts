import { canonicalTelegramId } from '@titans/shared/auth/telegram-user-id';
import { BAN_POLL_INTERVAL_MS } from '@titans/shared/constants';
import { ERRORS } from '@titans/shared/errors';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Scheduler, TimerHandle } from '../core/clock.ts';
import { failed, type Result, succeeded } from '../core/result.ts';
import type { Database } from '../db/database.ts';

/** A ban or an unban, as every server process learns it. */
export interface BanChange {
  id: number;
  userId: string;
  telegramUserId: string;
  banned: boolean;
  reason: string | null;
}

export interface BanServiceOptions {
  database: Database;
  logger: FastifyBaseLogger;
  /** Applies a change to this process's open sockets (closes a banned player's). */
  apply(change: BanChange): void;
  /** The app's time and timers: the poll runs on it and the account's `updated_at` reads it. */
  scheduler: Scheduler;
  pollIntervalMs?: number;
  /**
   * Tells the other processes at once (cluster mode: a Redis channel whose messages reach
   * `receive` there, decisions: D-CLUSTER-10); the poll stays for whatever that misses.
   */
  announce?: (change: BanChange) => void;
}

const banChangeSchema = z.strictObject({
  id: z.number().int().positive(),
  userId: z.string().min(1).max(64),
  telegramUserId: z.string().regex(/^[1-9][0-9]{0,19}$/),
  banned: z.boolean(),
  reason: z.string().max(4096).nullable(),
});

/** A change as another process announced it, or null when it is not one. */
export function parseBanChange(raw: string): BanChange | null {
  try {
    const parsed = banChangeSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

interface BanRow {
  id: number | string;
  user_id: string;
  telegram_user_id: number | string;
  banned: boolean;
  reason: string | null;
}

/**
 * One statement: the account's flag and the event row, or nothing when no account has that
 * Telegram id (then no row comes back).
 */
const SET_SQL = `
with target as (
  update users set is_banned = $2, ban_reason = $3, updated_at = $4
   where telegram_user_id = $1 returning id
)
insert into ban_events (user_id, banned, reason) select id, $2, $3 from target returning id, user_id`;

const CHANGES_SQL = `
select e.id, e.user_id, u.telegram_user_id::text as telegram_user_id, e.banned, e.reason
  from ban_events e join users u on u.id = e.user_id`;

/**
 * Bans and unbans (decisions: D-BAN-1). `set` writes the user's flag and a `ban_events` row in one
 * statement and applies it here at once; every process also polls `ban_events` every
 * BAN_POLL_INTERVAL_MS, so a ban made through another process reaches this one within a second.
 * In a cluster `announce` also sends it over Redis, and the other processes `receive` it at once.
 */
export class BanService {
  private timer: TimerHandle | null = null;
  private running: Promise<void> | null = null;
  private cursor = 0;
  /** Events are read by id; one committed late with a smaller id is caught by re-reading recent ones. */
  private readonly seen = new Map<number, number>();
  private started = false;

  constructor(private readonly options: BanServiceOptions) {}

  /** Starts after the newest event so far: bans made before start-up are enforced at the handshake. */
  async start() {
    const [row] = await this.options.database.query<{ id: number | string | null }>(
      'select max(id) as id from ban_events',
    );
    this.cursor = Number(row?.id ?? 0);
    this.started = true;
    this.timer = this.options.scheduler.setInterval(
      () => void this.poll(),
      this.options.pollIntervalMs ?? BAN_POLL_INTERVAL_MS,
    );
  }

  async stop() {
    this.timer?.cancel();
    this.timer = null;
    await this.running;
  }

  /** Bans (or unbans, with `banned: false`) a Telegram user; `user/not-found` when no such account exists. */
  async set(telegramUserId: string, banned: boolean, reason: string | null): Promise<Result<BanChange>> {
    const telegramId = canonicalTelegramId(telegramUserId);
    const kept = banned ? reason : null;
    const [event] = await this.options.database.query<{ id: number | string; user_id: string }>(SET_SQL, [
      telegramId,
      banned,
      kept,
      new Date(this.options.scheduler.now()),
    ]);
    if (!event) return failed('user/not-found');
    const change: BanChange = {
      id: Number(event.id),
      userId: event.user_id,
      telegramUserId: telegramId,
      banned,
      reason: kept,
    };
    this.receive(change);
    this.options.announce?.(change);
    return succeeded(change);
  }

  /** Applies a change once per process, whichever way it arrived (this process, the poll, a channel). */
  receive(change: BanChange) {
    if (this.seen.has(change.id)) return;
    this.seen.set(change.id, this.options.scheduler.now());
    this.cursor = Math.max(this.cursor, change.id);
    this.options.logger.info(
      { telegramUserId: change.telegramUserId, banned: change.banned },
      change.banned ? 'ban applied to open sockets' : 'unban applied',
    );
    this.options.apply(change);
  }

  /** One poll for changes made elsewhere. */
  poll(): Promise<void> {
    if (!this.started) return Promise.resolve();
    this.running ??= this.readChanges()
      .catch((error: unknown) => this.options.logger.error({ err: error }, 'could not read ban changes'))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private async readChanges() {
    // The re-read window is the database's time, as `created_at` is: it is about commit order,
    // which every process sees in the database's clock whatever its own says.
    const rows = await this.options.database.query<BanRow>(
      `${CHANGES_SQL} where e.id > $1 or e.created_at > now() - interval '10 seconds' order by e.id`,
      [this.cursor],
    );
    for (const row of rows) {
      this.receive({
        id: Number(row.id),
        userId: row.user_id,
        telegramUserId: canonicalTelegramId(String(row.telegram_user_id)),
        banned: row.banned,
        reason: row.reason,
      });
    }
    const forgetBefore = this.options.scheduler.now() - 60_000;
    for (const [id, at] of this.seen) if (at < forgetBefore && id < this.cursor) this.seen.delete(id);
  }
}

/** The message a banned player's socket gets before it closes. */
export const banMessage = (reason: string | null) => reason ?? ERRORS['auth/banned'].message;
