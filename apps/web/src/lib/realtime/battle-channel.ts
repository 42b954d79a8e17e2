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
/**
 * The server's last `battleActive` naming a battle, until that battle completes. The server says
 * it once, when the player joins, and that can be before the Arena's code has loaded and
 * listens (a reload mid-battle on a slow phone): a listener that comes later is told at once.
 */
let pendingActive: { battle_id: string | null } | null = null;

/** Keeps what a later listener must still hear of this event. */
function remember(event: string, payload: unknown) {
  if (event === 'battleActive') {
    const active = payload as { battle_id: string | null };
    pendingActive = active.battle_id ? active : null;
  } else if (event === 'battleCompleted' || event === 'battleStarted') {
    const battleId = (payload as { battle_id?: string }).battle_id;
    if (battleId && pendingActive?.battle_id === battleId) pendingActive = null;
  }
}

/** Wires the app's one socket to the Arena: its battle events reach `onBattleMessage` listeners. */
export function attachBattleChannel(next: RealtimeConnection) {
  connection = next;
  for (const event of BATTLE_SERVER_EVENTS) {
    (next.socket.on as (event: string, handler: (payload: unknown) => void) => void)(event, (payload) => {
      remember(event, payload);
      for (const listener of listeners) listener(event, payload);
    });
  }
  next.socket.on('connect', () => {
    for (const listener of listeners) listener('connect', null);
  });
}

/**
 * Listens to the Arena's server events; answers the function that stops listening. A battle the
 * server announced before this listener came (and that has not ended) is announced to it at once.
 */
export function onBattleMessage(listener: BattleListener): () => void {
  listeners.add(listener);
  if (pendingActive) listener('battleActive', pendingActive);
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
