import { shareURL } from '@tma.js/sdk-react';
import { getLaunchContext } from '../../lib/telegram/launch-context.ts';

/** The address Telegram's share sheet opens: pick a chat, the link and text are sent there. */
export function telegramShareUrl(link: string, text: string): string {
  return `https://t.me/share/url?url=${encodeURIComponent(link)}&text=${encodeURIComponent(text)}`;
}

/**
 * Opens Telegram's share sheet with the player's link. Inside Telegram it is the Mini App's
 * shareURL (the chat picker); in a development browser the same t.me page opens in a new tab.
 */
export function shareInvite(link: string, text: string): void {
  if (getLaunchContext().insideTelegram) {
    try {
      if (shareURL.isAvailable()) {
        shareURL(link, text);
        return;
      }
    } catch {
      // An old client without shareURL: fall through to opening the share page.
    }
  }
  window.open(telegramShareUrl(link, text), '_blank', 'noopener');
}

/** Copies text, with the textarea fallback for browsers without the async clipboard. */
export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    return;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    const copied = document.execCommand('copy');
    area.remove();
    if (!copied) throw new Error('Copy is not available');
  }
}
