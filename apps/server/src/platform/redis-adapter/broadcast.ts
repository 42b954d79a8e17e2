// Fenced: written against @socket.io/redis-adapter 8.3.0 (the sharded adapter's private `uid`, its
// channel names and its JSON `BROADCAST` message) and socket.io-adapter 2.5.8 (`MessageType`). The
// versions are pinned in apps/server/package.json; test/platform-contract.test.ts checks them and
// that the path is taken.
import type { Adapter } from 'socket.io-adapter';
import { MessageType } from 'socket.io-adapter';
import { fastPathCounts } from '../fast-path-counts.ts';

/** socket.io's packet type for an event (socket.io-parser's PacketType.EVENT). */
const EVENT_PACKET = 2;

/** The sharded adapter's Redis channel for one room of the main namespace (its dynamic mode). */
export function roomChannel(channelPrefix: string, room: string): string {
  return `${channelPrefix}#/#${room}#`;
}

/**
 * The message the sharded adapter itself publishes on a room's channel to deliver an event to the
 * room's sockets on the other processes, as its text; null when the adapter is not the Redis one
 * (it has no id). The adapter's own id is in it, so the local adapter skips it when it comes back.
 */
export function broadcastMessage(
  adapter: Adapter,
  room: string,
  event: string,
  payload: unknown,
): string | null {
  // The Redis adapter's own id, which socket.io's base Adapter type does not declare.
  const uid: unknown = Reflect.get(adapter, 'uid');
  if (typeof uid !== 'string' || !uid) return null;
  fastPathCounts.adapterBroadcast++;
  return JSON.stringify({
    uid,
    nsp: '/',
    type: MessageType.BROADCAST,
    data: {
      packet: { type: EVENT_PACKET, data: [event, payload], nsp: '/' },
      opts: { rooms: [room], except: [], flags: {} },
    },
  });
}
