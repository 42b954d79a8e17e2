import type { TitansSocket, TitansSocketServer } from './socket-dispatcher.ts';

/**
 * This process's sockets of each player, kept from the adapter's own `join-room` / `leave-room`
 * events on the players' rooms. A push (`toUser`) looks the player up once, by the id it already
 * holds, instead of building the room's name and looking it up, then each socket, in socket.io's
 * maps of every room and socket (D-BATTLE-17). The arrays are replaced, never changed, so a push
 * that loops over one is not disturbed by a socket leaving meanwhile.
 */
export class LocalPlayerSockets {
  private readonly byUser = new Map<string, readonly TitansSocket[]>();

  constructor(namespace: ReturnType<TitansSocketServer['of']>, roomPrefix: string) {
    const adapter = namespace.adapter;
    const onJoin = (room: string, id: string) => {
      if (!room.startsWith(roomPrefix)) return;
      const socket = namespace.sockets.get(id);
      if (!socket) return;
      // The socket's own account id when it is the room's (it is, after initUser): a whole string,
      // where a slice of the room's name would be compared through its parent on every push.
      const named = room.slice(roomPrefix.length);
      const userId = socket.data.userId === named ? socket.data.userId : named;
      const held = this.byUser.get(userId) ?? [];
      if (!held.includes(socket)) this.byUser.set(userId, [...held, socket]);
    };
    const onLeave = (room: string, id: string) => {
      if (!room.startsWith(roomPrefix)) return;
      const userId = room.slice(roomPrefix.length);
      const held = this.byUser.get(userId);
      if (!held) return;
      const rest = held.filter((socket) => socket.id !== id);
      if (rest.length > 0) this.byUser.set(userId, rest);
      else this.byUser.delete(userId);
    };
    adapter.on('join-room', onJoin);
    adapter.on('leave-room', onLeave);
  }

  /** The player's sockets on this process; none is `undefined`. */
  get(userId: string): readonly TitansSocket[] | undefined {
    return this.byUser.get(userId);
  }
}
