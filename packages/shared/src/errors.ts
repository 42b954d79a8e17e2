/**
 * Error codes shared by the server (HTTP, socket) and the web app, namespaced by area.
 * Each code carries the HTTP status it maps to and the message players see by default.
 */
export const ERRORS = {
  'request/invalid': { status: 400, message: 'Invalid request' },
  'request/not-found': { status: 404, message: 'Not found' },
  'request/too-large': { status: 413, message: 'Payload too large' },
  'request/rate-limited': { status: 429, message: 'Too many requests' },
  'request/conflict': { status: 409, message: 'This changed meanwhile; please try again' },
  'request/idempotency-mismatch': {
    status: 422,
    message: 'This Idempotency-Key was already used for a different request',
  },
  'auth/missing': { status: 401, message: 'Missing Telegram init data' },
  'auth/invalid': { status: 401, message: 'Invalid Telegram init data' },
  'auth/expired': { status: 401, message: 'Telegram init data has expired' },
  'auth/forbidden': { status: 403, message: 'You can only act on your own account' },
  // spec-a §8: the default reason of a ban.
  'auth/banned': { status: 403, message: 'Account suspended for violating terms of service.' },
  'user/not-found': { status: 404, message: 'User not found' },
  'user/not-registered': { status: 404, message: 'User is not registered' },
  'user/background-not-owned': { status: 400, message: 'You do not own this background' },
  'character/not-found': { status: 404, message: 'Character not found' },
  'character/not-owned': { status: 400, message: 'You do not own this character' },
  'upload/unsupported-type': { status: 415, message: 'Only PNG, JPEG and WebP images are accepted' },
  'upload/missing-file': { status: 400, message: 'No file was uploaded' },
  'upload/too-large': { status: 413, message: 'Images are limited to 2 MB' },
  'upload/rate-limited': { status: 429, message: 'Too many uploads: try again in an hour' },
  'upload/quota-exceeded': { status: 429, message: 'Upload storage is full for this account' },
  'socket/too-many': {
    status: 429,
    message: 'Too many open connections: this one was closed by a newer one',
  },
  'upload/busy': { status: 503, message: 'Uploads are busy: try again in a moment' },
  'ledger/insufficient-funds': { status: 400, message: 'Insufficient balance' },
  'socket/no-user': { status: 400, message: 'Announce the user with initUser first' },
  'tap/no-user': { status: 400, message: 'Announce the user with initUser first' },
  'tap/no-character': { status: 400, message: 'No character selected' },
  'boost/unknown': { status: 404, message: 'Unknown boost' },
  'boost/max-level': { status: 400, message: 'This boost is already at its maximum level' },
  'boost/insufficient-coins': { status: 400, message: 'Not enough coins for this boost' },
  'boost/level-changed': { status: 409, message: 'This boost was upgraded meanwhile; check its new price' },
  'boost/no-refills-left': { status: 400, message: 'No free energy refills left today' },
  'boost/refill-cooldown': { status: 400, message: 'The free energy refill is cooling down' },
  'boost/energy-full': { status: 400, message: 'Energy is already full' },
  'server/unavailable': { status: 503, message: 'Service unavailable' },
  'server/internal': { status: 500, message: 'Internal server error' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

/** True when `value` is one of the shared error codes. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERRORS, value);
}
