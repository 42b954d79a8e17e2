import type { ServerEventName, ServerPayload } from '@titans/shared/realtime/events';

/** Anything socket.io emits through: a socket, a room, a namespace, a broadcast operator. */
interface Emitter {
  emit(...args: never[]): unknown;
}

/**
 * Emits one server event with its payload type checked against the shared event map. socket.io
 * types an event's arguments through a conditional type that TypeScript cannot resolve while the
 * event is a type parameter, so the call itself goes untyped here, and only here.
 */
export function emitEvent<E extends ServerEventName>(target: Emitter, event: E, payload: ServerPayload<E>) {
  Reflect.apply(target.emit, target, [event, payload]);
}
