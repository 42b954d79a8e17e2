import { sameTelegramUser } from '@titans/shared/auth/telegram-user-id';
import { SOCKET_PATH } from '@titans/shared/constants';
import { ERRORS, type ErrorCode } from '@titans/shared/errors';
import type { ClientToServerEvents, ServerToClientEvents } from '@titans/shared/realtime/events';
import { initUserPayloadSchema, tapPayloadSchema } from '@titans/shared/taps/schemas';
import type { FastifyBaseLogger } from 'fastify';
import { Server, type Socket } from 'socket.io';
import type { z } from 'zod';
import type { TelegramIdentity } from '../auth/init-data.ts';
import { validateInitData } from '../auth/init-data.ts';
import type { Config } from '../config/config.ts';
import { EPHEMERAL_CLIENT, type TapEngine, type TapSubscriber } from '../taps/tap-engine.ts';
import type { UserService } from '../users/user-service.ts';

interface SocketData {
  identity: TelegramIdentity;
  clientId: string;
  /** Set by initUser: the account this socket taps for. */
  userId: string | null;
  subscriber: TapSubscriber | null;
}

type TitansSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type TitansSocketServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;

const CLIENT_ID = /^[A-Za-z0-9_-]{8,64}$/;

/** An Error whose `data` socket.io hands to the client's connect_error listener. */
function handshakeError(code: ErrorCode, message: string = ERRORS[code].message) {
  const error = new Error(message) as Error & { data: unknown };
  error.data = { code, message };
  return error;
}

function describe(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || 'payload'}: ${issue.message}`).join('; ');
}

export interface SocketServerDeps {
  config: Config;
  logger: FastifyBaseLogger;
  users: UserService;
  engine: TapEngine;
}

/**
 * socket.io on /engine.io sharing the HTTP server. The handshake carries signed init data;
 * every inbound payload is validated with the shared schema before use, and a bad one gets
 * `error {message}` and changes nothing.
 */
export function createSocketServer(
  httpServer: import('node:http').Server,
  deps: SocketServerDeps,
): TitansSocketServer {
  const { config, logger, users, engine } = deps;
  const io: TitansSocketServer = new Server(httpServer, {
    path: SOCKET_PATH,
    serveClient: false,
    perMessageDeflate: false,
    pingInterval: 25_000,
    pingTimeout: 20_000,
    maxHttpBufferSize: 16 * 1024,
    cors: { origin: config.publicUrl ?? true, credentials: false },
  });

  io.use(async (socket, next) => {
    try {
      const auth = (socket.handshake.auth ?? {}) as { initData?: unknown; clientId?: unknown };
      const result = validateInitData(
        typeof auth.initData === 'string' ? auth.initData : undefined,
        config.botToken,
        config.authMaxAgeSeconds,
      );
      if (!result.ok) return next(handshakeError(result.problem));
      const user = await users.findByTelegramId(result.identity.telegramUserId);
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
        subscriber: null,
      };
      next();
    } catch (error) {
      logger.error({ err: error }, 'socket handshake failed');
      next(handshakeError('server/unavailable'));
    }
  });

  io.on('connection', (socket: TitansSocket) => {
    const fail = (code: ErrorCode, message: string = ERRORS[code].message, seq?: number) =>
      socket.emit('error', seq === undefined ? { message, code } : { message, code, seq });

    socket.on('initUser', async (raw) => {
      try {
        const parsed = initUserPayloadSchema.safeParse(raw);
        if (!parsed.success) return fail('request/invalid', `Invalid initUser: ${describe(parsed.error)}`);
        if (!sameTelegramUser(parsed.data.telegram_user_id, socket.data.identity.telegramUserId)) {
          return fail('auth/forbidden');
        }
        const user = await users.findByTelegramId(socket.data.identity.telegramUserId);
        if (!user) return fail('user/not-registered');
        if (user.isBanned) {
          fail('auth/banned', user.banReason ?? ERRORS['auth/banned'].message);
          return socket.disconnect(true);
        }
        if (socket.data.subscriber && socket.data.userId)
          engine.unsubscribe(socket.data.userId, socket.data.subscriber);
        const subscriber: TapSubscriber = {
          clientId: socket.data.clientId,
          send: (event, payload) => socket.emit(event, payload),
        };
        socket.data.userId = user.id;
        socket.data.subscriber = subscriber;
        const status = await engine.subscribe(user.id, subscriber);
        if (status) socket.emit('statusUpdated', status);
      } catch (error) {
        logger.error({ err: error }, 'initUser failed');
        fail('server/internal');
      }
    });

    socket.on('tap', async (raw, ack?: unknown) => {
      try {
        const parsed = tapPayloadSchema.safeParse(raw);
        if (!parsed.success) return fail('request/invalid', `Invalid tap: ${describe(parsed.error)}`);
        if (!sameTelegramUser(parsed.data.telegram_user_id, socket.data.identity.telegramUserId)) {
          return fail('auth/forbidden');
        }
        const { userId, subscriber, clientId } = socket.data;
        const { count = 1, seq } = parsed.data;
        if (!userId || !subscriber) return fail('tap/no-user', undefined, seq);
        // Users who are tapping are in memory: answer in this turn of the event loop.
        const result =
          engine.tapIfLoaded(userId, clientId, count, seq) ??
          (await engine.tap(userId, clientId, count, seq));
        if (!result.ok) return fail(result.code, undefined, seq);
        socket.emit('tapRegistered', result.payload);
        if (typeof ack === 'function') ack(result.payload);
        if (result.payload.accepted > 0) engine.notifyOthers(userId, subscriber);
      } catch (error) {
        logger.error({ err: error }, 'tap failed');
        fail('server/internal');
      }
    });

    socket.on('disconnect', () => {
      if (socket.data.userId && socket.data.subscriber)
        engine.unsubscribe(socket.data.userId, socket.data.subscriber);
    });
  });

  return io;
}
