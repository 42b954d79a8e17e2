import { localStore } from '../../lib/local-storage.ts';

/** localStorage key of the code waiting for registration. */
export const PENDING_REFERRAL_CODE_KEY = 'pendingReferralCode';

const BUDDIES_PATH = /^\/buddies\/([^/?#]+)\/?$/i;
const CODE_PATTERN = /^[A-Z0-9_-]{1,64}$/;

/**
 * Referral code capture: an optional `buddies_` prefix is removed and the code is
 * upper-cased. Anything that cannot be a code gives null.
 */
export function normaliseReferralCode(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let text: string;
  try {
    text = decodeURIComponent(raw);
  } catch {
    text = raw;
  }
  const code = text
    .trim()
    .replace(/^buddies_/i, '')
    .toUpperCase();
  return CODE_PATTERN.test(code) ? code : null;
}

/**
 * The code a launch carries, in order: a /buddies/{code} path, a `ref` query parameter, the
 * Telegram start parameter (referral links are `startapp=buddies_{code}`).
 */
export function referralCodeFromLaunch(
  location: { pathname: string; search: string },
  startParam: string | undefined,
): string | null {
  const fromPath = BUDDIES_PATH.exec(location.pathname)?.[1];
  const fromQuery = new URLSearchParams(location.search).get('ref');
  return (
    normaliseReferralCode(fromPath) ?? normaliseReferralCode(fromQuery) ?? normaliseReferralCode(startParam)
  );
}

/** Keeps the launch's code, if any, until registration succeeds. Returns the pending code. */
export function capturePendingReferralCode(
  location: { pathname: string; search: string },
  startParam: string | undefined,
): string | null {
  const code = referralCodeFromLaunch(location, startParam);
  if (code) localStore.set(PENDING_REFERRAL_CODE_KEY, code);
  return readPendingReferralCode();
}

export function readPendingReferralCode(): string | null {
  return normaliseReferralCode(localStore.get(PENDING_REFERRAL_CODE_KEY));
}

/** Called once registration succeeded ("kept … until registration succeeds, then cleared"). */
export function clearPendingReferralCode(): void {
  localStore.remove(PENDING_REFERRAL_CODE_KEY);
}
