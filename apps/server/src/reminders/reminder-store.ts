import { type Language, playerLanguage } from '@titans/shared/i18n/languages';
import type { ReminderAudience } from '@titans/shared/reminders/rules';
import type { ReminderKind } from '@titans/shared/reminders/schemas';
import type { RawQuery } from '../db/database.ts';

/** The settings column that holds each kind's switch (fixed names, never from input). */
const KIND_COLUMN: Record<ReminderKind, string> = {
  energy_full: 'energy_full',
  daily_ready: 'daily_ready',
  friend_joined: 'friend_joined',
  rematch: 'rematch',
};

/** A reminder occurrence to put in the outbox. */
export interface ReminderOccurrence {
  userId: string;
  kind: ReminderKind;
  /** Unique per occurrence (BR5): the same key is never queued twice. */
  key: string;
  dueAt: number;
  payload?: Record<string, unknown>;
}

/** A row a sender took from the outbox. */
export interface ClaimedReminder {
  id: number;
  userId: string;
  chatId: number;
  kind: ReminderKind;
  payload: Record<string, unknown>;
  dueAt: number;
  attempts: number;
  /** LG6: the recipient's language, read with the row (their choice, else their language_code). */
  language: Language;
}

/** How a taken row ends: sent, dropped, failed, or back to pending at a later time. */
export interface Settlement {
  id: number;
  status: 'sent' | 'cancelled' | 'failed' | 'pending';
  outcome: string | null;
  /** For `pending`: when it is due again. */
  dueAt?: number;
  /** A try that does not count toward REMINDER_MAX_ATTEMPTS (a 429, the night, the chat's second). */
  refundAttempt?: boolean;
}

const iso = (ms: number) => new Date(ms).toISOString();
const ms = (value: unknown) => (value instanceof Date ? value.getTime() : Date.parse(String(value)));
const text = (value: unknown) => (typeof value === 'string' ? value : null);

function isKind(value: unknown): value is ReminderKind {
  return typeof value === 'string' && value in KIND_COLUMN;
}

/**
 * Queues one occurrence when its player allows it now (BR2, BR5): one statement, which a balance
 * change runs in its own transaction (`money.query`) so the reminder exists exactly when what it
 * announces does. Answers whether a row was added.
 */
export async function enqueueReminder(query: RawQuery, occurrence: ReminderOccurrence): Promise<boolean> {
  const rows = await query<{ id: number }>(
    `INSERT INTO reminder_outbox (user_id, chat_id, kind, occurrence_key, payload, due_at)
     SELECT u.id, u.telegram_user_id, $2, $3, $4::jsonb, $5::timestamptz
     FROM users u JOIN reminder_settings s ON s.user_id = u.id
     WHERE u.id = $1 AND s.allowed AND s.enabled AND s.unreachable_at IS NULL AND s.${KIND_COLUMN[occurrence.kind]}
     ON CONFLICT (occurrence_key) DO NOTHING
     RETURNING id`,
    [
      occurrence.userId,
      occurrence.kind,
      occurrence.key,
      JSON.stringify(occurrence.payload ?? {}),
      iso(occurrence.dueAt),
    ],
  );
  return rows.length > 0;
}

/** Drops a player's other pending reminders of one kind (a newer energy-full time replaces the old; BR10). */
export async function supersede(query: RawQuery, userId: string, kind: ReminderKind, keepKey: string) {
  await query(
    `UPDATE reminder_outbox SET status = 'cancelled', outcome = 'superseded', lease_until = NULL
     WHERE user_id = $1 AND kind = $2 AND status = 'pending' AND occurrence_key <> $3`,
    [userId, kind, keepKey],
  );
}

/**
 * Takes up to `limit` due rows no live sender holds (BR8): `FOR UPDATE SKIP LOCKED` keeps two
 * processes off the same row, and the lease lets another process take it if this one dies.
 */
export async function claimDue(
  query: RawQuery,
  options: { now: number; limit: number; leaseMs: number; nodeId: string; holding?: number[] },
): Promise<ClaimedReminder[]> {
  // `holding`: rows this process still has in hand, whose lease ran out only because its renewal
  // was late; taking them again here would send them twice.
  const rows = await query<Record<string, unknown>>(
    `WITH picked AS (
       SELECT id, user_id FROM reminder_outbox
       WHERE status = 'pending' AND due_at <= $1::timestamptz
         AND (lease_until IS NULL OR lease_until < $1::timestamptz)
         AND NOT (id = ANY($5::bigint[]))
       ORDER BY due_at LIMIT $2
       FOR UPDATE SKIP LOCKED)
     UPDATE reminder_outbox o SET lease_until = $3::timestamptz, leased_by = $4, attempts = o.attempts + 1
     FROM picked LEFT JOIN users u ON u.id = picked.user_id
     WHERE o.id = picked.id
     RETURNING o.id, o.user_id, o.chat_id, o.kind, o.payload, o.due_at, o.attempts, u.language, u.language_code`,
    [
      iso(options.now),
      options.limit,
      iso(options.now + options.leaseMs),
      options.nodeId,
      options.holding ?? [],
    ],
  );
  const claimed: ClaimedReminder[] = [];
  for (const row of rows) {
    if (!isKind(row.kind)) continue;
    const payload = typeof row.payload === 'object' && row.payload !== null ? { ...row.payload } : {};
    claimed.push({
      id: Number(row.id),
      userId: String(row.user_id),
      chatId: Number(row.chat_id),
      kind: row.kind,
      payload,
      dueAt: ms(row.due_at),
      attempts: Number(row.attempts),
      language: playerLanguage(text(row.language), text(row.language_code)),
    });
  }
  return claimed;
}

/** What the sender needs to decide about these players' reminders (BR2–BR4, BR7, BR9). */
export async function audiencesOf(
  query: RawQuery,
  userIds: string[],
  now: number,
): Promise<Map<string, ReminderAudience>> {
  const rows = await query<Record<string, unknown>>(
    `SELECT s.user_id, s.allowed, s.enabled, s.energy_full, s.daily_ready, s.friend_joined, s.rematch,
            s.time_zone, s.utc_offset_minutes, s.unreachable_at,
            (SELECT count(*) FROM reminder_outbox o
              WHERE o.user_id = s.user_id AND o.sent_at > $2::timestamptz) AS sent_last_day,
            (SELECT max(o.sent_at) FROM reminder_outbox o WHERE o.user_id = s.user_id) AS last_sent_at
     FROM reminder_settings s WHERE s.user_id = ANY($1::uuid[])`,
    [userIds, iso(now - 24 * 60 * 60_000)],
  );
  const audiences = new Map<string, ReminderAudience>();
  for (const row of rows) {
    audiences.set(String(row.user_id), {
      allowed: row.allowed === true,
      enabled: row.enabled === true,
      kinds: {
        energy_full: row.energy_full === true,
        daily_ready: row.daily_ready === true,
        friend_joined: row.friend_joined === true,
        rematch: row.rematch === true,
      },
      unreachable: row.unreachable_at !== null,
      timeZone: typeof row.time_zone === 'string' ? row.time_zone : null,
      utcOffsetMinutes: typeof row.utc_offset_minutes === 'number' ? row.utc_offset_minutes : null,
      sentLastDay: Number(row.sent_last_day),
      lastSentAt: row.last_sent_at === null ? null : ms(row.last_sent_at),
    });
  }
  return audiences;
}

/**
 * Writes how taken rows ended, in one statement. With `nodeId`, a row another process leased
 * since (this one's lease ran out) keeps that lease, unless this one sent it: a sent mark always
 * lands, so the row is not taken again.
 */
export async function settle(query: RawQuery, settlements: Settlement[], now: number, nodeId?: string) {
  if (settlements.length === 0) return;
  await query(
    `UPDATE reminder_outbox o
     SET status = t.status, outcome = t.outcome, lease_until = NULL,
         due_at = COALESCE(t.due_at, o.due_at), attempts = o.attempts - t.refund,
         sent_at = CASE WHEN t.status = 'sent' THEN $5::timestamptz ELSE o.sent_at END
     FROM unnest($1::bigint[], $2::text[], $3::text[], $4::timestamptz[], $6::int[])
       AS t(id, status, outcome, due_at, refund)
     WHERE o.id = t.id AND o.status = 'pending'
       AND (t.status = 'sent' OR $7::text IS NULL OR o.leased_by = $7::text)`,
    [
      settlements.map((entry) => entry.id),
      settlements.map((entry) => entry.status),
      settlements.map((entry) => entry.outcome),
      settlements.map((entry) => (entry.dueAt === undefined ? null : iso(entry.dueAt))),
      iso(now),
      settlements.map((entry) => (entry.refundAttempt ? 1 : 0)),
      nodeId ?? null,
    ],
  );
}

/** BR7: the player blocked the bot; their pending reminders are dropped and nothing more is queued. */
export async function markUnreachable(query: RawQuery, userId: string, now: number) {
  await query(
    'UPDATE reminder_settings SET unreachable_at = $2::timestamptz, updated_at = $2::timestamptz WHERE user_id = $1',
    [userId, iso(now)],
  );
  await query(
    `UPDATE reminder_outbox SET status = 'cancelled', outcome = 'unreachable', lease_until = NULL
     WHERE user_id = $1 AND status = 'pending'`,
    [userId],
  );
}

/** Due rows waiting and the oldest one's due time, for the metrics and `ops reminders status`. */
export async function backlog(
  query: RawQuery,
  now: number,
): Promise<{ due: number; oldestDueAt: number | null; pending: number }> {
  const [row] = await query<Record<string, unknown>>(
    `SELECT count(*) FILTER (WHERE due_at <= $1::timestamptz) AS due,
            min(due_at) FILTER (WHERE due_at <= $1::timestamptz) AS oldest,
            count(*) AS pending
     FROM reminder_outbox WHERE status = 'pending'`,
    [iso(now)],
  );
  return {
    due: Number(row?.due ?? 0),
    oldestDueAt: row?.oldest ? ms(row.oldest) : null,
    pending: Number(row?.pending ?? 0),
  };
}

/** Whether the operator paused sending (one row, D-REMIND-4). */
export async function isPaused(query: RawQuery): Promise<boolean> {
  const [row] = await query<{ paused: boolean }>('SELECT paused FROM reminder_control WHERE id = 1');
  return row?.paused === true;
}

export async function setPaused(query: RawQuery, paused: boolean, now: number) {
  await query(
    `INSERT INTO reminder_control (id, paused, updated_at) VALUES (1, $1, $2::timestamptz)
     ON CONFLICT (id) DO UPDATE SET paused = $1, updated_at = $2::timestamptz`,
    [paused, iso(now)],
  );
}
