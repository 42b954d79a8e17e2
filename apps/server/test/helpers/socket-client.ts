import type { ClientToServerEvents, ServerToClientEvents } from '@titans/shared/realtime/events';
import { io, type Socket } from 'socket.io-client';

export type TestSocket = Socket<ServerToClientEvents, ClientToServerEvents> & {
  /** Resolves with the next payload of `event` that satisfies `match`. */
  next<E extends keyof ServerToClientEvents>(
    event: E,
    match?: (payload: Parameters<ServerToClientEvents[E]>[0]) => boolean,
    timeoutMs?: number,
  ): Promise<Parameters<ServerToClientEvents[E]>[0]>;
  /** Like `next`, but a matching payload received earlier counts too (no race with fast replies). */
  waitFor<E extends keyof ServerToClientEvents>(
    event: E,
    match?: (payload: Parameters<ServerToClientEvents[E]>[0]) => boolean,
    timeoutMs?: number,
  ): Promise<Parameters<ServerToClientEvents[E]>[0]>;
  /** Every payload received per event, in order. */
  received: Record<string, unknown[]>;
};

/** A real socket.io client connected over websocket with signed init data. */
export async function connectSocket(url: string, initData: string, clientId?: string): Promise<TestSocket> {
  const socket = io(url, {
    path: '/engine.io',
    transports: ['websocket'],
    auth: clientId ? { initData, clientId } : { initData },
    reconnection: false,
    forceNew: true,
  }) as TestSocket;
  socket.received = {};
  socket.onAny((event: string, payload: unknown) => {
    const list = socket.received[event] ?? [];
    list.push(payload);
    socket.received[event] = list;
  });
  socket.next = (event, match = () => true, timeoutMs = 5000) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        socket.off(event as never, handler as never);
        reject(new Error(`timed out waiting for ${String(event)}`));
      }, timeoutMs);
      const handler = (payload: never) => {
        if (!match(payload)) return;
        clearTimeout(timer);
        socket.off(event as never, handler as never);
        resolve(payload);
      };
      socket.on(event as never, handler as never);
    });
  socket.waitFor = (event, match = () => true, timeoutMs = 5000) => {
    const earlier = (socket.received[event as string] ?? []).find((payload) => match(payload as never));
    return earlier === undefined ? socket.next(event, match, timeoutMs) : Promise.resolve(earlier as never);
  };
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });
  return socket;
}

/** Connects and expects the handshake to be refused; returns the error socket.io reported. */
export function refusedConnection(
  url: string,
  auth: Record<string, unknown>,
): Promise<Error & { data?: any }> {
  return new Promise((resolve, reject) => {
    const socket = io(url, {
      path: '/engine.io',
      transports: ['websocket'],
      auth,
      reconnection: false,
      forceNew: true,
    });
    socket.once('connect', () => {
      socket.close();
      reject(new Error('connection was accepted'));
    });
    socket.once('connect_error', (error) => {
      socket.close();
      resolve(error as Error & { data?: any });
    });
  });
}
