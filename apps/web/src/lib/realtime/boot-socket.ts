import { PLAYER_ROUTE_QUERY, playerRouteOf } from '@titans/shared/cluster/player-route';
import { SOCKET_PATH } from '@titans/shared/constants';

/**
 * The game's socket as index.html's inline script opens it (app/session/inline-boot.ts), before
 * any module of the app has arrived: a bare WebSocket to engine.io that says socket.io's CONNECT
 * with the handshake data the app's socket would send (early-socket.ts). socket.io-client takes
 * it over (early-socket.ts, BootWebSocket) with what it received meanwhile. On a warm start the
 * app's modules take about a second of main thread at a phone's speed before the entry script
 * runs and answers the server; this socket is open and connected by then (D-WEB-41).
 */
export interface BootSocket {
  socket: WebSocket;
  /** Frames received before socket.io took the socket over, oldest first (pings answered here are left out). */
  frames: string[];
  /** This script sent socket.io's CONNECT: socket.io-client must not send its own. */
  connectSent: boolean;
}

declare global {
  interface Window {
    /** The boot socket until socket.io takes it (takeBootSocket). */
    __titansBootSocket?: BootSocket | undefined;
    /** The page's client id (client-id.ts), chosen by the inline script when it opened the boot socket. */
    __titansClientId?: string | undefined;
  }
}

/** engine.io's URL for a WebSocket, as engine.io-client builds it for the same options. */
export function bootSocketUrl(initData: string, location: { protocol: string; host: string }): string {
  const query = new URLSearchParams();
  const player = playerRouteOf(initData);
  if (player) query.set(PLAYER_ROUTE_QUERY, player);
  query.set('EIO', '4');
  query.set('transport', 'websocket');
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${SOCKET_PATH}/?${query.toString()}`;
}

/** Opens the boot socket (once per page, only with init data and where WebSocket exists). */
export function openBootSocket(
  initData: string | null,
  clientId: string,
  location: { protocol: string; host: string },
): void {
  if (!initData || typeof WebSocket !== 'function' || window.__titansBootSocket) return;
  const socket = new WebSocket(bootSocketUrl(initData, location));
  const boot: BootSocket = { socket, frames: [], connectSent: false };
  socket.onmessage = (event: MessageEvent) => {
    const frame = String(event.data);
    // engine.io: 2 = ping, answered at once as engine.io-client would.
    if (frame === '2') return void socket.send('3');
    boot.frames.push(frame);
    // engine.io: 0 = open; socket.io over it: 40 = CONNECT to the main namespace, with the auth.
    if (frame.startsWith('0') && !boot.connectSent) {
      socket.send(`40${JSON.stringify({ initData, clientId })}`);
      boot.connectSent = true;
    }
  };
  // A socket that fails before it is taken over is dropped: the app opens its own.
  socket.onclose = () => {
    if (window.__titansBootSocket === boot) window.__titansBootSocket = undefined;
  };
  window.__titansClientId = clientId;
  window.__titansBootSocket = boot;
}

/** The boot socket, once, if it is still opening or open. */
export function takeBootSocket(): BootSocket | null {
  const boot = window.__titansBootSocket;
  window.__titansBootSocket = undefined;
  if (!boot || boot.socket.readyState > WebSocket.OPEN) return null;
  return boot;
}
