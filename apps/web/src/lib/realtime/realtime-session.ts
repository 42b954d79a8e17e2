import type { StatusPayload } from '@titans/shared/taps/schemas';
import { type BalanceStore, balanceStore } from './balance-store.ts';
import { attachBattleChannel } from './battle-channel.ts';
import { pageClientId } from './client-id.ts';
import { useConnection } from './connection-store.ts';
import { isStatusPayload, isTapRegisteredPayload, toErrorPayload } from './payload-guards.ts';
import { RealtimeConnection, type SocketFactory, type TitansClientSocket } from './realtime-connection.ts';
import { TapPipeline } from './tap-pipeline.ts';

export interface RealtimeSessionOptions {
  telegramUserId: string;
  initData: () => string | undefined;
  /** Resolves once the account exists on the server: the player is announced only then. */
  accountReady?: () => Promise<unknown>;
  /** A socket opened before the app was evaluated (early-socket.ts), to adopt instead of a new one. */
  socket?: TitansClientSocket | null;
  onBanned: (reason: string | null) => void;
  /** Every status the server pushes (to refresh the cached user: gems, balances). */
  onStatus?: (kind: 'statusUpdated' | 'coinsUpdated' | 'energyUpdated', payload: StatusPayload) => void;
  createSocket?: SocketFactory;
  store?: BalanceStore;
  logger?: Pick<Console, 'info' | 'warn' | 'error'>;
}

export interface RealtimeSession {
  connection: RealtimeConnection;
  pipeline: TapPipeline;
  stop(): void;
}

/**
 * One batch counter per page load, like the client id (D-TAP-6, client-id.ts): a session started
 * again (the shell remounted) goes on from the last seq, which the server would otherwise take for
 * resends and answer `duplicate`.
 */
let lastSeq = 0;
const nextSeq = () => ++lastSeq;
let active: RealtimeSession | null = null;

/** Listeners of server events that features react to (referralJoined…), across session restarts. */
const eventListeners = new Map<string, Set<(payload: unknown) => void>>();

/** Delivers one pushed event to the features listening for it. */
function dispatch(event: string, payload: unknown) {
  for (const listener of eventListeners.get(event) ?? []) listener(payload);
}

/** Calls `listener` with every `event` the server pushes to this player; returns the unsubscribe. */
export function onServerEvent(event: string, listener: (payload: unknown) => void): () => void {
  let listeners = eventListeners.get(event);
  if (!listeners) {
    listeners = new Set();
    eventListeners.set(event, listeners);
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The player's realtime session: one socket for the whole app (Home, the Boost screen and later
 * the Arena share it) feeding the tap pipeline and the balance store.
 */
export function startRealtimeSession(options: RealtimeSessionOptions): RealtimeSession {
  active?.stop();
  const logger = options.logger ?? console;
  const store = options.store ?? balanceStore;
  let pipeline: TapPipeline | null = null;
  const connection = new RealtimeConnection({
    telegramUserId: options.telegramUserId,
    initData: options.initData,
    ...(options.accountReady ? { accountReady: options.accountReady } : {}),
    ...(options.socket ? { socket: options.socket } : {}),
    clientId: pageClientId,
    logger,
    ...(options.createSocket ? { createSocket: options.createSocket } : {}),
    onStatus: (status) => useConnection.getState().setStatus(status),
    onConnected: () => pipeline?.handleConnected(),
    onDisconnected: () => pipeline?.handleDisconnected(),
    onBanned: options.onBanned,
  });
  pipeline = new TapPipeline({
    telegramUserId: options.telegramUserId,
    transport: connection,
    store,
    logger,
    nextSeq,
  });
  const tapPipeline = pipeline;

  for (const kind of ['statusUpdated', 'coinsUpdated', 'energyUpdated'] as const) {
    connection.socket.on(kind, (payload: unknown) => {
      if (!isStatusPayload(payload)) {
        logger.warn(`[realtime] ignored a malformed ${kind}`, payload);
        return;
      }
      tapPipeline.handleStatus(kind, payload);
      options.onStatus?.(kind, payload);
    });
  }
  connection.socket.on('tapRegistered', (payload: unknown) => {
    if (!isTapRegisteredPayload(payload)) {
      logger.warn('[realtime] ignored a malformed tapRegistered', payload);
      return;
    }
    tapPipeline.handleTapRegistered(payload);
  });
  connection.socket.on('error', (payload: unknown) => tapPipeline.handleError(toErrorPayload(payload)));
  // Every pushed event reaches the features listening for it (onServerEvent), whenever they subscribe.
  connection.socket.onAny((event: string, payload: unknown) => dispatch(event, payload));
  // The Arena's events travel on the same socket (lib/realtime/battle-channel.ts).
  attachBattleChannel(connection);

  const session: RealtimeSession = {
    connection,
    pipeline: tapPipeline,
    stop() {
      tapPipeline.dispose();
      connection.stop();
      if (active === session) active = null;
    },
  };
  active = session;
  connection.start();
  return session;
}

/** The running session's tap pipeline, if the app has one. */
export function getTapPipeline(): TapPipeline | null {
  return active?.pipeline ?? null;
}
