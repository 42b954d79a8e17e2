import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ReminderSettings,
  type ReminderSettingsPatch,
  reminderSettingsSchema,
} from '@titans/shared/reminders/schemas';
import { requestWriteAccess } from '@tma.js/sdk-react';
import { api } from '../../../lib/api-client.ts';
import { localStore } from '../../../lib/local-storage.ts';
import { sendBattle } from '../../../lib/realtime/battle-channel.ts';

const REMINDERS_KEY = ['reminders'] as const;

/** GET /v1/reminders: the player's bot reminder settings (BR2). */
export function getReminders(signal?: AbortSignal): Promise<ReminderSettings> {
  return api('/reminders', reminderSettingsSchema, { signal });
}

/** PATCH /v1/reminders: switches, granted write access, or where the player is (BR2, BR4). */
export function updateReminders(patch: ReminderSettingsPatch): Promise<ReminderSettings> {
  return api('/reminders', reminderSettingsSchema, { method: 'PATCH', body: patch });
}

export function useReminderSettings() {
  return useQuery({ queryKey: REMINDERS_KEY, queryFn: ({ signal }) => getReminders(signal) });
}

/** Saves a change; the switches move at once and come back if the server refuses. */
export function useUpdateReminders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReminders,
    onMutate: async (patch) => {
      await queryClient.cancelQueries({ queryKey: REMINDERS_KEY });
      const before = queryClient.getQueryData<ReminderSettings>(REMINDERS_KEY);
      if (before)
        queryClient.setQueryData<ReminderSettings>(REMINDERS_KEY, {
          ...before,
          enabled: patch.enabled ?? before.enabled,
          kinds: { ...before.kinds, ...patch.kinds },
        });
      return { before };
    },
    onError: (_error, _patch, context) => {
      if (context?.before) queryClient.setQueryData(REMINDERS_KEY, context.before);
    },
    onSuccess: (settings) => queryClient.setQueryData(REMINDERS_KEY, settings),
  });
}

/** Where the player is, as the browser knows it: the IANA zone and minutes east of UTC (BR4). */
export function currentZone(): Pick<ReminderSettingsPatch, 'time_zone' | 'utc_offset_minutes'> {
  const offset = -new Date().getTimezoneOffset();
  let zone: string | undefined;
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    zone = undefined;
  }
  return {
    utc_offset_minutes: Math.max(-840, Math.min(840, offset)),
    ...(zone && /^[A-Za-z0-9_+/-]{1,64}$/.test(zone) ? { time_zone: zone } : {}),
  };
}

/**
 * Telegram's write-access request (BR2): asked when the player turns reminders on without having
 * allowed the bot to write. Answers whether Telegram now lets the bot write.
 */
export async function askWriteAccess(): Promise<boolean> {
  if (!requestWriteAccess.isAvailable()) return false;
  try {
    return (await requestWriteAccess()) === 'allowed';
  } catch {
    return false;
  }
}

const ASKED_KEY = 'titans:reminders-asked';

/**
 * BR2: the first daily claim on a device is the moment to ask Telegram, once, whether the bot may
 * write (a player who claims a daily reward wants to hear when the next is ready).
 */
export async function offerRemindersOnce(): Promise<void> {
  if (localStore.get(ASKED_KEY) || !requestWriteAccess.isAvailable()) return;
  localStore.set(ASKED_KEY, '1');
  const settings = await getReminders().catch(() => null);
  if (!settings || (settings.allowed && !settings.unreachable)) return;
  if (await askWriteAccess()) await updateReminders({ allowed: true }).catch(() => undefined);
}

/** BR13: after a PvP battle, Rematch tells the opponent through the bot (once per battle). */
export function offerRematch(battleId: string): boolean {
  return sendBattle('offerRematch', { battle_id: battleId });
}
