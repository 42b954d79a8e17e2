import { MAX_SOCKETS_PER_PLAYER } from '@titans/shared/constants';
import { ERRORS, type ErrorCode } from '@titans/shared/errors';
import type { TitansSocket, TitansSocketServer } from './socket-dispatcher.ts';

/**
 * Open sockets per Telegram user, counted from the handshake (before initUser, so sockets that
 * never announce themselves count too). A player's newest sockets win: beyond
 * MAX_SOCKETS_PER_PLAYER the oldest is told `error {code: 'socket/too-many'}` and closed
 * (decisions: D-BOUND-2); a closed-by-server socket.io client does not reconnect by itself.
 */
export class SocketRegistry {
  private readonly byTelegramId = new Map<string, Set<TitansSocket>>();

  constructor(
    io: TitansSocketServer,
    private readonly maxPerPlayer = MAX_SOCKETS_PER_PLAYER,
  ) {
    io.on('connection', (socket: TitansSocket) => this.add(socket));
  }

  private add(socket: TitansSocket) {
    const telegramId = socket.data.identity.telegramUserId;
    let sockets = this.byTelegramId.get(telegramId);
    if (!sockets) {
      sockets = new Set();
      this.byTelegramId.set(telegramId, sockets);
    }
    sockets.add(socket);
    socket.on('disconnect', () => {
      sockets.delete(socket);
      if (sockets.size === 0 && this.byTelegramId.get(telegramId) === sockets)
        this.byTelegramId.delete(telegramId);
    });
    // A Set iterates in insertion order: the first ones are the oldest.
    for (const old of sockets) {
      if (sockets.size <= this.maxPerPlayer) break;
      sockets.delete(old);
      closeWith(old, 'socket/too-many');
    }
  }

  /** The open sockets of one Telegram user. */
  socketsOf(telegramId: string): TitansSocket[] {
    return [...(this.byTelegramId.get(telegramId) ?? [])];
  }

  /** Tells every socket of a Telegram user why and closes them (a ban). */
  closeAll(telegramId: string, code: ErrorCode, message?: string): number {
    const sockets = this.socketsOf(telegramId);
    for (const socket of sockets) closeWith(socket, code, message);
    return sockets.length;
  }
}

function closeWith(socket: TitansSocket, code: ErrorCode, message: string = ERRORS[code].message) {
  (socket.emit as (event: string, payload: unknown) => void)('error', { code, message });
  socket.disconnect(true);
}
