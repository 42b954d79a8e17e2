import { openLink, openTelegramLink } from '@tma.js/sdk-react';
import { getLaunchContext } from '../../lib/telegram/launch-context.ts';

/**
 * Opens a task's or a game's link the Telegram way: t.me links with
 * `openTelegramLink`, others with `openLink`; a new tab outside Telegram.
 */
export function openExternalLink(url: string): void {
  if (getLaunchContext().insideTelegram) {
    try {
      if (/^https:\/\/t\.me\//i.test(url)) openTelegramLink(url);
      else openLink(url);
      return;
    } catch (error) {
      console.warn('[tasks] Telegram could not open the link; opening a tab instead', error);
    }
  }
  window.open(url, '_blank', 'noopener,noreferrer');
}
