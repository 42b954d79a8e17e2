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
  'catalogue/invalid': { status: 422, message: 'The catalogue files have problems; nothing was changed' },
  'request/idempotency-mismatch': {
    status: 422,
    message: 'This Idempotency-Key was already used for a different request',
  },
  'auth/missing': { status: 401, message: 'Missing Telegram init data' },
  'auth/invalid': { status: 401, message: 'Invalid Telegram init data' },
  'auth/expired': { status: 401, message: 'Telegram init data has expired' },
  // rules: A12.
  'auth/duplicate-key': { status: 401, message: 'Telegram init data names a field twice' },
  'auth/forbidden': { status: 403, message: 'You can only act on your own account' },
  // The default reason of a ban.
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
  'socket/kicked': {
    status: 409,
    message: 'This connection was closed by an operator; it reconnects by itself',
  },
  'socket/moved': {
    status: 409,
    message: 'This connection moved to another server; it reconnects by itself',
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
  // Stars (texts where the spec has one; decisions: D-STARS-*).
  'stars/package-not-found': { status: 404, message: 'Could not fetch package details' },
  'stars/price-changed': { status: 409, message: 'This package changed meanwhile; check its new price' },
  'stars/payments-unavailable': {
    status: 503,
    message: 'Paying with Telegram Stars is not available right now',
  },
  'stars/invoice-failed': { status: 502, message: 'Failed to generate invoice link' },
  'stars/purchase-not-found': { status: 404, message: 'Purchase not found' },
  'stars/payment-pending': { status: 409, message: 'Payment not received yet' },
  // The development invoice's pre-checkout refused the order (D-STARS-14); the message says why.
  'stars/payment-refused': { status: 409, message: 'This order cannot be paid' },
  'stars/invalid-hash': { status: 400, message: 'Please enter a valid transaction hash.' },
  'stars/ton-unavailable': { status: 503, message: 'Paying with TON is not available right now' },
  'stars/tx-not-found': { status: 404, message: 'Transaction not found on the TON network' },
  'stars/tx-wrong-address': { status: 400, message: 'This transaction was not sent to the Titans wallet' },
  'stars/tx-amount-too-small': { status: 400, message: 'This transaction paid less than the package price' },
  'stars/tx-comment-missing': {
    status: 400,
    message: 'This transaction does not carry the order comment of your purchase',
  },
  'stars/tx-not-final': { status: 409, message: 'This transaction is not final yet; try again in a minute' },
  'stars/tx-already-used': { status: 409, message: 'This transaction was already used for a purchase' },
  'stars/chain-unavailable': {
    status: 503,
    message: 'Could not reach the TON network; nothing was charged twice, try again later',
  },
  'stars/already-refunded': { status: 409, message: 'This payment was already refunded' },
  'stars/refund-shortfall': { status: 409, message: 'The player has already spent these Stars' },
  'stars/refund-failed': { status: 502, message: 'Telegram refused the refund' },
  // Quest Board (docs/rules.md Q1–Q7).
  'task/not-found': { status: 404, message: 'Task not found' },
  'task/already-completed': { status: 409, message: 'Task already completed' },
  'task/not-started': { status: 400, message: 'Open the task link first' },
  // External-link task: the failure text.
  'task/too-early': { status: 400, message: 'Not enough time spent on external URL' },
  'task/quiz-unfinished': { status: 400, message: 'Answer every question before claiming the reward' },
  'task/wrong-type': { status: 400, message: 'This task does not work that way' },
  'quiz/not-found': { status: 404, message: 'Quiz not found' },
  'quiz/question-not-found': { status: 404, message: 'Question not found' },
  'quiz/answer-locked': { status: 409, message: 'This question was already answered' },
  'quiz/completed': { status: 409, message: 'This quiz is already completed' },
  'daily/not-found': { status: 404, message: 'Reward not found' },
  'daily/already-claimed': { status: 409, message: "Today's reward was already claimed" },
  'daily/wrong-day': { status: 400, message: "This is not today's reward" },
  'games/feed-unavailable': { status: 502, message: 'Failed to fetch games' },
  'ads/not-configured': {
    status: 404,
    message: 'No play & earn tasks available right now. Check back soon!',
  },
  'ads/daily-limit': { status: 429, message: 'No more rewarded ads today. Check back tomorrow!' },
  'ads/view-not-found': { status: 404, message: 'Ad view not found' },
  'ads/forbidden': { status: 403, message: 'Invalid reward callback' },
  'ads/views-limit': { status: 429, message: 'Too many ads started today. Check back tomorrow!' },
  // A defeat's video recovery (rules Q9).
  'recovery/battle-not-found': { status: 404, message: 'Battle not found' },
  'recovery/not-your-battle': { status: 403, message: 'You did not fight in this battle' },
  'recovery/not-finished': { status: 409, message: 'This battle is not over yet' },
  'recovery/not-a-defeat': { status: 400, message: 'Only a defeat can be recovered' },
  'recovery/already-recovered': { status: 409, message: 'This defeat was already recovered' },
  // The purchase texts (decisions: D-SHOP-3 for the statuses).
  'shop/insufficient-coins': { status: 400, message: 'Insufficient coins to purchase this item' },
  'shop/insufficient-diamonds': { status: 400, message: 'Insufficient diamonds to purchase this item' },
  'shop/character-owned': { status: 409, message: 'You already own this character' },
  'shop/item-owned': { status: 409, message: 'You already own this item' },
  'shop/item-not-found': { status: 404, message: 'Item not found' },
  'shop/character-not-found': { status: 404, message: 'Character not found' },
  'shop/not-for-sale': { status: 410, message: 'This is no longer for sale' },
  'shop/sold-out': { status: 409, message: 'This item is sold out' },
  'referral/already-upgraded': { status: 409, message: 'Referral bonus is already upgraded' },
  'referral/insufficient-stars': { status: 400, message: 'Not enough Stars to upgrade referral' },
  // Arena entry and play (texts where the spec gives them).
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
  'battle/practice-done': { status: 400, message: 'You already won your practice fight' },
  'server/unavailable': { status: 503, message: 'Service unavailable' },
  'server/internal': { status: 500, message: 'Internal server error' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

/** True when `value` is one of the shared error codes. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERRORS, value);
}
