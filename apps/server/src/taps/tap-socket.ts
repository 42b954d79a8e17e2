import type { TapResult } from '../core/tap-result.ts';
import type { SocketContext } from '../realtime/socket-dispatcher.ts';
import type { Realtime } from '../realtime/socket-server.ts';
import type { TapEngine, TapSubscriber } from './tap-engine.ts';

/**
 * The tap stream on the socket: after initUser the socket subscribes to its player's balance
 * updates and gets `statusUpdated`; each `tap {count, seq}` is applied by the engine and
 * answered with `tapRegistered` (and the ack, when the client passed one).
 */
export function registerTapEvents(realtime: Realtime, engine: TapEngine) {
  const subscribers = new WeakMap<object, { userId: string; subscriber: TapSubscriber }>();

  realtime.onUserJoined(async (context, user) => {
    const previous = subscribers.get(context.socket);
    if (previous) engine.unsubscribe(previous.userId, previous.subscriber);
    const subscriber: TapSubscriber = {
      clientId: context.clientId,
      send: (event, payload) => context.emit(event, payload),
      moved: () => {
        context.fail('socket/moved');
        context.socket.disconnect(true);
      },
    };
    subscribers.set(context.socket, { userId: user.id, subscriber });
    const status = await engine.subscribe(user.id, subscriber);
    if (status) context.emit('statusUpdated', status);
  });

  /** Answers one applied tap event: `tapRegistered`, the ack, and the player's other devices. */
  const answer = (
    result: TapResult,
    context: SocketContext,
    ack: ((reply: unknown) => void) | undefined,
    session: { userId: string; subscriber: TapSubscriber },
    seq: number | undefined,
  ) => {
    if (!result.ok) return context.fail(result.code, undefined, seq);
    context.emit('tapRegistered', result.payload);
    ack?.(result.payload);
    if (result.payload.accepted > 0) engine.notifyOthers(session.userId, session.subscriber);
  };

  realtime.dispatcher.on(
    'tap',
    (payload, context, ack) => {
      const { count = 1, seq } = payload;
      const session = subscribers.get(context.socket);
      if (!session) return context.fail('tap/no-user', undefined, seq);
      // Users who are tapping are in memory: answered in this turn of the event loop, with no
      // promise (one tap event per tap at human rates, for every player at once).
      const loaded = engine.tapIfLoaded(session.userId, context.clientId, count, seq);
      if (loaded) return answer(loaded, context, ack, session, seq);
      return engine
        .tap(session.userId, context.clientId, count, seq)
        .then((result) => answer(result, context, ack, session, seq));
    },
    { needsUser: false },
  );

  realtime.dispatcher.onDisconnect((context) => {
    const session = subscribers.get(context.socket);
    if (session) engine.unsubscribe(session.userId, session.subscriber);
  });
}
