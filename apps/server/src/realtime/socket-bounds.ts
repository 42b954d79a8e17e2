import { MAX_SOCKETS_PER_PLAYER } from '@titans/shared/constants';
import { ERRORS, type ErrorCode } from '@titans/shared/errors';
import type { FastifyBaseLogger } from 'fastify';
import type { TitansSocket, TitansSocketServer } from './socket-dispatcher.ts';

/**
 * A player's sockets across every process of a cluster (decisions: D-CLUSTER-8). `added` lists
 * the socket and answers the ids beyond the cap, oldest first, wherever they are.
 */
export interface SharedSocketCount {
  added(telegramId: string, socketId: string, cap: number): Promise<string[]>;
  removed(telegramId: string, socketId: string): void;
}

export interface SocketBoundsCluster {
  count: SharedSocketCount;
  /** Tells sockets held by other processes why and closes them. */
  closeElsewhere(socketIds: string[], payload: { code: ErrorCode; message: string }): void;
  logger: FastifyBaseLogger;
}

/**
 * Open sockets per Telegram user, counted from the handshake (before initUser, so sockets that
 * never announce themselves count too). A player's newest sockets win: beyond
 * MAX_SOCKETS_PER_PLAYER the oldest is told `error {code: 'socket/too-many'}` and closed
 * (decisions: D-BOUND-2); a closed-by-server socket.io client does not reconnect by itself.
 * In a cluster the count spans every process (D-CLUSTER-8); without Redis it falls back to this
 * process's own count, which is always enforced at once.
 */
export class SocketRegistry {
  private readonly byTelegramId = new Map<string, Set<TitansSocket>>();

  constructor(
    io: TitansSocketServer,
    private readonly maxPerPlayer = MAX_SOCKETS_PER_PLAYER,
    private readonly cluster: SocketBoundsCluster | null = null,
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
      this.cluster?.count.removed(telegramId, socket.id);
    });
    // A Set iterates in insertion order: the first ones are the oldest.
    for (const old of sockets) {
      if (sockets.size <= this.maxPerPlayer) break;
      sockets.delete(old);
      closeWith(old, 'socket/too-many');
    }
    if (this.cluster) void this.addShared(this.cluster, telegramId, socket);
  }

  /** Lists the socket cluster-wide and closes whatever is now beyond the cap, here or elsewhere. */
  private async addShared(cluster: SocketBoundsCluster, telegramId: string, socket: TitansSocket) {
    let beyond: string[];
    try {
      beyond = await cluster.count.added(telegramId, socket.id, this.maxPerPlayer);
    } catch (error) {
      cluster.logger.warn(
        { err: error },
        'socket cap across processes unavailable; this process counts alone',
      );
      return;
    }
    const local = this.byTelegramId.get(telegramId);
    const elsewhere: string[] = [];
    for (const id of beyond) {
      const here = [...(local ?? [])].find((each) => each.id === id);
      if (here) {
        local?.delete(here);
        closeWith(here, 'socket/too-many');
      } else if (id !== socket.id) elsewhere.push(id);
    }
    if (elsewhere.length > 0)
      cluster.closeElsewhere(elsewhere, {
        code: 'socket/too-many',
        message: ERRORS['socket/too-many'].message,
      });
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
  socket.emit('error', { code, message });
  socket.disconnect(true);
}
