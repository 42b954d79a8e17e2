import { sameTelegramUser } from '@titans/shared/auth/telegram-user-id';
import type { ErrorCode } from '@titans/shared/errors';
import { findUnsafeValue } from '@titans/shared/input/safe-text';
import {
  CLIENT_EVENT_SCHEMAS,
  type ClientEventName,
  type ClientPayload,
  type ClientToServerEvents,
  type ServerEventName,
  type ServerPayload,
  type ServerToClientEvents,
} from '@titans/shared/realtime/events';
import type { FastifyBaseLogger } from 'fastify';
import type { Server, Socket } from 'socket.io';
import type { z } from 'zod';
import type { TelegramIdentity } from '../auth/init-data.ts';
import type { FastPath, SocketRateLimit } from '../config/config-types.ts';
import type { Clock } from '../core/clock.ts';
import { isClusterUnavailable } from '../core/cluster-unavailable.ts';
import { PlayerBudgets, type TokenBucket } from '../hardening/player-budgets.ts';
import { ApiError } from '../http/api-error.ts';
import { type DirectRoute, directRoute, listenDirect } from '../platform/socket.io/direct-events.ts';
import { quickCheckOf } from '../platform/zod/quick-check.ts';
import { emitEvent, sendAck, sendEvent } from './emit-event.ts';
import { SocketContextOf } from './socket-context.ts';

export interface SocketData {
  identity: TelegramIdentity;
  clientId: string;
  /** Set by initUser: the account this socket acts for. */
  userId: string | null;
}

export type TitansSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;
export type TitansSocketServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;

/** What a handler gets besides its validated payload. */
export interface SocketContext {
  socket: TitansSocket;
  identity: TelegramIdentity;
  clientId: string;
  /** The caller's account once initUser has run; null before. */
  readonly userId: string | null;
  emit<E extends ServerEventName>(event: E, payload: ServerPayload<E>): void;
  /** Answers `error {message, code, seq?}` to this socket; changes nothing. */
  fail(code: ErrorCode, message?: string, seq?: number): void;
}

export type SocketHandler<E extends ClientEventName> = (
  payload: ClientPayload<E>,
  context: SocketContext,
  ack: ((reply: unknown) => void) | undefined,
) => void | Promise<void>;

export interface HandlerOptions {
  /** Refuse the event until initUser named the account (`socket/no-user`). Default true. */
  needsUser?: boolean;
  /**
   * Take the event's packets straight from engine.io, ahead of socket.io's decoder (D-BATTLE-20):
   * for the most frequent messages (battle taps). Every check below applies as on the stock path.
   */
  direct?: boolean;
}

export interface SocketDispatcherOptions {
  logger: FastifyBaseLogger;
  rateLimit: SocketRateLimit;
  /** Messages one player may send across all their sockets (decisions: D-HARDEN-2). */
  playerRateLimit?: { perSecond: number; burst: number };
  /**
   * This process's part of a player's budget, 0–1 (cluster mode: 1 / the processes holding the
   * player's sockets, decisions: D-CLUSTER-8). Read on every message: it must not wait on Redis.
   */
  playerShare?: (userId: string) => number;
  now?: Clock;
  /** The fast paths on (D-PLATFORM-1): `direct-receive`, `direct-send`, `quick-check`; all by default. */
  fastPaths?: ReadonlySet<FastPath>;
}

export const USER_ROOM_PREFIX = 'user:';

/** The room every socket of one account joins, so a push reaches all of that player's devices. */
export function userRoom(userId: string) {
  return `${USER_ROOM_PREFIX}${userId}`;
}

function describe(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || 'payload'}: ${issue.message}`).join('; ');
}

/** A token bucket per socket, and the seconds in which it refused messages. */
class MessageBudget {
  private tokens: number;
  private refilledAt: number;
  private readonly refusedSeconds: number[] = [];
  private lastWarnedSecond = -1;

  constructor(
    private readonly limit: SocketRateLimit,
    now: number,
  ) {
    this.tokens = limit.burst;
    this.refilledAt = now;
  }

  /** Takes one message; answers 'ok', 'refuse' (tell the client once a second) , 'quiet' or 'disconnect'. */
  take(now: number): 'ok' | 'refuse' | 'quiet' | 'disconnect' {
    this.tokens = Math.min(
      this.limit.burst,
      this.tokens + ((now - this.refilledAt) / 1000) * this.limit.perSecond,
    );
    this.refilledAt = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return 'ok';
    }
    const second = Math.floor(now / 1000);
    if (this.refusedSeconds.at(-1) !== second) this.refusedSeconds.push(second);
    while ((this.refusedSeconds[0] ?? second) <= second - 10) this.refusedSeconds.shift();
    if (this.refusedSeconds.length >= this.limit.disconnectAfterSeconds) return 'disconnect';
    if (this.lastWarnedSecond === second) return 'quiet';
    this.lastWarnedSecond = second;
    return 'refuse';
  }
}

/** The shared schemas, each typed by its own event so that a handler gets its payload's type. */
const PAYLOAD_SCHEMAS: { [E in ClientEventName]: z.ZodType<ClientPayload<E>> } = CLIENT_EVENT_SCHEMAS;

/** One registered event: whether it needs an account, and its handler behind the event's schema. */
interface Registration {
  needsUser: boolean;
  receive(raw: unknown, context: SocketContext, ack: ((reply: unknown) => void) | undefined): void;
}

/** socket.io's ack callback for a packet taken directly: it answers once, as socket.io's does. */
function ackOnce(socket: TitansSocket, id: number): (reply: unknown) => void {
  let sent = false;
  return (reply) => {
    if (sent) return;
    sent = true;
    sendAck(socket, id, [reply]);
  };
}

/** A `telegram_user_id` the payload names, if any (only some events carry one). */
function namedUser(payload: unknown): unknown {
  if (typeof payload !== 'object' || payload === null || !('telegram_user_id' in payload)) return undefined;
  return payload.telegram_user_id;
}

/**
 * Listens to `event` with arguments as the wire delivers them. socket.io's event map would call
 * them typed payloads; they are unknown until the event's schema parses them (the boundary).
 */
function listenRaw(socket: TitansSocket, event: string, listener: (...args: unknown[]) => void) {
  (socket.on as (event: string, listener: (...args: unknown[]) => void) => void)(event, listener);
}

/**
 * The one place socket messages come in. For every message it applies the per-socket rate limit,
 * parses the payload with the event's shared schema (CLIENT_EVENT_SCHEMAS), checks that a
 * `telegram_user_id` in it is the caller, refuses events that need an account before initUser,
 * and catches every error: a client's mistake becomes `error {message, code}`, anything else is
 * logged and answered with `server/internal`. Features register with `on(event, handler)`.
 */
export class SocketDispatcher {
  private readonly handlers = new Map<ClientEventName, Registration>();
  /** The events taken straight from engine.io (D-BATTLE-20), each with its registration. */
  private readonly directRoutes: Array<DirectRoute & { registration: Registration }> = [];
  private readonly disconnectListeners: Array<(context: SocketContext) => void> = [];
  private readonly now: Clock;
  private readonly playerBudgets: PlayerBudgets | null;
  readonly stats = {
    messages: 0,
    /** Of `messages`, those taken straight from engine.io (D-BATTLE-20). */
    direct: 0,
    refused: 0,
    invalid: 0,
    disconnectedForRate: 0,
    refusedForPlayer: 0,
  };

  constructor(private readonly options: SocketDispatcherOptions) {
    this.now = options.now ?? Date.now;
    this.playerBudgets = options.playerRateLimit ? new PlayerBudgets(options.playerRateLimit) : null;
  }

  private fast(path: FastPath): boolean {
    return this.options.fastPaths?.has(path) ?? true;
  }

  on<E extends ClientEventName>(event: E, handler: SocketHandler<E>, options: HandlerOptions = {}) {
    if (this.handlers.has(event)) throw new Error(`A handler for ${event} is already registered`);
    const needsUser = options.needsUser ?? true;
    const schema = PAYLOAD_SCHEMAS[event];
    const quick = this.fast('quick-check') ? quickCheckOf(schema) : null;
    const registration: Registration = {
      needsUser,
      receive: (raw, context, ack) => {
        // The common yes, read off the schema itself (D-BATTLE-19); anything else is zod's to answer.
        if (!quick?.accepts(raw)) return this.receive(event, schema, handler, needsUser, raw, context, ack);
        if (quick.safe || !this.unsafe(event, raw, context))
          this.handle(event, handler, needsUser, raw, context, ack);
      },
    };
    this.handlers.set(event, registration);
    if (options.direct && this.fast('direct-receive'))
      this.directRoutes.push({ ...directRoute(event), registration });
  }

  /** Called once when a socket goes away, for features that keep per-socket state. */
  onDisconnect(listener: (context: SocketContext) => void) {
    this.disconnectListeners.push(listener);
  }

  /** Wires one connected socket to the registered handlers. */
  attach(socket: TitansSocket) {
    const context: SocketContext = new SocketContextOf(
      socket,
      this.fast('direct-send') ? sendEvent : emitEvent,
    );
    const player = context.identity.telegramUserId;
    const playerBucket = this.playerBudgets?.join(player, this.now()) ?? null;
    const admit = this.admission(socket, context, playerBucket);
    socket.use((_packet, next) => {
      if (admit()) next();
    });
    for (const [event, registration] of this.handlers) {
      listenRaw(socket, event, (raw, maybeAck) => {
        const ack = typeof maybeAck === 'function' ? (reply: unknown) => maybeAck(reply) : undefined;
        registration.receive(raw, context, ack);
      });
    }
    if (this.directRoutes.length > 0)
      listenDirect(socket, this.directRoutes, (route, raw, ackId) => {
        // Called from engine.io's own event: nothing may escape into it.
        try {
          if (!admit()) return;
          this.stats.direct++;
          route.registration.receive(raw, context, ackId === null ? undefined : ackOnce(socket, ackId));
        } catch (error) {
          this.failed(route.event, context, error);
        }
      });
    socket.on('disconnect', () => {
      this.playerBudgets?.leave(player);
      for (const listener of this.disconnectListeners) {
        try {
          listener(context);
        } catch (error) {
          this.options.logger.error({ err: error }, 'socket disconnect listener failed');
        }
      }
    });
  }

  /**
   * The socket's and the player's message budgets, in front of every handler: whether one more
   * message may pass (a refusal is told to the client once a second; a flooder is disconnected).
   */
  private admission(
    socket: TitansSocket,
    context: SocketContext,
    playerBucket: TokenBucket | null,
  ): () => boolean {
    const budget = new MessageBudget(this.options.rateLimit, this.now());
    let playerWarnedSecond = -1;
    return () => {
      this.stats.messages++;
      const now = this.now();
      const verdict = budget.take(now);
      if (verdict === 'ok') {
        // The player's budget across all their sockets (rules: H3): refused, told once a second.
        const userId = socket.data.userId;
        const share = userId && this.options.playerShare ? this.options.playerShare(userId) : 1;
        if (!playerBucket || playerBucket.take(now, share)) return true;
        this.stats.refused++;
        this.stats.refusedForPlayer++;
        const second = Math.floor(now / 1000);
        if (playerWarnedSecond !== second) {
          playerWarnedSecond = second;
          context.fail('request/rate-limited', 'Too many messages from this player');
        }
        return false;
      }
      this.stats.refused++;
      if (verdict === 'refuse') context.fail('request/rate-limited');
      if (verdict === 'disconnect') {
        this.stats.disconnectedForRate++;
        this.options.logger.warn(
          { userId: socket.data.userId, socket: socket.id },
          'socket kept flooding; disconnected',
        );
        context.fail('request/rate-limited', 'Too many messages; disconnected');
        socket.disconnect(true);
      }
      return false;
    };
  }

  /** One message of `event`: checked, parsed with its schema, and handed to its handler. */
  private receive<E extends ClientEventName>(
    event: E,
    schema: z.ZodType<ClientPayload<E>>,
    handler: SocketHandler<E>,
    needsUser: boolean,
    raw: unknown,
    context: SocketContext,
    ack: ((reply: unknown) => void) | undefined,
  ) {
    if (this.unsafe(event, raw, context)) return;
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      this.stats.invalid++;
      return context.fail('request/invalid', `Invalid ${event}: ${describe(parsed.error)}`);
    }
    this.handle(event, handler, needsUser, parsed.data, context, ack);
  }

  /** Edge hardening (rules: H1): NUL, control characters, lone surrogates, over-long strings, deep nesting. */
  private unsafe(event: ClientEventName, raw: unknown, context: SocketContext): boolean {
    const unsafe = findUnsafeValue(raw);
    if (!unsafe) return false;
    this.stats.invalid++;
    context.fail('request/invalid', `Invalid ${event}: ${unsafe.path} ${unsafe.message}`);
    return true;
  }

  /** A valid payload: the caller may send it, and its handler gets it. */
  private handle<E extends ClientEventName>(
    event: E,
    handler: SocketHandler<E>,
    needsUser: boolean,
    payload: ClientPayload<E>,
    context: SocketContext,
    ack: ((reply: unknown) => void) | undefined,
  ) {
    const named = namedUser(payload);
    if (
      (typeof named === 'string' || typeof named === 'number') &&
      !sameTelegramUser(named, context.identity.telegramUserId)
    ) {
      return context.fail('auth/forbidden');
    }
    if (needsUser && !context.socket.data.userId) return context.fail('socket/no-user');
    try {
      const done = handler(payload, context, ack);
      if (done) done.catch((error: unknown) => this.failed(event, context, error));
    } catch (error) {
      this.failed(event, context, error);
    }
  }

  private failed(event: string, context: SocketContext, error: unknown) {
    if (error instanceof ApiError) return context.fail(error.code, error.message);
    // Redis (or another process) away for a moment is not a fault here (rules: CR5).
    const away = isClusterUnavailable(error);
    const fields = { err: error, event, userId: context.userId };
    if (away) this.options.logger.warn(fields, 'socket handler: cluster unavailable');
    else this.options.logger.error(fields, 'socket handler failed');
    context.fail(away ? 'server/unavailable' : 'server/internal');
  }
}
