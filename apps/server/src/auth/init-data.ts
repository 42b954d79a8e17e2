import { createHmac, timingSafeEqual } from 'node:crypto';
import { canonicalTelegramId } from '@titans/shared/auth/telegram-user-id';
import { AUTH_MAX_FUTURE_SKEW_SECONDS, MAX_NAME_LENGTH, MAX_URL_LENGTH } from '@titans/shared/constants';
import { cleanText, textProblem } from '@titans/shared/input/safe-text';
import { z } from 'zod';

/**
 * Init data fields are signed by Telegram, so an odd value is cleaned, not refused (rules: H1):
 * names lose NUL, control characters and lone surrogates and are cut to 64 characters; a username,
 * language code or photo URL that does not have its documented shape is dropped.
 */
const storedName = z
  .string()
  .default('')
  .transform((name) => cleanText(name, MAX_NAME_LENGTH));
const storedUsername = z
  .string()
  .default('')
  .transform((name) => (/^[A-Za-z0-9_]{1,64}$/.test(name) ? name : ''));
const storedPhotoUrl = z
  .string()
  .default('')
  .transform((url) => (/^https:\/\/\S+$/.test(url) && textProblem(url, MAX_URL_LENGTH) === null ? url : ''));
const START_PARAM = /^[A-Za-z0-9_-]{1,512}$/;

/** The user Telegram vouches for in signed init data. */
export interface TelegramIdentity {
  telegramUserId: string;
  username: string;
  firstName: string;
  lastName: string;
  languageCode: string | undefined;
  isPremium: boolean;
  photoUrl: string;
  startParam: string | undefined;
  /** Telegram's `allows_write_to_pm`: the bot may message this user (reminders, BR2). */
  allowsWriteToPm: boolean;
  authDate: number;
}

export type InitDataProblem = 'auth/missing' | 'auth/invalid' | 'auth/expired' | 'auth/duplicate-key';

export type InitDataResult =
  | { ok: true; identity: TelegramIdentity }
  | { ok: false; problem: InitDataProblem };

const initDataUserSchema = z.object({
  id: z.number().int().positive(),
  first_name: storedName,
  last_name: storedName,
  username: storedUsername,
  language_code: z
    .string()
    .optional()
    .transform((code) => (code && /^[A-Za-z-]{2,16}$/.test(code) ? code : undefined)),
  is_premium: z.boolean().default(false),
  photo_url: storedPhotoUrl,
  allows_write_to_pm: z.boolean().catch(false).default(false),
});

const secretKeys = new Map<string, Buffer>();

/** The key Telegram derives from the bot token; the same for every request, so derived once. */
function secretKey(botToken: string): Buffer {
  let key = secretKeys.get(botToken);
  if (!key) {
    key = createHmac('sha256', 'WebAppData').update(botToken).digest();
    secretKeys.set(botToken, key);
  }
  return key;
}

function dataCheckString(params: URLSearchParams): string {
  return [...params.entries()]
    .filter(([key]) => key !== 'hash')
    .map(([key, value]) => `${key}=${value}`)
    .sort()
    .join('\n');
}

/** Whether init data signed at `authDate` is still good now: not expired, not from the future. */
export function authDateProblem(
  authDate: number,
  maxAgeSeconds: number,
  nowSeconds: number,
): 'auth/invalid' | 'auth/expired' | null {
  // Data dated in the future would never expire; allow only clock skew (decisions: D-AUTH-5).
  if (authDate - nowSeconds > AUTH_MAX_FUTURE_SKEW_SECONDS) return 'auth/invalid';
  if (maxAgeSeconds > 0 && nowSeconds - authDate > maxAgeSeconds) return 'auth/expired';
  return null;
}

/**
 * Checks Telegram Mini App init data: that no key is repeated, the HMAC-SHA256 over the data-check-string with the key
 * derived from the bot token (compared in constant time), then the age of auth_date (and that
 * it is not in the future beyond clock skew).
 * Only what passes is trusted; the user and start_param come from here and nowhere else.
 */
export function validateInitData(
  raw: string | undefined,
  botToken: string,
  maxAgeSeconds: number,
  nowSeconds: number = Math.floor(Date.now() / 1000),
): InitDataResult {
  if (!raw) return { ok: false, problem: 'auth/missing' };
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(raw);
  } catch {
    return { ok: false, problem: 'auth/invalid' };
  }
  // Readers disagree on a repeated key (URLSearchParams takes the first, others the last), so
  // init data naming any key twice is refused before anything is read from it (rules: A12).
  const keys = new Set<string>();
  for (const key of params.keys()) {
    if (keys.has(key)) return { ok: false, problem: 'auth/duplicate-key' };
    keys.add(key);
  }
  const hash = params.get('hash');
  if (!hash || !/^[0-9a-f]{64}$/.test(hash)) return { ok: false, problem: 'auth/invalid' };
  const expected = createHmac('sha256', secretKey(botToken)).update(dataCheckString(params)).digest();
  if (!timingSafeEqual(expected, Buffer.from(hash, 'hex'))) return { ok: false, problem: 'auth/invalid' };

  const authDate = Number(params.get('auth_date'));
  if (!Number.isInteger(authDate) || authDate <= 0) return { ok: false, problem: 'auth/invalid' };
  const problem = authDateProblem(authDate, maxAgeSeconds, nowSeconds);
  if (problem) return { ok: false, problem };

  let user: z.infer<typeof initDataUserSchema>;
  try {
    const parsed = initDataUserSchema.safeParse(JSON.parse(params.get('user') ?? 'null'));
    if (!parsed.success) return { ok: false, problem: 'auth/invalid' };
    user = parsed.data;
  } catch {
    return { ok: false, problem: 'auth/invalid' };
  }
  return {
    ok: true,
    identity: {
      telegramUserId: canonicalTelegramId(user.id),
      username: user.username,
      firstName: user.first_name,
      lastName: user.last_name,
      languageCode: user.language_code,
      isPremium: user.is_premium,
      photoUrl: user.photo_url,
      startParam: startParamOf(params),
      allowsWriteToPm: user.allows_write_to_pm,
      authDate,
    },
  };
}

export interface InitDataUser {
  id: number;
  first_name?: string;
  last_name?: string;
  username?: string;
  language_code?: string;
  is_premium?: boolean;
  photo_url?: string;
  allows_write_to_pm?: boolean;
}

/**
 * Signs init data the way Telegram does. Used for development mode (the server signs for the
 * test user with the development token) and by tests and benchmarks with their own tokens.
 */
export function signInitData(
  user: InitDataUser,
  botToken: string,
  options: { authDate?: number; startParam?: string } = {},
): string {
  const params = new URLSearchParams();
  params.set('auth_date', String(options.authDate ?? Math.floor(Date.now() / 1000)));
  params.set('query_id', `AAH${user.id.toString(36)}`);
  params.set('user', JSON.stringify(user));
  if (options.startParam) params.set('start_param', options.startParam);
  // Telegram also sends an Ed25519 `signature` for third-party validation, covered by the HMAC
  // like every other field. Ours is not an Ed25519 signature, but clients (the tma.js SDK) expect it.
  params.set('signature', createHmac('sha256', botToken).update(`signature:${user.id}`).digest('base64url'));
  params.set('hash', createHmac('sha256', secretKey(botToken)).update(dataCheckString(params)).digest('hex'));
  return params.toString();
}

/** The start parameter when it is well formed (letters, digits, `_` and `-`), else none. */
function startParamOf(params: URLSearchParams): string | undefined {
  const value = params.get('start_param');
  return value !== null && START_PARAM.test(value) ? value : undefined;
}
