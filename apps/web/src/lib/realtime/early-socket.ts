import type { HandshakeAuth } from '@titans/shared/realtime/events';
import { io } from 'socket.io-client';
import { pageClientId } from './client-id.ts';
import { playerRouteQuery, SOCKET_OPTIONS, type TitansClientSocket } from './realtime-connection.ts';

/**
 * The raw init data Telegram put in the launch URL's hash (`tgWebAppData`), if it is there. The
 * SDK reads the same parameter; this needs no SDK, so it can run before the SDK is evaluated.
 */
export function launchInitData(hash: string): string | null {
  const value = new URLSearchParams(hash.replace(/^#/, '')).get('tgWebAppData');
  return value ? value : null;
}

let early: TitansClientSocket | null = null;

/**
 * Opens the game's socket first thing, before React and the rest of the app are evaluated (half
 * a second at a phone's CPU speed), so its handshake, a network round trip, runs meanwhile. The
 * realtime session adopts it (takeEarlySocket). Only when the launch URL carries init data;
 * otherwise the session opens its socket as usual.
 */
export function openEarlySocket(initData: string | null): void {
  if (!initData || early) return;
  early = io({
    ...SOCKET_OPTIONS,
    query: playerRouteQuery(initData),
    auth: (send: (auth: HandshakeAuth) => void) => send({ initData, clientId: pageClientId }),
  });
  early.connect();
}

/** The early socket, once: the realtime session adopts it. */
export function takeEarlySocket(): TitansClientSocket | null {
  const socket = early;
  early = null;
  return socket;
}
