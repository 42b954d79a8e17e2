import { ERRORS } from '@titans/shared/errors';
import type { SocketContext } from '../realtime/socket-dispatcher.ts';
import type { Realtime } from '../realtime/socket-server.ts';
import type { ArenaFailure } from './arena-context.ts';
import type { ActionReply, ArenaAction } from './battle-actions.ts';
import type { BattleService } from './battle-service.ts';

type Ack = (reply: unknown) => void;

/**
 * The Arena's socket events (decisions D-BATTLE-9). Every payload was validated by the dispatcher
 * with its shared schema; a battle id must name one of the caller's battles. In a cluster an
 * action for a battle hosted elsewhere is forwarded to its host, which answers (D-CLUSTER-17).
 */
export function registerBattleEvents(realtime: Realtime, service: BattleService) {
  const { dispatcher } = realtime;
  // Sockets per player: a player is away only when their last socket is gone.
  const sockets = new Map<string, Set<string>>();
  const joined = new WeakMap<object, string>();

  const fail = (context: SocketContext, failure: ArenaFailure) => {
    context.fail(failure.code, failure.message ?? ERRORS[failure.code].message);
    if (failure.code === 'battle/already-in-battle') void announce(context, true);
  };
  const announce = async (context: SocketContext, always: boolean) => {
    const userId = userOf(context);
    const state = await service.arenaStateOf(userId);
    if (!always && !state.battleId && !state.queued) return;
    context.emit('battleActive', { battle_id: state.battleId, in_queue: state.queued });
  };
  /** Applies or forwards the action; a refusal is the caller's `error`, as a missing room always was. */
  const act = async (context: SocketContext, battleId: string, action: ArenaAction) => {
    const reply = await service.act(userOf(context), battleId, action);
    if (!reply.ok) fail(context, { code: reply.code });
    return reply;
  };

  realtime.onUserJoined((context, user) => {
    const previous = joined.get(context.socket);
    if (previous && previous !== user.id) sockets.get(previous)?.delete(context.socket.id);
    joined.set(context.socket, user.id);
    const set = sockets.get(user.id) ?? new Set<string>();
    set.add(context.socket.id);
    sockets.set(user.id, set);
    // A reloaded app learns of its battle here and rejoins it.
    void announce(context, false).catch(() => undefined);
  });

  dispatcher.onDisconnect((context) => {
    const userId = joined.get(context.socket);
    if (!userId) return;
    const set = sockets.get(userId);
    set?.delete(context.socket.id);
    if (set && set.size === 0) {
      sockets.delete(userId);
      void service.playerLeft(userId).catch(() => undefined);
    }
  });

  registerMatchmakingEvents(realtime, service, fail);

  // A tap answers its acknowledgement (if asked) with what it did. A tap in a battle held here is
  // applied at once, without a promise (D-BATTLE-16); others are forwarded. Taps are direct (D-BATTLE-20).
  const tapped = (context: SocketContext, reply: ActionReply, ack: Ack | undefined) => {
    if (!reply.ok) fail(context, { code: reply.code });
    ack?.((reply.ok && reply.tap) || { hit: false, reason: 'refused' });
  };
  const tap = (
    payload: { battle_id: string; target_id?: number | undefined },
    context: SocketContext,
    ack: Ack | undefined,
  ) => {
    const action: ArenaAction = { type: 'tap', targetId: payload.target_id };
    const reply = service.act(userOf(context), payload.battle_id, action);
    if (reply instanceof Promise) return reply.then((forwarded) => tapped(context, forwarded, ack));
    tapped(context, reply, ack);
  };
  dispatcher.on('battleAction', tap, { direct: true });
  dispatcher.on('pvpTap', tap, { direct: true });

  dispatcher.on('forfeitBattle', async (payload, context) => {
    await act(context, payload.battle_id, { type: 'forfeit' });
  });

  dispatcher.on('skipIntro', async (payload, context) => {
    await act(context, payload.battle_id, { type: 'skipIntro' });
  });

  dispatcher.on('rejoinBattle', async (payload, context) => {
    const reply = await act(context, payload.battle_id, { type: 'rejoin' });
    if (reply.ok && reply.started) context.emit('battleStarted', reply.started);
  });
}

/**
 * The way into a battle: findMatch, leaving the search, and the ready check's answers (F51), whose
 * acknowledgement says what the answer did.
 */
function registerMatchmakingEvents(
  realtime: Realtime,
  service: BattleService,
  fail: (context: SocketContext, failure: ArenaFailure) => void,
) {
  const { dispatcher } = realtime;
  dispatcher.on('findMatch', async (payload, context) => {
    const failure = await service.findMatch(userOf(context), payload);
    if (failure) fail(context, failure);
  });
  dispatcher.on('cancelMatchmaking', (_payload, context) => service.cancelMatchmaking(userOf(context)));
  dispatcher.on('acceptMatch', async (payload, context, ack) => {
    const status = await service.acceptMatch(userOf(context), payload.match_id);
    ack?.({ status });
  });
  dispatcher.on('declineMatch', async (payload, context, ack) => {
    const declined = await service.declineMatch(userOf(context), payload.match_id);
    ack?.({ declined });
  });
}

/** The dispatcher refuses the Arena's events before initUser (`socket/no-user`): a user is set here. */
function userOf(context: SocketContext): string {
  if (!context.userId) throw new Error('an Arena event before initUser');
  return context.userId;
}
