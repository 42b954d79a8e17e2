import { ERRORS, type ErrorCode } from '@titans/shared/errors';
import type { ServerEventName, ServerPayload } from '@titans/shared/realtime/events';
import type { TelegramIdentity } from '../auth/init-data.ts';
import type { sendEvent } from './emit-event.ts';
import type { SocketContext, TitansSocket } from './socket-dispatcher.ts';

/**
 * What handlers get besides their payload: the caller, and answers to this socket. A class, so
 * every socket's context has one shape and the handlers' reads of it stay monomorphic (an object
 * literal with its own getter and arrows per socket gave each context a shape of its own).
 */
export class SocketContextOf implements SocketContext {
  readonly identity: TelegramIdentity;
  readonly clientId: string;

  constructor(
    readonly socket: TitansSocket,
    private readonly send: typeof sendEvent,
  ) {
    this.identity = socket.data.identity;
    this.clientId = socket.data.clientId;
  }

  get userId() {
    return this.socket.data.userId;
  }

  emit<E extends ServerEventName>(event: E, payload: ServerPayload<E>) {
    this.send(this.socket, event, payload);
  }

  fail(code: ErrorCode, message: string = ERRORS[code].message, seq?: number) {
    this.socket.emit('error', seq === undefined ? { message, code } : { message, code, seq });
  }
}
