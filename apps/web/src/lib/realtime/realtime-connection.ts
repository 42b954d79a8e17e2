import { PLAYER_ROUTE_QUERY, playerRouteOf } from '@titans/shared/cluster/player-route';
import {
  SOCKET_BACKOFF_BASE_MS,
  SOCKET_BACKOFF_FACTOR,
  SOCKET_BACKOFF_MAX_MS,
  SOCKET_PATH,
  SOCKET_RECONNECT_ATTEMPTS,
  SOCKET_RECONNECT_DELAY_MAX_MS,
  SOCKET_RECONNECT_DELAY_MS,
  SOCKET_TIMEOUT_MS,
} from '@titans/shared/constants';
import type {
  ClientToServerEvents,
  HandshakeAuth,
  ServerToClientEvents,
} from '@titans/shared/realtime/events';
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import type { ConnectionStatus } from './connection-store.ts';

export type TitansClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type SocketFactory = (options: Partial<ManagerOptions & SocketOptions>) => TitansClientSocket;

/**
 * Socket: protocol 4 on /engine.io, no auto-connect, 5 reconnect attempts,
 * delay 3 s, max delay 10 s, timeout 20 s.
 */
/** The handshake's routing id, for a balancer that hashes on the player (D-CLUSTER-12). */
export function playerRouteQuery(initData: string | null | undefined): Record<string, string> {
  const player = playerRouteOf(initData);
  return player ? { [PLAYER_ROUTE_QUERY]: player } : {};
}

export const SOCKET_OPTIONS = {
  path: SOCKET_PATH,
  autoConnect: false,
  reconnection: true,
  reconnectionAttempts: SOCKET_RECONNECT_ATTEMPTS,
  reconnectionDelay: SOCKET_RECONNECT_DELAY_MS,
  reconnectionDelayMax: SOCKET_RECONNECT_DELAY_MAX_MS,
  timeout: SOCKET_TIMEOUT_MS,
  // WebSocket straight away: one round trip fewer than polling-then-upgrade, which on a slow
  // phone network is what a player waits for after a launch or a tunnel (decisions: D-WEB-17).
  // Where WebSocket is blocked, the client falls back to long polling.
  transports: ['websocket', 'polling'],
  tryAllTransports: true,
} as const satisfies Partial<ManagerOptions & SocketOptions>;

/** The extra client backoff once socket.io gives up, min(3 s × 1.5^n, 30 s). */
export function extraBackoffMs(round: number): number {
  return Math.min(SOCKET_BACKOFF_BASE_MS * SOCKET_BACKOFF_FACTOR ** round, SOCKET_BACKOFF_MAX_MS);
}

type Logger = Pick<Console, 'info' | 'warn' | 'error'>;
type Visibility = Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;
type Network = Pick<Window, 'addEventListener' | 'removeEventListener'>;

export interface RealtimeConnectionOptions {
  /** The player's Telegram id; initUser announces it after every (re)connect. */
  telegramUserId: string;
  /** The raw init data, read at each handshake. */
  initData: () => string | undefined;
  /**
   * Resolves once the player's account exists on the server (registration), asked after each
   * connect: the socket may open while registration runs, and announces the player only then.
   */
  accountReady?: () => Promise<unknown>;
  /** Random per page load (client-id.ts). */
  clientId: string;
  createSocket?: SocketFactory;
  /**
   * A socket already opened with SOCKET_OPTIONS (early-socket.ts), connected or still shaking
   * hands: adopted instead of creating one, with this connection's handshake data from now on.
   */
  socket?: TitansClientSocket;
  logger?: Logger;
  onStatus?: (status: ConnectionStatus) => void;
  /** After each connect, once initUser is on its way. */
  onConnected?: () => void;
  onDisconnected?: () => void;
  /** The handshake or initUser said the account is banned. */
  onBanned?: (reason: string | null) => void;
  visibility?: Visibility | undefined;
  /** Fires `online` and `offline` (the window); the connection follows it (decisions: D-WEB-17). */
  network?: Network | undefined;
  /** The browser's idea of being online at start; navigator.onLine by default. */
  isOnline?: () => boolean;
}

interface HandshakeRefusal {
  code?: unknown;
  message?: unknown;
}

/**
 * The realtime connection: closed → connecting → connected. socket.io reconnects
 * by itself after a transport loss (5 attempts); when it gives up, or when the server refuses or
 * ends the connection (socket.io then does not retry), this class tries again after
 * min(3 s × 1.5^n, 30 s), so a player is never stranded. Returning from the background with
 * the socket down reconnects at once. Sends are refused with a warning while disconnected.
 */
export class RealtimeConnection {
  readonly socket: TitansClientSocket;
  private status: ConnectionStatus = 'closed';
  private backoffRound = 0;
  private backoffTimer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  /** Counts connects, so an announcement still waiting for the account belongs to one of them. */
  private connects = 0;
  private readonly logger: Logger;
  private readonly visibility: Visibility | undefined;
  private readonly network: Network | undefined;
  /** The browser said it is offline: the socket is closed on purpose until it says `online`. */
  private offline = false;

  constructor(private readonly options: RealtimeConnectionOptions) {
    this.logger = options.logger ?? console;
    this.visibility = 'visibility' in options ? options.visibility : globalThis.document;
    this.network = 'network' in options ? options.network : globalThis.window;
    const createSocket: SocketFactory = options.createSocket ?? ((socketOptions) => io(socketOptions));
    // A function, so a handshake after a long pause reads the init data again.
    const auth = (send: (auth: HandshakeAuth) => void) =>
      send({ initData: options.initData() ?? '', clientId: options.clientId });
    this.socket =
      options.socket ??
      createSocket({ ...SOCKET_OPTIONS, auth, query: playerRouteQuery(options.initData()) });
    this.socket.auth = auth;
    this.socket.on('connect', this.onConnect);
    this.socket.on('disconnect', this.onDisconnect);
    this.socket.on('connect_error', this.onConnectError);
    this.socket.on('error', this.onServerError);
    this.socket.io.on('reconnect_attempt', this.onReconnectAttempt);
    this.socket.io.on('reconnect_failed', this.onReconnectFailed);
    this.visibility?.addEventListener('visibilitychange', this.onVisibilityChange);
    this.network?.addEventListener('online', this.onOnline);
    this.network?.addEventListener('offline', this.onOffline);
  }

  get connected(): boolean {
    return this.socket.connected;
  }

  get currentStatus(): ConnectionStatus {
    return this.status;
  }

  /** Opens the connection. Without a user id it only logs an error. */
  start(): void {
    if (!this.options.telegramUserId) {
      this.logger.error('[realtime] no Telegram user id: the socket is not started');
      return;
    }
    // An adopted socket may be connected already (its `connect` went unheard) or on its way.
    if (this.socket.connected) {
      this.onConnect();
      return;
    }
    if (this.socket.active) {
      this.setStatus('connecting');
      return;
    }
    // Opened offline (a reload served by the service worker): wait for `online` instead of
    // spending socket.io's attempts on a network that is not there.
    const isOnline = this.options.isOnline ?? (() => globalThis.navigator?.onLine ?? true);
    if (this.network && !isOnline()) {
      this.logger.warn('[realtime] the browser is offline; connecting once it is back');
      this.offline = true;
      this.setStatus('closed');
      return;
    }
    this.open('start');
  }

  /** "Sends are refused with a logged warning when not connected." */
  emit<E extends keyof ClientToServerEvents>(
    event: E,
    ...payload: Parameters<ClientToServerEvents[E]>
  ): boolean {
    if (!this.socket.connected) {
      this.logger.warn(`[realtime] not connected: ${event} was not sent`);
      return false;
    }
    this.socket.emit(event, ...payload);
    return true;
  }

  /** Stops for good: timers, listeners and the socket. */
  stop(): void {
    this.stopped = true;
    this.clearBackoff();
    this.visibility?.removeEventListener('visibilitychange', this.onVisibilityChange);
    this.network?.removeEventListener('online', this.onOnline);
    this.network?.removeEventListener('offline', this.onOffline);
    this.socket.io.off('reconnect_attempt', this.onReconnectAttempt);
    this.socket.io.off('reconnect_failed', this.onReconnectFailed);
    this.socket.off('connect', this.onConnect);
    this.socket.off('disconnect', this.onDisconnect);
    this.socket.off('connect_error', this.onConnectError);
    this.socket.off('error', this.onServerError);
    this.socket.disconnect();
    this.setStatus('closed');
  }

  private open(why: string) {
    this.clearBackoff();
    if (this.stopped || this.socket.connected) return;
    this.logger.info(`[realtime] connecting (${why})`);
    this.setStatus('connecting');
    this.socket.connect();
  }

  private setStatus(status: ConnectionStatus) {
    if (status === this.status) return;
    this.status = status;
    this.options.onStatus?.(status);
  }

  private clearBackoff() {
    if (this.backoffTimer !== null) clearTimeout(this.backoffTimer);
    this.backoffTimer = null;
  }

  /** Our own retry once socket.io will not (it gave up, or the server refused or ended the session). */
  private scheduleBackoff(why: string) {
    if (this.stopped || this.backoffTimer !== null) return;
    const delay = extraBackoffMs(this.backoffRound);
    this.logger.warn(
      `[realtime] ${why}; trying again in ${Math.round(delay / 100) / 10} s (backoff step ${this.backoffRound + 1})`,
    );
    this.backoffRound++;
    this.setStatus('closed');
    this.backoffTimer = setTimeout(() => {
      this.backoffTimer = null;
      this.open(`backoff step ${this.backoffRound}`);
    }, delay);
  }

  private readonly onConnect = () => {
    this.backoffRound = 0;
    this.clearBackoff();
    this.logger.info('[realtime] connected');
    this.setStatus('connected');
    const connect = ++this.connects;
    const announce = () => {
      if (this.stopped || connect !== this.connects || !this.socket.connected) return;
      // "After connect the client announces the user" — after every reconnect too.
      this.socket.emit('initUser', { telegram_user_id: this.options.telegramUserId });
      this.options.onConnected?.();
    };
    if (!this.options.accountReady) return announce();
    this.options.accountReady().then(announce, (error: unknown) => {
      if (this.stopped || connect !== this.connects) return;
      // Registration failed: the app says so. Close, and try again (registering again) later.
      this.logger.warn('[realtime] the account is not ready; closing until the next attempt', error);
      this.socket.disconnect();
    });
  };

  private readonly onDisconnect = (reason: string) => {
    this.options.onDisconnected?.();
    if (this.stopped) return;
    if (this.offline) {
      this.setStatus('closed');
      return;
    }
    if (this.socket.active) {
      this.logger.warn(`[realtime] disconnected (${reason}); socket.io is reconnecting`);
      this.setStatus('connecting');
    } else {
      // "io server disconnect" (or our own close): socket.io does not retry by itself.
      this.scheduleBackoff(`disconnected (${reason})`);
    }
  };

  private readonly onConnectError = (error: Error & { data?: HandshakeRefusal }) => {
    if (this.stopped) return;
    const code = typeof error.data?.code === 'string' ? error.data.code : undefined;
    if (code === 'auth/banned') {
      this.logger.warn('[realtime] the account is banned; not reconnecting');
      const reason = typeof error.data?.message === 'string' ? error.data.message : null;
      this.stopped = true;
      this.setStatus('closed');
      this.options.onBanned?.(reason);
      return;
    }
    if (this.socket.active) {
      this.logger.warn(`[realtime] connection failed (${error.message}); socket.io retries`);
      this.setStatus('connecting');
    } else {
      this.scheduleBackoff(`the server refused the connection (${code ?? error.message})`);
    }
  };

  private readonly onServerError = (payload: { message?: unknown; code?: unknown }) => {
    // initUser of a banned account answers `error {code: auth/banned}` and ends the session.
    if (payload?.code === 'auth/banned') {
      this.stopped = true;
      this.clearBackoff();
      this.setStatus('closed');
      this.options.onBanned?.(typeof payload.message === 'string' ? payload.message : null);
    }
  };

  private readonly onReconnectAttempt = (attempt: number) => {
    this.logger.info(`[realtime] reconnect attempt ${attempt} of ${SOCKET_RECONNECT_ATTEMPTS}`);
    this.setStatus('connecting');
  };

  private readonly onReconnectFailed = () => {
    this.scheduleBackoff(`socket.io gave up after ${SOCKET_RECONNECT_ATTEMPTS} attempts`);
  };

  /**
   * The network is gone: close the socket now rather than wait for its ping to time out, and
   * stop socket.io's retries, which would only fail and push the next attempt further away.
   */
  private readonly onOffline = () => {
    if (this.stopped) return;
    this.logger.warn('[realtime] the browser is offline');
    this.offline = true;
    this.clearBackoff();
    this.socket.disconnect();
    this.setStatus('closed');
  };

  /**
   * The network is back: connect at once (decisions: D-WEB-17), whatever socket.io's retry timer
   * or our backoff says. disconnect() first drops any retry in progress, so connect() starts a
   * fresh handshake instead of waiting for it.
   */
  private readonly onOnline = () => {
    if (this.stopped) return;
    this.offline = false;
    this.backoffRound = 0;
    if (this.socket.connected) return;
    this.logger.info('[realtime] the network is back');
    this.socket.disconnect();
    this.open('the network is back');
  };

  /** Back from the background with the socket down, reconnect at once. */
  private readonly onVisibilityChange = () => {
    if (this.stopped || this.visibility?.visibilityState !== 'visible' || this.socket.connected) return;
    if (this.backoffTimer !== null || !this.socket.active) {
      this.logger.info('[realtime] back in the foreground with the socket down');
      this.open('back in the foreground');
    }
  };
}
