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
  // Arena entry and play (spec-b §5 and §8 texts where the spec gives them).
  'battle/no-character': { status: 400, message: 'Please select a character first' },
  'battle/character-not-owned': { status: 400, message: 'You do not own this character' },
  'battle/insufficient-coins': { status: 400, message: 'You need at least 5000 coins to enter a battle!' },
  'battle/insufficient-energy': { status: 400, message: 'Not enough energy for this battle' },
  'battle/too-many-items': { status: 400, message: 'You can only select up to 3 items for battle!' },
  'battle/item-not-owned': { status: 400, message: 'You do not own this item' },
  'battle/item-not-equippable': {
    status: 400,
    message: 'Only weapons, armours and shields can be equipped for battle',
  },
  'battle/already-in-battle': { status: 409, message: 'You are already in a battle' },
  'battle/not-found': { status: 404, message: 'Battle not found' },
  'battle/forbidden': { status: 403, message: 'This battle is not yours' },
  'battle/over': { status: 409, message: 'This battle is over' },
  'battle/difficulty-required': { status: 400, message: 'Choose a difficulty for a battle against the AI' },
  'server/unavailable': { status: 503, message: 'Service unavailable' },
  'server/internal': { status: 500, message: 'Internal server error' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

/** True when `value` is one of the shared error codes. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERRORS, value);
}
