import { PLAYER_ROUTE_QUERY, playerRouteOf } from '@titans/shared/cluster/player-route';
import { SOCKET_PATH } from '@titans/shared/constants';

/**
 * The game's socket as index.html's inline script opens it (app/session/inline-boot.ts), before
 * any module of the app has arrived: a bare WebSocket to engine.io that says socket.io's CONNECT
 * with the handshake data the app's socket would send (early-socket.ts) the moment it opens.
 * socket.io-client takes it over (early-socket.ts, BootWebSocket), opening or open, with what it
 * received meanwhile. On a warm start the app's modules take a second or more of main thread at
 * a phone's speed; the server has accepted the socket by then, and its answer waits in the
 * socket for the page (D-WEB-41, D-WEB-48).
 */
export interface BootSocket {
  socket: WebSocket;
  /** Frames received before socket.io took the socket over, oldest first (pings answered here are left out). */
  frames: string[];
  /** This script sent socket.io's CONNECT (on `open`): socket.io-client must not send its own. */
  connectSent: boolean;
  /** socket.io-client has taken the socket over: frames are its to read. */
  taken: boolean;
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

/**
 * Opens the boot socket (once per page, only with init data and where WebSocket exists). It says
 * socket.io's CONNECT as soon as the WebSocket is open, without waiting for engine.io's open
 * packet: the server's engine.io session exists once it has answered the upgrade, and the page's
 * main thread, busy evaluating the app, would otherwise hold the CONNECT until it handles that
 * packet. Its listeners are added with addEventListener, so engine.io-client, which sets the
 * socket's `on…` handlers when it takes the socket over, replaces none of them.
 */
export function openBootSocket(
  initData: string | null,
  clientId: string,
  location: { protocol: string; host: string },
): void {
  if (!initData || typeof WebSocket !== 'function' || window.__titansBootSocket) return;
  const socket = new WebSocket(bootSocketUrl(initData, location));
  const boot: BootSocket = { socket, frames: [], connectSent: false, taken: false };
  socket.addEventListener('open', () => {
    // socket.io over engine.io: 4 = message, 0 = CONNECT to the main namespace, with the auth.
    socket.send(`40${JSON.stringify({ initData, clientId })}`);
    boot.connectSent = true;
  });
  socket.addEventListener('message', (event: MessageEvent) => {
    if (boot.taken) return;
    const frame = String(event.data);
    // engine.io: 2 = ping, answered at once as engine.io-client would.
    if (frame === '2') return void socket.send('3');
    boot.frames.push(frame);
  });
  // A socket that fails before it is taken over is dropped: the app opens its own.
  socket.addEventListener('close', () => {
    if (window.__titansBootSocket === boot) window.__titansBootSocket = undefined;
  });
  window.__titansClientId = clientId;
  window.__titansBootSocket = boot;
}

/** The boot socket, once, if it is still opening or open: from now on socket.io reads its frames. */
export function takeBootSocket(): BootSocket | null {
  const boot = window.__titansBootSocket;
  window.__titansBootSocket = undefined;
  if (!boot || boot.socket.readyState > WebSocket.OPEN) return null;
  boot.taken = true;
  return boot;
}
