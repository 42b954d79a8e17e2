import type { ServerEventName, ServerPayload } from '@titans/shared/realtime/events';
import { sendPacketText } from '../platform/engine.io/send-packet-text.ts';
import { eventJson } from './event-json.ts';
import type { TitansSocket } from './socket-dispatcher.ts';

/** Anything socket.io emits through: a socket, a room, a namespace, a broadcast operator. */
interface Emitter {
  emit(event: string, ...args: unknown[]): unknown;
}

/**
 * Emits one server event with its payload type checked against the shared event map. socket.io
 * types an event's arguments through a conditional type that TypeScript cannot resolve while the
 * event is a type parameter, so the emitter is seen here, and only here, as taking any event.
 */
export function emitEvent<E extends ServerEventName>(target: Emitter, event: E, payload: ServerPayload<E>) {
  target.emit(event, payload);
}

/** engine.io's `message` packet type and socket.io's `EVENT`, the two digits before the JSON. */
const EVENT_PREFIX = '42';
/** engine.io's `message` packet type and socket.io's `ACK`, before the ack's id. */
const ACK_PREFIX = '43';

/**
 * Sends one server event to one socket of the default namespace, as `emitEvent` would, in fewer
 * steps (D-BATTLE-18); the bytes on the wire are the stock path's (`test/emit-event.test.ts`).
 */
export function sendEvent<E extends ServerEventName>(
  socket: TitansSocket,
  event: E,
  payload: ServerPayload<E>,
) {
  // socket.io drops a packet for a connection that is not open; so does this.
  if (socket.conn.readyState !== 'open') return;
  if (socket.nsp.name !== '/') return emitEvent(socket, event, payload);
  sendPacketText(socket.conn, `${EVENT_PREFIX}[${JSON.stringify(event)},${eventJson(event, payload)}]`);
}

/**
 * Answers a client's acknowledgement `id` with `args`, as socket.io's own ack callback would
 * (an `ACK` packet of the arguments as a JSON array), for a socket of the default namespace.
 */
export function sendAck(socket: TitansSocket, id: number, args: unknown[]) {
  if (socket.conn.readyState !== 'open') return;
  sendPacketText(socket.conn, `${ACK_PREFIX}${id}${JSON.stringify(args)}`);
}
