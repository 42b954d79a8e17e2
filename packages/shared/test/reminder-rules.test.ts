import { describe, expect, it } from 'vitest';
import { REMINDER_MAX_PER_DAY } from '../src/constants.ts';
import {
  decideReminder,
  offsetMinutesAt,
  quietUntil,
  type ReminderAudience,
} from '../src/reminders/rules.ts';

const at = (iso: string) => Date.parse(iso);

const audience = (overrides: Partial<ReminderAudience> = {}): ReminderAudience => ({
  allowed: true,
  enabled: true,
  kinds: { energy_full: true, daily_ready: true, friend_joined: true, rematch: true },
  unreachable: false,
  timeZone: null,
  utcOffsetMinutes: 0,
  sentLastDay: 0,
  lastSentAt: null,
  ...overrides,
});

describe('reminder rules', () => {
  it('BR4 the quiet night runs from 22:00 to 08:00 local time, and a reminder then waits for 08:00', () => {
    const berlin = { timeZone: 'Europe/Berlin', utcOffsetMinutes: 60 };
    // 21:59 and 08:00 in Berlin (winter, UTC+1) are day; 22:00, midnight and 07:59 are night.
    expect(quietUntil(berlin, at('2026-01-10T20:59:00Z'))).toBeNull();
    expect(quietUntil(berlin, at('2026-01-11T07:00:00Z'))).toBeNull();
    expect(quietUntil(berlin, at('2026-01-10T21:00:00Z'))).toBe(at('2026-01-11T07:00:00Z'));
    expect(quietUntil(berlin, at('2026-01-10T23:30:00Z'))).toBe(at('2026-01-11T07:00:00Z'));
    expect(quietUntil(berlin, at('2026-01-11T06:59:00Z'))).toBe(at('2026-01-11T07:00:00Z'));
    // Summer time moves the night with the zone (UTC+2).
    expect(quietUntil(berlin, at('2026-07-10T20:30:00Z'))).toBe(at('2026-07-11T06:00:00Z'));
    // Without a known zone the reported offset counts (India, +5:30), and without either UTC.
    const india = { timeZone: 'Not/AZone', utcOffsetMinutes: 330 };
    expect(offsetMinutesAt(india, at('2026-01-10T12:00:00Z'))).toBe(330);
    expect(quietUntil(india, at('2026-01-10T17:00:00Z'))).toBe(at('2026-01-11T02:30:00Z'));
    expect(quietUntil({ timeZone: null, utcOffsetMinutes: null }, at('2026-01-10T23:00:00Z'))).toBe(
      at('2026-01-11T08:00:00Z'),
    );
    expect(
      offsetMinutesAt({ timeZone: 'Asia/Kolkata', utcOffsetMinutes: null }, at('2026-01-10T12:00:00Z')),
    ).toBe(330);
  });

  it('BR2 no permission, a switch off or all off: the reminder is dropped', () => {
    const noon = at('2026-01-10T12:00:00Z');
    expect(decideReminder('rematch', null, noon)).toEqual({ action: 'cancel', reason: 'not-allowed' });
    expect(decideReminder('rematch', audience({ allowed: false }), noon)).toMatchObject({
      reason: 'not-allowed',
    });
    expect(decideReminder('rematch', audience({ enabled: false }), noon)).toMatchObject({ reason: 'muted' });
    const kinds = { energy_full: true, daily_ready: true, friend_joined: true, rematch: false };
    expect(decideReminder('rematch', audience({ kinds }), noon)).toMatchObject({ reason: 'muted' });
    expect(decideReminder('energy_full', audience({ kinds }), noon)).toEqual({ action: 'send' });
  });

  it('BR7 a player who blocked the bot gets nothing', () => {
    expect(
      decideReminder('daily_ready', audience({ unreachable: true }), at('2026-01-10T12:00:00Z')),
    ).toEqual({
      action: 'cancel',
      reason: 'unreachable',
    });
  });

  it('BR3 at most REMINDER_MAX_PER_DAY in 24 hours: the next one is dropped', () => {
    const noon = at('2026-01-10T12:00:00Z');
    expect(decideReminder('daily_ready', audience({ sentLastDay: REMINDER_MAX_PER_DAY - 1 }), noon)).toEqual({
      action: 'send',
    });
    expect(decideReminder('daily_ready', audience({ sentLastDay: REMINDER_MAX_PER_DAY }), noon)).toEqual({
      action: 'cancel',
      reason: 'daily-cap',
    });
  });

  it('BR9 within a second of the last message to a chat, the next waits for that second', () => {
    const noon = at('2026-01-10T12:00:00Z');
    expect(decideReminder('rematch', audience({ lastSentAt: noon - 400 }), noon)).toEqual({
      action: 'defer',
      until: noon + 600,
      reason: 'chat-limit',
    });
    expect(decideReminder('rematch', audience({ lastSentAt: noon - 1_000 }), noon)).toEqual({
      action: 'send',
    });
  });
});
