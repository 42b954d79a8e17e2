// Fenced: written against socket.io 4.8.4 (Client's private `ondata` and `decoder`, and its two
// `process.nextTick` hops from data to listener), socket.io-parser 4.2.7 (the decoder's private
// `reconstructor`) and engine.io 6.6.12 (the connection's one `data` listener). The versions are
// pinned in apps/server/package.json; test/platform-contract.test.ts checks them and the path.
import type { Socket } from 'socket.io';
import { fastPathCounts } from '../fast-path-counts.ts';

/** An event whose packets are taken directly, with the text its packets start with. */
export interface DirectRoute {
  event: string;
  /** `["event",`, as socket.io's client writes it. */
  prefix: string;
}

export function directRoute(event: string): DirectRoute {
  return { event, prefix: `[${JSON.stringify(event)},` };
}

/** Gives a direct event's payload (still unchecked) and its ack id, if the client asked for one. */
export type DirectDelivery<R> = (route: R, payload: unknown, ackId: number | null) => void;

/** socket.io's `EVENT` packet type, the first character of its text. */
const EVENT_TYPE = 50; // '2'
const DIGIT_0 = 48;
const DIGIT_9 = 57;
const CLOSE_BRACKET = 93; // ']'
/** The longest ack id read here; longer ones (never sent by socket.io's client) go the stock way. */
const MAX_ID_DIGITS = 9;

/**
 * A few events' packets, taken from engine.io ahead of socket.io's decoder (D-BATTLE-20). socket.io
 * hands every packet through its decoder, two `process.nextTick` hops and its middleware runner
 * before a listener sees it; for a battle tap, the game's most frequent message, that costs about
 * as much as the tap itself. A packet socket.io would deliver as it is (an `EVENT` on the default
 * namespace, as text, of one of `routes` with exactly one argument, with or without an ack id) is
 * parsed here and given to `deliver` at once. Anything else (other events, binary, another
 * namespace, more arguments, text socket.io's own client does not write, a socket with catch-all
 * listeners) goes to socket.io unchanged, as does every packet while one handed to socket.io has
 * not yet reached its listener, so a client's messages are still handled in the order sent.
 *
 * Answers false, and changes nothing, when the socket's client is not built as expected (or a
 * socket of the same connection took its packets before: a client that reconnects on one
 * connection stays on socket.io's path, which the earlier socket's listener hands everything to).
 */
export function listenDirect<R extends DirectRoute>(
  socket: Socket,
  routes: readonly R[],
  deliver: DirectDelivery<R>,
): boolean {
  const client = socket.client;
  const conn = client.conn;
  const stock: unknown = Reflect.get(client, 'ondata');
  const decoder: unknown = Reflect.get(client, 'decoder');
  if (typeof stock !== 'function' || typeof decoder !== 'object' || decoder === null) return false;
  // socket.io's client is the connection's one listener of its packets.
  const listeners = conn.listeners('data');
  if (listeners.length !== 1 || listeners[0] !== stock) return false;

  // Packets handed to socket.io that may not have reached their listener yet. socket.io delivers
  // an event two ticks after its data arrived (Client.ondecoded, then Socket.dispatch after the
  // middleware), so the count drops two ticks after the hand-over.
  let inFlight = 0;
  const landed = () => {
    inFlight--;
  };
  const afterNextTick = () => process.nextTick(landed);
  const handOver = (data: unknown) => {
    inFlight++;
    Reflect.apply(stock, client, [data]);
    process.nextTick(afterNextTick);
  };

  const take = (text: string): boolean => {
    if (text.charCodeAt(0) !== EVENT_TYPE) return false;
    // A binary packet's attachments are on their way to the decoder, or someone listens to everything.
    if (Reflect.get(decoder, 'reconstructor') || !socket.connected || socket.listenersAny().length > 0)
      return false;
    let at = 1;
    let ackId: number | null = null;
    for (let code = text.charCodeAt(at); code >= DIGIT_0 && code <= DIGIT_9; code = text.charCodeAt(at)) {
      if (at > MAX_ID_DIGITS) return false;
      ackId = (ackId ?? 0) * 10 + (code - DIGIT_0);
      at++;
    }
    const route = routes.find(({ prefix }) => text.startsWith(prefix, at));
    if (!route || text.charCodeAt(text.length - 1) !== CLOSE_BRACKET) return false;
    // Between `["event",` and the closing `]`: the packet is that array of exactly two exactly
    // when this text is one JSON value, so only the payload is parsed.
    let payload: unknown;
    try {
      payload = JSON.parse(text.slice(at + route.prefix.length, -1));
    } catch {
      return false; // socket.io's decoder answers the packet as it always has
    }
    fastPathCounts.directPacket++;
    deliver(route, payload, ackId);
    return true;
  };

  conn.removeAllListeners('data');
  conn.on('data', (data: unknown) => {
    if (inFlight > 0 || typeof data !== 'string' || !take(data)) handOver(data);
  });
  return true;
}
