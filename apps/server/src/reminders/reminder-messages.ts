import { REMINDER_START_PARAMS } from '@titans/shared/reminders/schemas';
import type { InlineKeyboard } from 'grammy';
import { playButton } from '../bot/start-feature.ts';
import type { Config } from '../config/config.ts';
import type { RawQuery } from '../db/database.ts';
import type { ClaimedReminder } from './reminder-store.ts';

/** The name a player shows: first name, else username, else "A friend". */
async function nameAndHero(query: RawQuery, userId: unknown) {
  if (typeof userId !== 'string') return { name: 'Someone', hero: null };
  const [row] = await query<{ first_name: string; username: string; hero: string | null }>(
    `SELECT u.first_name, u.username, c.name AS hero
     FROM users u LEFT JOIN characters c ON c.id = u.selected_character_id WHERE u.id = $1`,
    [userId],
  );
  return { name: row?.first_name || row?.username || 'Someone', hero: row?.hero ?? null };
}

/** BR1: each kind's text; plain text (no parse mode), so names need no escaping. */
export async function reminderText(query: RawQuery, reminder: ClaimedReminder): Promise<string> {
  switch (reminder.kind) {
    case 'energy_full':
      return '⚡ Your energy is full again! Your hero is rested and ready to tap.';
    case 'daily_ready':
      return '🎁 Your daily reward is ready. Claim it today to keep your streak going!';
    case 'friend_joined': {
      const friend = await nameAndHero(query, reminder.payload.friend_id);
      const hero = friend.hero ? ` and chose ${friend.hero}` : '';
      return `🤝 ${friend.name} joined Titans through your link${hero}! Your referral reward is in your balance.`;
    }
    case 'rematch': {
      const rival = await nameAndHero(query, reminder.payload.opponent_id);
      return `⚔️ ${rival.name} wants a rematch! Meet them in the Arena.`;
    }
  }
}

/** BR1: the button opening the Mini App at the kind's screen (`startapp`). */
export function reminderButton(config: Config, reminder: ClaimedReminder): InlineKeyboard | undefined {
  return playButton(config, REMINDER_START_PARAMS[reminder.kind]);
}
