import { t } from '../../lib/i18n/i18n.ts';

/** The podium shows @username; players without one show their name (default Player). */
export function displayName(entry: { username: string; name: string }): string {
  if (entry.username) return `@${entry.username}`;
  return entry.name || t('topBar.player');
}
