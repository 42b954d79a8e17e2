import type { ServerEventName, ServerPayload } from '@titans/shared/realtime/events';
import { eventJson } from './event-json.ts';
import type { TitansSocket } from './socket-dispatcher.ts';

/** Anything socket.io emits through: a socket, a room, a namespace, a broadcast operator. */
interface Emitter {
  emit(...args: never[]): unknown;
}

/**
 * Emits one server event with its payload type checked against the shared event map. socket.io
 * types an event's arguments through a conditional type that TypeScript cannot resolve while the
 * event is a type parameter, so the call itself goes untyped here, and only here.
 */
export function emitEvent<E extends ServerEventName>(target: Emitter, event: E, payload: ServerPayload<E>) {
  Reflect.apply(target.emit, target, [event, payload]);
}

/** engine.io's `message` packet type and socket.io's `EVENT`, the two digits before the JSON. */
const EVENT_PREFIX = '42';
/** engine.io's `message` packet type and socket.io's `ACK`, before the ack's id. */
const ACK_PREFIX = '43';
const FIN_TEXT = 0x81;

/**
 * Sends one server event to one socket of the default namespace, as `emitEvent` would, in fewer
 * steps (D-BATTLE-18); the bytes on the wire are the stock path's (`test/emit-event.test.ts`).
 */
export function sendEvent<E extends ServerEventName>(
  socket: TitansSocket,
  event: E,
  payload: ServerPayload<E>,
) {
  // socket.io drops a packet for a connection that is not open; so does this.
  if (socket.conn.readyState !== 'open') return;
  if (socket.nsp.name !== '/') return emitEvent(socket, event, payload);
  sendText(socket, `${EVENT_PREFIX}[${JSON.stringify(event)},${eventJson(event, payload)}]`);
}

/**
 * Answers a client's acknowledgement `id` with `args`, as socket.io's own ack callback would
 * (an `ACK` packet of the arguments as a JSON array), for a socket of the default namespace.
 */
export function sendAck(socket: TitansSocket, id: number, args: unknown[]) {
  if (socket.conn.readyState !== 'open') return;
  sendText(socket, `${ACK_PREFIX}${id}${JSON.stringify(args)}`);
}

/**
 * Writes one engine.io message packet (its type digit, then socket.io's packet text). The complete
 * WebSocket frame (header and text) is built here as one buffer. While engine.io has nothing
 * waiting to be written (its transport is writable, so its queue is empty), the frame goes
 * straight to the socket's WebSocket, behind everything written before it; otherwise it joins
 * engine.io's queue as a pre-encoded frame (`wsPreEncodedFrame`, the path socket.io's own
 * broadcasts use), so order holds either way. The socket.io text rides along, so a socket still on
 * HTTP long-polling (or upgrading) sends the same packet the stock path would.
 */
function sendText(socket: TitansSocket, text: string) {
  const conn = socket.conn;
  const frame = textFrame(text);
  if (conn.transport.writable && !conn.upgrading && writeFrame(conn.transport, frame)) return;
  // engine.io's options type does not name the frame it honours (socket.io's adapter sets it so too).
  const options = { compress: false, wsPreEncodedFrame: [frame] };
  conn.write(text.slice(1), options);
}

const WEBSOCKET_OPEN = 1;

/**
 * Writes a frame through the open WebSocket behind engine.io's WebSocket transport, with ws's
 * frame writer (`_sender.sendFrame`, which engine.io itself calls for pre-encoded frames); false
 * when the transport has none (long-polling) or its WebSocket is closing.
 */
function writeFrame(transport: object, frame: Buffer): boolean {
  if (!('socket' in transport)) return false;
  const ws = transport.socket;
  if (typeof ws !== 'object' || ws === null || !('readyState' in ws) || ws.readyState !== WEBSOCKET_OPEN)
    return false;
  if (!('_sender' in ws) || typeof ws._sender !== 'object' || ws._sender === null) return false;
  const sender = ws._sender;
  if (!('sendFrame' in sender) || typeof sender.sendFrame !== 'function') return false;
  sender.sendFrame([frame]);
  return true;
}

/** Frames are cut from slabs of this size, as `Buffer.allocUnsafe` cuts small buffers from its pool. */
const SLAB_BYTES = 64 * 1024;
/** A text of up to this many UTF-8 bytes at most (3 per UTF-16 unit) is framed in a slab. */
const MAX_SLAB_FRAME = SLAB_BYTES / 8;
let slab = Buffer.allocUnsafeSlow(SLAB_BYTES);
let slabUsed = 0;

/**
 * One unmasked, final WebSocket text frame (RFC 6455 §5.2) holding `text`. A message-sized text is
 * encoded once, straight into a slab, behind room for the longer header; the header then goes
 * just before it (2 bytes under 126 bytes of text, else 4). A frame's bytes are never written
 * again: the next frame starts after it, and a full slab is replaced, not reused.
 */
export function textFrame(text: string): Buffer {
  if (text.length * 3 > MAX_SLAB_FRAME) return largeTextFrame(text);
  if (slabUsed + 4 + text.length * 3 > SLAB_BYTES) {
    slab = Buffer.allocUnsafeSlow(SLAB_BYTES);
    slabUsed = 0;
  }
  const start = slabUsed;
  const length = slab.write(text, start + 4, 'utf8');
  const head = start + 4 - headerBytes(length);
  writeHeader(slab, head, length);
  const end = start + 4 + length;
  slabUsed = (end + 7) & ~7;
  return slab.subarray(head, end);
}

/** A frame for a text too long for a slab: its length counted first, then one buffer of its own. */
function largeTextFrame(text: string): Buffer {
  const length = Buffer.byteLength(text);
  const head = headerBytes(length);
  const frame = Buffer.allocUnsafe(head + length);
  writeHeader(frame, 0, length);
  frame.write(text, head, length, 'utf8');
  return frame;
}

function headerBytes(length: number): number {
  return length < 126 ? 2 : length < 65_536 ? 4 : 10;
}

/** A final text frame's header for `length` bytes of text, written at `at`. */
function writeHeader(frame: Buffer, at: number, length: number) {
  frame[at] = FIN_TEXT;
  if (length < 126) frame[at + 1] = length;
  else if (length < 65_536) {
    frame[at + 1] = 126;
    frame.writeUInt16BE(length, at + 2);
  } else {
    frame[at + 1] = 127;
    frame.writeUInt32BE(Math.floor(length / 2 ** 32), at + 2);
    frame.writeUInt32BE(length >>> 0, at + 6);
  }
}
