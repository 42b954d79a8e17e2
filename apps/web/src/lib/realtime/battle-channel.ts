import type { ClientToServerEvents, ServerPayload } from '@titans/shared/realtime/events';
import type { RealtimeConnection, TitansClientSocket } from './realtime-connection.ts';

/** Server events the Arena listens to, plus `error` for its refusals. */
export const BATTLE_SERVER_EVENTS = [
  'matchmakingStarted',
  'matchmakingUpdate',
  'matchmakingCancelled',
  'matchFound',
  'matchCancelled',
  'battleStarted',
  'battleTurnProcessed',
  'pvpHealthUpdate',
  'battleEvent',
  'battleCompleted',
  'pvpBattleResult',
  'waitingForOpponent',
  'battleAutoResolve',
  'battleActive',
  'error',
] as const;

export type BattleServerEvent = (typeof BATTLE_SERVER_EVENTS)[number];

/**
 * One message for the Arena: a server event with its payload typed from the shared event map,
 * or `connect` when the socket (re)connects.
 */
export type BattleMessage =
  | { [E in BattleServerEvent]: { event: E; payload: ServerPayload<E> } }[BattleServerEvent]
  | { event: 'connect'; payload: null };

export type BattleListener = (message: BattleMessage) => void;

const listeners = new Set<BattleListener>();
let connection: RealtimeConnection | null = null;
/**
 * The server's last `battleActive` naming a battle, until that battle completes. The server says
 * it once, when the player joins, and that can be before the Arena's code has loaded and
 * listens (a reload mid-battle on a slow phone): a listener that comes later is told at once.
 */
let pendingActive: ServerPayload<'battleActive'> | null = null;

/** Keeps what a later listener must still hear of this message, then tells every listener. */
function deliver(message: BattleMessage) {
  if (message.event === 'battleActive') {
    pendingActive = message.payload.battle_id ? message.payload : null;
  } else if (message.event === 'battleCompleted' || message.event === 'battleStarted') {
    if (pendingActive?.battle_id === message.payload.battle_id) pendingActive = null;
  }
  for (const listener of listeners) listener(message);
}

/** One line per event: socket.io types each handler's payload from the shared event map. */
function listen(socket: TitansClientSocket) {
  socket.on('matchmakingStarted', (payload) => deliver({ event: 'matchmakingStarted', payload }));
  socket.on('matchmakingUpdate', (payload) => deliver({ event: 'matchmakingUpdate', payload }));
  socket.on('matchmakingCancelled', (payload) => deliver({ event: 'matchmakingCancelled', payload }));
  socket.on('matchFound', (payload) => deliver({ event: 'matchFound', payload }));
  socket.on('matchCancelled', (payload) => deliver({ event: 'matchCancelled', payload }));
  socket.on('battleStarted', (payload) => deliver({ event: 'battleStarted', payload }));
  socket.on('battleTurnProcessed', (payload) => deliver({ event: 'battleTurnProcessed', payload }));
  socket.on('pvpHealthUpdate', (payload) => deliver({ event: 'pvpHealthUpdate', payload }));
  socket.on('battleEvent', (payload) => deliver({ event: 'battleEvent', payload }));
  socket.on('battleCompleted', (payload) => deliver({ event: 'battleCompleted', payload }));
  socket.on('pvpBattleResult', (payload) => deliver({ event: 'pvpBattleResult', payload }));
  socket.on('waitingForOpponent', (payload) => deliver({ event: 'waitingForOpponent', payload }));
  socket.on('battleAutoResolve', (payload) => deliver({ event: 'battleAutoResolve', payload }));
  socket.on('battleActive', (payload) => deliver({ event: 'battleActive', payload }));
  socket.on('error', (payload) => deliver({ event: 'error', payload }));
  socket.on('connect', () => deliver({ event: 'connect', payload: null }));
}

/** Wires the app's one socket to the Arena: its battle events reach `onBattleMessage` listeners. */
export function attachBattleChannel(next: RealtimeConnection) {
  connection = next;
  listen(next.socket);
}

/**
 * Listens to the Arena's server events; answers the function that stops listening. A battle the
 * server announced before this listener came (and that has not ended) is announced to it at once.
 */
export function onBattleMessage(listener: BattleListener): () => void {
  listeners.add(listener);
  if (pendingActive) listener({ event: 'battleActive', payload: pendingActive });
  return () => listeners.delete(listener);
}

/** Sends an Arena event; false (and a logged warning) when the socket is down. */
export function sendBattle<E extends keyof ClientToServerEvents>(
  event: E,
  ...payload: Parameters<ClientToServerEvents[E]>
): boolean {
  if (!connection) return false;
  return connection.emit(event, ...payload);
}

/** True while the socket is connected. */
export function battleChannelConnected() {
  return connection?.connected ?? false;
}
