import { ERRORS } from '@titans/shared/errors';
import type { SocketContext } from '../realtime/socket-dispatcher.ts';
import type { Realtime } from '../realtime/socket-server.ts';
import type { BattleRoom } from './battle-room.ts';
import type { ArenaFailure, BattleService } from './battle-service.ts';

/**
 * The Arena's socket events (spec-b §7, issue 11). Every payload was validated by the dispatcher
 * with its shared schema; a battle id must name one of the caller's battles.
 */
export function registerBattleEvents(realtime: Realtime, service: BattleService) {
  const { dispatcher } = realtime;
  // Sockets per player: a player is away only when their last socket is gone.
  const sockets = new Map<string, Set<string>>();
  const joined = new WeakMap<object, string>();

  const room = (context: SocketContext, battleId: string): BattleRoom | null => {
    const found = service.roomFor(context.userId!, battleId);
    if (found instanceof Object && 'code' in found) {
      fail(context, found);
      return null;
    }
    return found as BattleRoom;
  };
  const fail = (context: SocketContext, failure: ArenaFailure) => {
    context.fail(failure.code, failure.message ?? ERRORS[failure.code].message);
    if (failure.code === 'battle/already-in-battle') announce(context);
  };
  const announce = (context: SocketContext) => {
    const userId = context.userId!;
    context.emit('battleActive', {
      battle_id: service.activeBattleOf(userId),
      in_queue: service.isQueued(userId),
    });
  };

  realtime.onUserJoined((context, user) => {
    const previous = joined.get(context.socket);
    if (previous && previous !== user.id) sockets.get(previous)?.delete(context.socket.id);
    joined.set(context.socket, user.id);
    const set = sockets.get(user.id) ?? new Set<string>();
    set.add(context.socket.id);
    sockets.set(user.id, set);
    // A reloaded app learns of its battle here and rejoins it (spec-b §4 "rejoins the battle by id").
    if (service.activeBattleOf(user.id) || service.isQueued(user.id)) announce(context);
  });

  dispatcher.onDisconnect((context) => {
    const userId = joined.get(context.socket);
    if (!userId) return;
    const set = sockets.get(userId);
    set?.delete(context.socket.id);
    if (set && set.size === 0) {
      sockets.delete(userId);
      service.playerLeft(userId);
    }
  });

  dispatcher.on('findMatch', async (payload, context) => {
    const failure = await service.findMatch(context.userId!, payload);
    if (failure) fail(context, failure);
  });

  dispatcher.on('cancelMatchmaking', (_payload, context) => service.cancelMatchmaking(context.userId!));

  // A tap answers its acknowledgement (when the client asked for one) with what it did.
  dispatcher.on('battleAction', (payload, context, ack) => {
    const outcome = room(context, payload.battle_id)?.tap(context.userId!, payload.target_id);
    ack?.(outcome ?? { hit: false, reason: 'refused' });
  });

  dispatcher.on('pvpTap', (payload, context, ack) => {
    const outcome = room(context, payload.battle_id)?.tap(context.userId!, payload.target_id);
    ack?.(outcome ?? { hit: false, reason: 'refused' });
  });

  dispatcher.on('forfeitBattle', (payload, context) =>
    room(context, payload.battle_id)?.forfeit(context.userId!),
  );

  dispatcher.on('rejoinBattle', (payload, context) => {
    const found = room(context, payload.battle_id);
    if (!found) return;
    if (found.isOver) return fail(context, { code: 'battle/over' });
    found.present(context.userId!);
    context.emit('battleStarted', found.startedPayload(context.userId!, true));
  });
}
