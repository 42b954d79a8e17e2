import { type Language, playerLanguage } from '@titans/shared/i18n/languages';
import { REMINDER_START_PARAMS } from '@titans/shared/reminders/schemas';
import type { InlineKeyboard } from 'grammy';
import { playButton } from '../bot/start-feature.ts';
import type { Config } from '../config/config.ts';
import type { RawQuery } from '../db/database.ts';
import { serverText } from '../i18n/server-texts.ts';
import type { ClaimedReminder } from './reminder-store.ts';

/** L6: a reminder has no update to read a language from: the account's choice, else its language_code. */
export async function recipientLanguage(query: RawQuery, userId: string): Promise<Language> {
  const [row] = await query<{ language: string | null; language_code: string | null }>(
    'SELECT language, language_code FROM users WHERE id = $1',
    [userId],
  );
  return playerLanguage(row?.language, row?.language_code);
}

/** The name a player shows (first name, else username, else "Someone"), and their hero. */
async function nameAndHero(query: RawQuery, userId: unknown, language: Language) {
  const someone = serverText(language, 'reminder.someone');
  if (typeof userId !== 'string') return { name: someone, hero: null };
  const [row] = await query<{ first_name: string; username: string; hero: string | null }>(
    `SELECT u.first_name, u.username, c.name AS hero
     FROM users u LEFT JOIN characters c ON c.id = u.selected_character_id WHERE u.id = $1`,
    [userId],
  );
  return { name: row?.first_name || row?.username || someone, hero: row?.hero ?? null };
}

/** BR1: each kind's text in the recipient's language; plain text (no parse mode), so names need no escaping. */
export async function reminderText(
  query: RawQuery,
  reminder: ClaimedReminder,
  language: Language,
): Promise<string> {
  switch (reminder.kind) {
    case 'energy_full':
      return serverText(language, 'reminder.energy-full');
    case 'daily_ready':
      return serverText(language, 'reminder.daily-ready');
    case 'friend_joined': {
      const friend = await nameAndHero(query, reminder.payload.friend_id, language);
      return serverText(language, 'reminder.friend-joined', {
        name: friend.name,
        withHero: friend.hero ? 'yes' : 'no',
        hero: friend.hero ?? '',
      });
    }
    case 'rematch': {
      const rival = await nameAndHero(query, reminder.payload.opponent_id, language);
      return serverText(language, 'reminder.rematch', { name: rival.name });
    }
  }
}

/** BR1: the button opening the Mini App at the kind's screen (`startapp`), labelled in the recipient's language. */
export function reminderButton(
  config: Config,
  reminder: ClaimedReminder,
  language: Language,
): InlineKeyboard | undefined {
  return playButton(config, REMINDER_START_PARAMS[reminder.kind], language);
}
