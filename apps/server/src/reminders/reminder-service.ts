import { REMINDER_MIN_ENERGY_WAIT_MS } from '@titans/shared/constants';
import type { ReminderSettings, ReminderSettingsPatch } from '@titans/shared/reminders/schemas';
import type { Clock } from '../core/clock.ts';
import type { RawQuery } from '../db/database.ts';
import { enqueueReminder, supersede } from './reminder-store.ts';

const DAY_MS = 24 * 60 * 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

export interface ReminderServiceDeps {
  query: RawQuery;
  now: Clock;
  /** Tells this process's sender that a reminder may be due now. */
  nudge?: () => void;
}

const SETTINGS_COLUMNS = `allowed, enabled, energy_full, daily_ready, friend_joined, rematch,
  time_zone, utc_offset_minutes, unreachable_at`;

function settingsView(row: Record<string, unknown> | undefined): ReminderSettings {
  return {
    allowed: row?.allowed === true,
    enabled: row ? row.enabled === true : true,
    kinds: {
      energy_full: row ? row.energy_full === true : true,
      daily_ready: row ? row.daily_ready === true : true,
      friend_joined: row ? row.friend_joined === true : true,
      rematch: row ? row.rematch === true : true,
    },
    unreachable: row?.unreachable_at != null,
    time_zone: typeof row?.time_zone === 'string' ? row.time_zone : null,
    utc_offset_minutes: typeof row?.utc_offset_minutes === 'number' ? row.utc_offset_minutes : null,
  };
}

/**
 * A player's reminder settings (BR2, BR4, BR6, BR7) and the one call each game feature makes to
 * queue its reminder (BR10–BR13). Settings rows are written with fixed SQL, one statement each.
 */
export class ReminderService {
  constructor(private readonly deps: ReminderServiceDeps) {}

  async settings(userId: string): Promise<ReminderSettings> {
    const [row] = await this.deps.query<Record<string, unknown>>(
      `SELECT ${SETTINGS_COLUMNS} FROM reminder_settings WHERE user_id = $1`,
      [userId],
    );
    return settingsView(row);
  }

  /**
   * PATCH /v1/reminders. `allowsWriteToPm` is the signed init data's word that the bot may write;
   * `allowed: true` in the body is the Mini App's write-access request granted. Either clears a
   * block Telegram reported (BR7): the player has just let the bot write again.
   */
  async update(
    userId: string,
    patch: ReminderSettingsPatch,
    allowsWriteToPm: boolean,
  ): Promise<ReminderSettings> {
    const granted = patch.allowed === true || allowsWriteToPm;
    const kinds = patch.kinds ?? {};
    const [row] = await this.deps.query<Record<string, unknown>>(
      `INSERT INTO reminder_settings AS s (user_id, allowed, enabled, energy_full, daily_ready, friend_joined, rematch,
         time_zone, utc_offset_minutes, updated_at)
       VALUES ($1, $2, COALESCE($3, true), COALESCE($4, true), COALESCE($5, true), COALESCE($6, true),
         COALESCE($7, true), $8, $9, $10::timestamptz)
       ON CONFLICT (user_id) DO UPDATE SET
         allowed = s.allowed OR $2,
         enabled = COALESCE($3, s.enabled),
         energy_full = COALESCE($4, s.energy_full),
         daily_ready = COALESCE($5, s.daily_ready),
         friend_joined = COALESCE($6, s.friend_joined),
         rematch = COALESCE($7, s.rematch),
         time_zone = COALESCE($8, s.time_zone),
         utc_offset_minutes = COALESCE($9, s.utc_offset_minutes),
         unreachable_at = CASE WHEN $2 THEN NULL ELSE s.unreachable_at END,
         updated_at = $10::timestamptz
       RETURNING ${SETTINGS_COLUMNS}`,
      [
        userId,
        granted,
        patch.enabled ?? null,
        kinds.energy_full ?? null,
        kinds.daily_ready ?? null,
        kinds.friend_joined ?? null,
        kinds.rematch ?? null,
        patch.time_zone ?? null,
        patch.utc_offset_minutes ?? null,
        iso(this.deps.now()),
      ],
    );
    if (patch.enabled === false) await this.dropPending(userId, 'muted');
    return settingsView(row);
  }

  /** BR6: `/stop` in the bot turns every reminder off and drops the queued ones. Answers whether the player exists. */
  async stopAll(telegramUserId: number): Promise<boolean> {
    const [row] = await this.deps.query<{ id: string }>(
      `INSERT INTO reminder_settings AS s (user_id, enabled, updated_at)
       SELECT id, false, $2::timestamptz FROM users WHERE telegram_user_id = $1
       ON CONFLICT (user_id) DO UPDATE SET enabled = false, updated_at = $2::timestamptz
       RETURNING user_id AS id`,
      [telegramUserId, iso(this.deps.now())],
    );
    if (row) await this.dropPending(row.id, 'muted');
    return row !== undefined;
  }

  /** BR7: a player who talks to the bot again (/start) can be written to again. */
  async reachable(telegramUserId: number) {
    await this.deps.query(
      `UPDATE reminder_settings s SET unreachable_at = NULL, updated_at = $2::timestamptz
       FROM users u WHERE u.id = s.user_id AND u.telegram_user_id = $1 AND s.unreachable_at IS NOT NULL`,
      [telegramUserId, iso(this.deps.now())],
    );
  }

  private async dropPending(userId: string, outcome: string) {
    await this.deps.query(
      `UPDATE reminder_outbox SET status = 'cancelled', outcome = $2, lease_until = NULL
       WHERE user_id = $1 AND status = 'pending'`,
      [userId, outcome],
    );
  }

  /** BR12: in the referral payout's transaction, the inviter hears once that `refereeId` joined. */
  friendJoined(query: RawQuery, inviterId: string, refereeId: string) {
    return enqueueReminder(query, {
      userId: inviterId,
      kind: 'friend_joined',
      key: `friend:${refereeId}`,
      dueAt: this.deps.now(),
      payload: { friend_id: refereeId },
    });
  }

  /** BR11: in the claim's transaction, the next day's reward is announced when that UTC day starts. */
  dailyReady(query: RawQuery, userId: string, claimedOn: string) {
    const next = Date.parse(`${claimedOn}T00:00:00Z`) + DAY_MS;
    return enqueueReminder(query, {
      userId,
      kind: 'daily_ready',
      key: `daily:${userId}:${iso(next).slice(0, 10)}`,
      dueAt: next,
    });
  }

  /**
   * BR10: the player's last connection closed with energy `msUntilFull` from full: one reminder
   * when it is, replacing any earlier one; none when it refills within REMINDER_MIN_ENERGY_WAIT_MS.
   */
  async energyFull(userId: string, msUntilFull: number) {
    if (msUntilFull < REMINDER_MIN_ENERGY_WAIT_MS) return false;
    // Whole minutes: the same refill seen twice (two sockets closing) is one occurrence.
    const dueAt = Math.ceil((this.deps.now() + msUntilFull) / 60_000) * 60_000;
    const key = `energy:${userId}:${dueAt}`;
    const added = await enqueueReminder(this.deps.query, { userId, kind: 'energy_full', key, dueAt });
    if (added) await supersede(this.deps.query, userId, 'energy_full', key);
    return added;
  }

  /** BR13: `fromId` pressed Rematch after their PvP battle with `opponentId`: the opponent hears it once. */
  async rematch(battleId: string, fromId: string, opponentId: string) {
    const added = await enqueueReminder(this.deps.query, {
      userId: opponentId,
      kind: 'rematch',
      key: `rematch:${battleId}:${opponentId}`,
      dueAt: this.deps.now(),
      payload: { opponent_id: fromId, battle_id: battleId },
    });
    if (added) this.deps.nudge?.();
    return added;
  }

  /** After a transaction that queued a reminder due now committed. */
  nudge() {
    this.deps.nudge?.();
  }
}
