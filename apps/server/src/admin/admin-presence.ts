import { ERRORS } from '@titans/shared/errors';
import type { RealtimeCluster } from '../cluster/realtime-cluster.ts';
import type { SocketRegistry } from '../realtime/socket-bounds.ts';
import { userRoom } from '../realtime/socket-dispatcher.ts';
import type { PresenceSource } from './player-report.ts';

/** What a kick closed: sockets counted on this process, and the other processes told to close theirs. */
export interface KickCount {
  sockets: number;
  /** Other processes holding the player's sockets when the kick was sent (null: Redis did not answer). */
  other_processes: number | null;
}

export interface AdminPresenceDeps {
  sockets: Pick<SocketRegistry, 'socketsOf' | 'closeAll'>;
  /** Whether this process holds a room (the socket.io adapter's local rooms). */
  holdsRoom(room: string): boolean;
  /** The cluster's pushes and presence; null for one process. */
  cluster: Pick<RealtimeCluster, 'roomHolders' | 'closeRemote'> | null;
  arenaStateOf(userId: string): Promise<{ battleId: string | null; queued: boolean }>;
}

/**
 * The operator's view of who is online, and the kick, across a cluster (decisions: D-CLUSTER-22).
 * Sockets here are counted; other processes holding the player's room are known from Redis
 * (RealtimeCluster.roomHolders) but their sockets are not counted: the adapter's disconnect
 * answers no count, and asking every process for its sockets would wait on the slowest.
 */
export class AdminPresence {
  constructor(private readonly deps: AdminPresenceDeps) {}

  /** Other processes holding the player's room (0 alone or when only here; null: Redis did not answer). */
  async elsewhere(userId: string): Promise<number | null> {
    const { cluster, holdsRoom } = this.deps;
    if (!cluster) return 0;
    const room = userRoom(userId);
    try {
      const holders = await cluster.roomHolders(room);
      return Math.max(0, holders - (holdsRoom(room) ? 1 : 0));
    } catch {
      return null;
    }
  }

  readonly source: PresenceSource = {
    socketsOf: (telegramUserId) => this.deps.sockets.socketsOf(telegramUserId).length,
    elsewhere: (userId) => this.elsewhere(userId),
    arenaOf: (userId) => this.deps.arenaStateOf(userId),
  };

  /**
   * Closes every socket of the player: here at once (counted), and on the other processes through
   * the player's room (told `socket/kicked`, then disconnected). The clients reconnect by themselves.
   */
  async kick(telegramUserId: string, userId: string): Promise<KickCount> {
    const otherProcesses = await this.elsewhere(userId);
    const sockets = this.deps.sockets.closeAll(telegramUserId, 'socket/kicked');
    // Unknown (Redis away) is sent too: the adapter drops what it cannot publish.
    if (otherProcesses !== 0)
      void this.deps.cluster?.closeRemote([userRoom(userId)], {
        code: 'socket/kicked',
        message: ERRORS['socket/kicked'].message,
      });
    return { sockets, other_processes: otherProcesses };
  }
}
