import type { RegisterBody } from '@titans/shared/user/schemas';
import { capturePendingReferralCode } from '../../features/referrals/pending-referral-code.ts';
import { launchContextFromInitData, type TelegramPlayer } from '../../lib/telegram/launch-context.ts';

/** POST /v1/user/register's body: the player Telegram vouches for and a pending referral code. */
export function registrationBody(player: TelegramPlayer, referralCode: string | null): RegisterBody {
  return {
    telegram_user_id: player.id,
    ...(player.username ? { username: player.username } : {}),
    ...(player.photoUrl ? { profile_picture: player.photoUrl } : {}),
    ...(referralCode ? { referral_code: referralCode } : {}),
  };
}

/** A registration sent early: its body, to match the session's, and its response. */
export interface EarlyRegistration {
  body: string;
  response: Promise<Response>;
}

declare global {
  interface Window {
    /**
     * The registration sent before the app's modules ran: by index.html's inline script
     * (inline-boot.ts) or by the entry script. On the window, since the inline script is a
     * bundle of its own with its own copy of this module.
     */
    __titansEarlyRegistration?: EarlyRegistration | undefined;
  }
}

/**
 * Sends the registration first thing: from index.html's inline script (inline-boot.ts), as the
 * page's first request, or else from the entry script: on a new device the first screen waits for
 * its answer, and on a slow phone the rest of the app takes a second or more to arrive and be
 * evaluated. Only inside Telegram
 * (init data in the launch hash). The body is the one the session would send (the same player,
 * the same pending referral code, captured here as start.tsx does), so the session reads this
 * response instead of asking again (takeEarlyRegistration).
 */
export function sendEarlyRegistration(
  initData: string | null,
  location: { hash: string; pathname: string; search: string },
): void {
  if (!initData || window.__titansEarlyRegistration) return;
  const launchStartParam = new URLSearchParams(location.hash.replace(/^#/, '')).get('tgWebAppStartParam');
  const { player, startParam } = launchContextFromInitData(initData, true, launchStartParam ?? undefined);
  if (!player) return;
  const body = JSON.stringify(registrationBody(player, capturePendingReferralCode(location, startParam)));
  // No Idempotency-Key: registration is idempotent itself, and a retry by the session sends its own.
  const headers = {
    Accept: 'application/json',
    Authorization: `tma ${initData}`,
    'Content-Type': 'application/json',
  };
  const response = fetch('/v1/user/register', { method: 'POST', headers, body });
  // Read (or retried) by the session; a failure here is handled there.
  response.catch(() => {});
  window.__titansEarlyRegistration = { body, response };
}

/**
 * The early registration's response, once, if it was sent with exactly `body`; otherwise
 * nothing, and the session sends its own.
 */
export function takeEarlyRegistration(body: RegisterBody): Promise<Response> | undefined {
  const sent = window.__titansEarlyRegistration;
  window.__titansEarlyRegistration = undefined;
  return sent && sent.body === JSON.stringify(body) ? sent.response : undefined;
}
