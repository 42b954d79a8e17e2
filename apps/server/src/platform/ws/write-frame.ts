// Fenced: written against ws 8.21.3 (the WebSocket's private `_sender` and its `sendFrame`, which
// engine.io itself calls for pre-encoded frames) and engine.io 6.6.12 (its WebSocket transport's
// `socket`). The versions are pinned in apps/server/package.json (ws also under engine.io, by an
// override in the root package.json); test/platform-contract.test.ts checks them and the path.
import { fastPathCounts } from '../fast-path-counts.ts';

const WEBSOCKET_OPEN = 1;

/**
 * Writes a complete frame through the open WebSocket behind engine.io's WebSocket transport, with
 * ws's frame writer, behind everything written before it; false when the transport has none
 * (long-polling) or its WebSocket is closing.
 */
export function writeFrame(transport: object, frame: Buffer): boolean {
  if (!('socket' in transport)) return false;
  const ws = transport.socket;
  if (typeof ws !== 'object' || ws === null || !('readyState' in ws) || ws.readyState !== WEBSOCKET_OPEN)
    return false;
  if (!('_sender' in ws) || typeof ws._sender !== 'object' || ws._sender === null) return false;
  const sender = ws._sender;
  if (!('sendFrame' in sender) || typeof sender.sendFrame !== 'function') return false;
  sender.sendFrame([frame]);
  fastPathCounts.frameWritten++;
  return true;
}
