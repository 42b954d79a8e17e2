// Fenced: written against engine.io 6.6.12 (a connection's `transport`, `upgrading` and the
// undocumented `wsPreEncodedFrame` write option its WebSocket transport honours) and ws 8.21.3
// (ws/write-frame.ts). The versions are pinned in apps/server/package.json;
// test/platform-contract.test.ts checks them and the path.
import type { Socket as EngineSocket } from 'engine.io';
import { fastPathCounts } from '../fast-path-counts.ts';
import { textFrame } from '../ws/text-frame.ts';
import { writeFrame } from '../ws/write-frame.ts';

/**
 * Writes one engine.io message packet (its type digit, then socket.io's packet text) as socket.io
 * would. The complete WebSocket frame (header and text) is built here as one buffer. While
 * engine.io has nothing waiting to be written (its transport is writable, so its queue is empty),
 * the frame goes straight to the socket's WebSocket, behind everything written before it;
 * otherwise it joins engine.io's queue as a pre-encoded frame (`wsPreEncodedFrame`, the path
 * socket.io's own broadcasts use), so order holds either way. The socket.io text rides along, so
 * a socket still on HTTP long-polling (or upgrading) sends the same packet the stock path would.
 */
export function sendPacketText(conn: EngineSocket, text: string) {
  const frame = textFrame(text);
  if (conn.transport.writable && !conn.upgrading && writeFrame(conn.transport, frame)) return;
  // engine.io's options type does not name the frame it honours (socket.io's adapter sets it so too).
  const options = { compress: false, wsPreEncodedFrame: [frame] };
  fastPathCounts.preEncodedFrame++;
  conn.write(text.slice(1), options);
}
