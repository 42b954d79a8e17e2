import {
  REMINDER_CHAT_INTERVAL_MS,
  REMINDER_MAX_PER_DAY,
  REMINDER_QUIET_END_HOUR,
  REMINDER_QUIET_START_HOUR,
} from '../constants.ts';
import type { ReminderKind } from './schemas.ts';

/** Where a player is, as the web app last reported it (BR4). */
export interface PlayerZone {
  timeZone: string | null;
  utcOffsetMinutes: number | null;
}

const HOUR_MS = 60 * 60_000;
const formatters = new Map<string, Intl.DateTimeFormat | null>();

/** A formatter for an IANA zone, or null when the runtime does not know the zone. */
function formatterFor(timeZone: string): Intl.DateTimeFormat | null {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    try {
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
      });
    } catch {
      formatter = null;
    }
    if (formatters.size > 1_000) formatters.clear();
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Minutes east of UTC at `now`: from the zone when known (it follows summer time), else the offset, else 0. */
export function offsetMinutesAt(zone: PlayerZone, now: number): number {
  const formatter = zone.timeZone ? formatterFor(zone.timeZone) : null;
  if (formatter) {
    const parts = formatter.formatToParts(now);
    const part = (type: Intl.DateTimeFormatPartTypes) =>
      Number(parts.find((entry) => entry.type === type)?.value);
    const local = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'));
    const minuteStart = now - (((now % 60_000) + 60_000) % 60_000);
    if (Number.isFinite(local)) return Math.round((local - minuteStart) / 60_000);
  }
  return zone.utcOffsetMinutes ?? 0;
}

/**
 * BR4: when `now` falls in the player's quiet night (22:00 to 08:00 local), the instant their
 * morning starts; otherwise null.
 */
export function quietUntil(zone: PlayerZone, now: number): number | null {
  const offsetMs = offsetMinutesAt(zone, now) * 60_000;
  const local = now + offsetMs;
  const dayStart = local - (((local % (24 * HOUR_MS)) + 24 * HOUR_MS) % (24 * HOUR_MS));
  const hour = Math.floor((local - dayStart) / HOUR_MS);
  if (hour >= REMINDER_QUIET_END_HOUR && hour < REMINDER_QUIET_START_HOUR) return null;
  const morning =
    dayStart + REMINDER_QUIET_END_HOUR * HOUR_MS + (hour >= REMINDER_QUIET_START_HOUR ? 24 * HOUR_MS : 0);
  return morning - offsetMs;
}

/** What the sender knows about a player when one of their reminders is due. */
export interface ReminderAudience extends PlayerZone {
  allowed: boolean;
  enabled: boolean;
  kinds: Record<ReminderKind, boolean>;
  unreachable: boolean;
  /** Reminders sent to them in the last 24 hours. */
  sentLastDay: number;
  /** When the last one was sent (epoch ms), or null. */
  lastSentAt: number | null;
}

export type ReminderDecision =
  | { action: 'send' }
  | { action: 'cancel'; reason: 'not-allowed' | 'muted' | 'unreachable' | 'daily-cap' }
  | { action: 'defer'; until: number; reason: 'night' | 'chat-limit' };

/**
 * The checks a due reminder passes when it is about to be sent (BR2, BR3, BR4, BR7, BR9): a
 * player without permission, with the kind or all switched off, or who blocked the bot gets
 * nothing; one who already had REMINDER_MAX_PER_DAY today loses it; at night it waits for the
 * morning; within a second of the last message to the chat it waits for that second to pass.
 */
export function decideReminder(
  kind: ReminderKind,
  audience: ReminderAudience | null,
  now: number,
): ReminderDecision {
  if (!audience?.allowed) return { action: 'cancel', reason: 'not-allowed' };
  if (audience.unreachable) return { action: 'cancel', reason: 'unreachable' };
  if (!audience.enabled || !audience.kinds[kind]) return { action: 'cancel', reason: 'muted' };
  if (audience.sentLastDay >= REMINDER_MAX_PER_DAY) return { action: 'cancel', reason: 'daily-cap' };
  const morning = quietUntil(audience, now);
  if (morning !== null) return { action: 'defer', until: morning, reason: 'night' };
  if (audience.lastSentAt !== null && now - audience.lastSentAt < REMINDER_CHAT_INTERVAL_MS)
    return { action: 'defer', until: audience.lastSentAt + REMINDER_CHAT_INTERVAL_MS, reason: 'chat-limit' };
  return { action: 'send' };
}
