const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

/**
 * A random id for this page load, sent in the socket handshake (D-TAP-6): the server remembers
 * the tap batches (`seq`) of each client id, so a batch resent after a reconnect counts once.
 * Matches the server's /^[A-Za-z0-9_-]{8,64}$/.
 */
export function createClientId(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)) {
  const bytes = random(new Uint8Array(22));
  let id = '';
  for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length];
  return id;
}

/**
 * This page load's client id: the early socket and the realtime session handshake with it. In a
 * build index.html's inline script chose it, for the socket it opened (boot-socket.ts).
 */
export const pageClientId = globalThis.window?.__titansClientId ?? createClientId();
