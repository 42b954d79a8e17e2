import type { ClientToServerEvents } from '@titans/shared/realtime/events';
import type { RealtimeConnection } from './realtime-connection.ts';

/** Server events the Arena listens to (spec-b §7, issue 11), plus `error` for its refusals. */
export const BATTLE_SERVER_EVENTS = new Set([
  'matchmakingStarted',
  'matchmakingUpdate',
  'matchmakingCancelled',
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
]);

export type BattleListener = (event: string, payload: unknown) => void;

const listeners = new Set<BattleListener>();
let connection: RealtimeConnection | null = null;

/** Wires the app's one socket to the Arena: its battle events reach `onBattleMessage` listeners. */
export function attachBattleChannel(next: RealtimeConnection) {
  connection = next;
  for (const event of BATTLE_SERVER_EVENTS) {
    (next.socket.on as (event: string, handler: (payload: unknown) => void) => void)(event, (payload) => {
      for (const listener of listeners) listener(event, payload);
    });
  }
  next.socket.on('connect', () => {
    for (const listener of listeners) listener('connect', null);
  });
}

/** Listens to the Arena's server events; answers the function that stops listening. */
export function onBattleMessage(listener: BattleListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Sends an Arena event; false (and a logged warning) when the socket is down (spec-b §7). */
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
