import type { TestSocket } from './socket-client.ts';

/**
 * Answers every ready check this socket is shown with acceptMatch (F51): for tests of what
 * happens once a PvP battle runs. Answers the socket.
 */
export function acceptMatches(socket: TestSocket): TestSocket {
  socket.on('matchFound', (found) => socket.emit('acceptMatch', { match_id: found.match_id }));
  return socket;
}
