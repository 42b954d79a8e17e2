import type { HandshakeAuth } from '@titans/shared/realtime/events';
import { WebSocket as WebSocketTransport, XHR } from 'engine.io-client';
import { io } from 'socket.io-client';
import { type BootSocket, takeBootSocket } from './boot-socket.ts';
import { pageClientId } from './client-id.ts';
import { playerRouteQuery, SOCKET_OPTIONS, type TitansClientSocket } from './realtime-connection.ts';

let early: TitansClientSocket | null = null;

/**
 * engine.io's WebSocket transport that, the first time it opens, takes over the socket
 * index.html's inline script opened (boot-socket.ts) instead of opening one: what the server
 * sent meanwhile is handed to engine.io as if it arrived now, and since the inline script sends
 * socket.io's CONNECT when the socket opens, socket.io-client's own is not sent again (the server
 * would open a second session on the same connection). Every later connection is a plain WebSocket.
 */
export class BootWebSocket extends WebSocketTransport {
  /** The boot socket this transport took over, until its CONNECT has been left out once. */
  private boot: BootSocket | null = null;

  override createSocket(
    uri: string,
    protocols: string | string[] | undefined,
    opts: Record<string, unknown>,
  ) {
    const boot = takeBootSocket();
    if (!boot) return super.createSocket(uri, protocols, opts);
    this.boot = boot;
    // Open already: its `open` event has passed. Say so once doOpen has set the listeners.
    if (boot.socket.readyState === WebSocket.OPEN) queueMicrotask(() => this.resume(boot));
    return boot.socket;
  }

  private resume(boot: BootSocket) {
    this.onOpen();
    for (const frame of boot.frames) this.onData(frame);
  }

  override write(packets: { type: string; data?: unknown }[]) {
    const boot = this.boot;
    if (!boot) return super.write(packets);
    // socket.io's CONNECT to the main namespace: "0", or "0" and its auth.
    const connect = packets.findIndex(
      (packet) => packet.type === 'message' && /^0(?:\{|$)/.test(String(packet.data)),
    );
    if (connect < 0) return super.write(packets);
    this.boot = null;
    // The boot socket says its CONNECT on `open`, before engine.io-client hears of the open.
    if (!boot.connectSent) return super.write(packets);
    const rest = packets.filter((_, index) => index !== connect);
    if (rest.length > 0) return super.write(rest);
    // Nothing left to send: engine.io still waits for the drain a write ends with, and sends its
    // buffer (the CONNECT, until that drain) again on any flush while the transport is writable.
    this.writable = false;
    queueMicrotask(() => {
      this.writable = true;
      this.emitReserved('drain');
    });
  }
}

/**
 * Opens the game's socket first thing, before React and the rest of the app are evaluated (half
 * a second at a phone's CPU speed), so its handshake, a network round trip, runs meanwhile; in a
 * build it takes over the one index.html's inline script opened earlier still (BootWebSocket). The
 * realtime session adopts it (takeEarlySocket). Only when the launch URL carries init data;
 * otherwise the session opens its socket as usual.
 */
export function openEarlySocket(initData: string | null): void {
  if (!initData || early) return;
  early = io({
    ...SOCKET_OPTIONS,
    transports: [BootWebSocket, XHR],
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
