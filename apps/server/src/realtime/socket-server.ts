import { SOCKET_PATH } from '@titans/shared/constants';
import { ERRORS, type ErrorCode } from '@titans/shared/errors';
import type { ServerEventName, ServerPayload } from '@titans/shared/realtime/events';
import type { FastifyBaseLogger } from 'fastify';
import { Server } from 'socket.io';
import { validateInitData } from '../auth/init-data.ts';
import type { RealtimeCluster } from '../cluster/realtime-cluster.ts';
import type { Config } from '../config/config.ts';
import type { Clock } from '../core/clock.ts';
import { EPHEMERAL_CLIENT } from '../core/shared-constants.ts';
import type { users as usersTable } from '../db/schema.ts';
import { HandshakeBudgets } from '../hardening/player-budgets.ts';
import { emitEvent, sendEvent } from './emit-event.ts';
import { jsonPacketParser } from './json-packet-encoder.ts';
import { LocalPlayerSockets } from './local-player-sockets.ts';
import {
  type SocketContext,
  SocketDispatcher,
  type TitansSocket,
  type TitansSocketServer,
  USER_ROOM_PREFIX,
  userRoom,
} from './socket-dispatcher.ts';

export type { TitansSocketServer } from './socket-dispatcher.ts';

const CLIENT_ID = /^[A-Za-z0-9_-]{8,64}$/;

/** An Error whose `data` socket.io hands to the client's connect_error listener. */
function handshakeError(code: ErrorCode, message: string = ERRORS[code].message) {
  return Object.assign(new Error(message), { data: { code, message } });
}

/** The account a socket belongs to, as the user service finds it. */
export type Account = Pick<
  typeof usersTable.$inferSelect,
  'id' | 'telegramUserId' | 'isBanned' | 'banReason'
>;

/** What the socket server asks of the user service (users/user-service.ts; app/ hands it in). */
export interface AccountLookup {
  findAccount(telegramUserId: string): Promise<Account | null>;
}

export interface SocketServerDeps {
  config: Config;
  logger: FastifyBaseLogger;
  users: AccountLookup;
  now: Clock;
  /** Cluster mode (REDIS_URL): pushes, presence and budgets across processes; null alone. */
  cluster?: RealtimeCluster | null;
}

/** The realtime side as features see it. */
export interface Realtime {
  io: TitansSocketServer;
  dispatcher: SocketDispatcher;
  /** Cross-process pushes and presence (cluster mode); null in one process. */
  cluster: RealtimeCluster | null;
  /** Pushes an event to every socket of one player (all their devices). */
  toUser<E extends ServerEventName>(userId: string, event: E, payload: ServerPayload<E>): void;
  /** Called after initUser named the socket's account (the socket is in the player's room). */
  onUserJoined(listener: (context: SocketContext, user: Account) => void | Promise<void>): void;
}

/**
 * socket.io on /engine.io sharing the HTTP server. The handshake carries signed init data;
 * `initUser` names the account (it must be the caller) and joins the player's room; every other
 * event arrives through the dispatcher, which validates it with its shared schema.
 */
export function createSocketServer(httpServer: import('node:http').Server, deps: SocketServerDeps): Realtime {
  const { config, logger, users } = deps;
  const cluster = deps.cluster ?? null;
  const fast = config.fastPaths;
  const io: TitansSocketServer = new Server(httpServer, {
    ...(cluster ? { adapter: cluster.adapter() } : {}),
    // Stock socket.io (FAST_PATHS without direct-send) encodes with its own parser.
    ...(fast.has('direct-send') ? { parser: jsonPacketParser } : {}),
    path: SOCKET_PATH,
    serveClient: false,
    perMessageDeflate: false,
    pingInterval: 25_000,
    pingTimeout: 20_000,
    maxHttpBufferSize: 16 * 1024,
    cors: { origin: config.publicUrl ?? true, credentials: false },
  });
  const dispatcher = new SocketDispatcher({
    logger,
    rateLimit: config.socketRateLimit,
    playerRateLimit: config.socketPlayerRateLimit,
    // A player with sockets on N processes gets 1/N of the budget on each (D-CLUSTER-8).
    ...(cluster
      ? { playerShare: (userId: string) => 1 / (1 + cluster.remoteHolders(userRoom(userId))) }
      : {}),
    now: deps.now,
    fastPaths: fast,
  });
  cluster?.attach(io.of('/'), (room) => room.startsWith(USER_ROOM_PREFIX));
  io.use(handshake(deps));
  const joinedListeners: JoinedListener[] = [];
  handleInitUser(dispatcher, users, joinedListeners, cluster);
  io.on('connection', (socket: TitansSocket) => dispatcher.attach(socket));
  const nsp = io.of('/');
  const localSockets = new LocalPlayerSockets(nsp, USER_ROOM_PREFIX);
  const send = fast.has('direct-send') ? sendEvent : emitEvent;

  return {
    io,
    dispatcher,
    cluster,
    toUser(userId, event, payload) {
      // Local sockets get it at once without Redis; other processes only when they may hold the
      // player (D-CLUSTER-6). The adapter's own broadcast would wait for Redis before the local emit.
      // Each local socket is written to directly: a broadcast operator, its room sets and flags
      // per message cost more than the one or two sockets a player has (D-BATTLE-16, D-BATTLE-17).
      const sockets = localSockets.get(userId);
      if (sockets) for (const socket of sockets) send(socket, event, payload);
      if (!cluster) return;
      const room = userRoom(userId);
      if (fast.has('adapter-broadcast')) return cluster.publish(room, event, payload, sockets !== undefined);
      // Stock: the adapter's own broadcast to the room's other sockets (after its Redis publish).
      const others = sockets ? nsp.to(room).except(sockets.map((socket) => socket.id)) : nsp.to(room);
      emitEvent(others, event, payload);
    },
    onUserJoined(listener) {
      joinedListeners.push(listener);
    },
  };
}

type JoinedListener = (context: SocketContext, user: Account) => void | Promise<void>;

/** The handshake: signed init data, a per-player budget, no banned account, the client id. */
function handshake({ config, logger, users }: SocketServerDeps) {
  // Handshakes per player: 30 at once, then 2 a second (decisions: D-HARDEN-2).
  const handshakes = new HandshakeBudgets({ perSecond: 2, burst: 30 });
  return async (socket: TitansSocket, next: (error?: Error) => void) => {
    try {
      const auth: Record<string, unknown> = socket.handshake.auth ?? {};
      const result = validateInitData(
        typeof auth.initData === 'string' ? auth.initData : undefined,
        config.botToken,
        config.authMaxAgeSeconds,
      );
      if (!result.ok) return next(handshakeError(result.problem));
      if (!handshakes.take(result.identity.telegramUserId, Date.now()))
        return next(handshakeError('request/rate-limited', 'Too many connections; try again shortly'));
      const user = await users.findAccount(result.identity.telegramUserId);
      if (user?.isBanned) {
        return next(handshakeError('auth/banned', user.banReason ?? ERRORS['auth/banned'].message));
      }
      socket.data = {
        identity: result.identity,
        clientId:
          typeof auth.clientId === 'string' && CLIENT_ID.test(auth.clientId)
            ? auth.clientId
            : `${EPHEMERAL_CLIENT}${socket.id}`,
        userId: null,
      };
      next();
    } catch (error) {
      logger.error({ err: error }, 'socket handshake failed');
      next(handshakeError('server/unavailable'));
    }
  };
}

/** initUser {telegram_user_id}: the dispatcher already checked it names the caller. */
function handleInitUser(
  dispatcher: SocketDispatcher,
  users: AccountLookup,
  joinedListeners: JoinedListener[],
  cluster: RealtimeCluster | null,
) {
  dispatcher.on(
    'initUser',
    async (_payload, context) => {
      const user = await users.findAccount(context.identity.telegramUserId);
      if (!user) return context.fail('user/not-registered');
      if (user.isBanned) {
        context.fail('auth/banned', user.banReason ?? ERRORS['auth/banned'].message);
        context.socket.disconnect(true);
        return;
      }
      const socket = context.socket;
      if (socket.data.userId && socket.data.userId !== user.id)
        await socket.leave(userRoom(socket.data.userId));
      socket.data.userId = user.id;
      await socket.join(userRoom(user.id));
      // In a cluster the answer waits for this process to listen on the room (rules: CR6).
      await cluster?.roomReady(userRoom(user.id));
      for (const listener of joinedListeners) await listener(context, user);
    },
    { needsUser: false },
  );
}
