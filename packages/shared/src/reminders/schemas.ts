import { z } from 'zod';

/** The reminder kinds the bot sends (BR1), as the API and the outbox name them. */
export const REMINDER_KINDS = ['energy_full', 'daily_ready', 'friend_joined', 'rematch'] as const;
export const reminderKindSchema = z.enum(REMINDER_KINDS);
export type ReminderKind = z.infer<typeof reminderKindSchema>;

/** One switch per kind (BR2). */
export const reminderKindSwitchesSchema = z.strictObject({
  energy_full: z.boolean(),
  daily_ready: z.boolean(),
  friend_joined: z.boolean(),
  rematch: z.boolean(),
});
export type ReminderKindSwitches = z.infer<typeof reminderKindSwitchesSchema>;

/** GET /v1/reminders: the caller's reminder settings. */
export const reminderSettingsSchema = z.object({
  /** Telegram lets the bot write to the player (allows_write_to_pm, or write access granted). */
  allowed: z.boolean(),
  /** The switch for all (BR2); /stop turns it off (BR6). */
  enabled: z.boolean(),
  kinds: reminderKindSwitchesSchema,
  /** The player blocked the bot (BR7): nothing is sent until they allow messages again. */
  unreachable: z.boolean(),
  time_zone: z.string().nullable(),
  utc_offset_minutes: z.number().int().nullable(),
});
export type ReminderSettings = z.infer<typeof reminderSettingsSchema>;

/** An IANA zone name as browsers report it (Intl): letters, digits, `/`, `_`, `+`, `-`. */
export const timeZoneSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_+/-]+$/, 'must be an IANA time zone such as Europe/Berlin');

/**
 * PATCH /v1/reminders: any of the switches, `allowed: true` once Telegram's write-access request
 * was granted, and where the player is (the web app reports it at every launch; BR4).
 */
export const reminderSettingsPatchSchema = z.strictObject({
  enabled: z.boolean().optional(),
  kinds: reminderKindSwitchesSchema.partial().strict().optional(),
  allowed: z.literal(true).optional(),
  time_zone: timeZoneSchema.optional(),
  /** Minutes east of UTC (UTC+2 is 120), as −Date#getTimezoneOffset gives them. */
  utc_offset_minutes: z
    .number()
    .int()
    .min(-14 * 60)
    .max(14 * 60)
    .optional(),
});
export type ReminderSettingsPatch = z.infer<typeof reminderSettingsPatchSchema>;

/** The Mini App screen each reminder's button opens (`startapp` parameter, BR1). */
export const REMINDER_START_PARAMS = {
  energy_full: 'go_home',
  daily_ready: 'go_daily',
  friend_joined: 'go_friends',
  rematch: 'go_arena',
} as const satisfies Record<ReminderKind, string>;

/** Socket `offerRematch` (client → server): a PvP fighter pressed Rematch after `battle_id` (BR13). */
export const offerRematchPayloadSchema = z.strictObject({ battle_id: z.uuid() });
export type OfferRematchPayload = z.infer<typeof offerRematchPayloadSchema>;
