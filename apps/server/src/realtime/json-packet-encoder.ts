import { Decoder, Encoder, type Packet, PacketType } from 'socket.io-parser';

/** A value socket.io sends as a binary attachment: an ArrayBuffer, a view of one (Buffer, typed arrays) or a Blob. */
function isBinary(value: object): boolean {
  return value instanceof ArrayBuffer || ArrayBuffer.isView(value) || value instanceof Blob;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object';
}

/**
 * Whether a packet's data holds a binary value anywhere, by the stock encoder's reading: arrays and
 * own enumerable keys are walked, and an object with `toJSON` is judged by what `toJSON` returns.
 */
export function holdsBinary(value: unknown, fromToJson = false): boolean {
  if (!isObject(value)) return false;
  if (Array.isArray(value)) {
    for (const item of value) if (holdsBinary(item)) return true;
    return false;
  }
  if (isBinary(value)) return true;
  const toJson = value.toJSON;
  if (!fromToJson && typeof toJson === 'function') return holdsBinary(toJson.call(value), true);
  for (const key in value) if (Object.hasOwn(value, key) && holdsBinary(value[key])) return true;
  return false;
}

/**
 * socket.io's packet encoder for a server that sends JSON. Every event this server sends is JSON
 * by its shared schema (packages/shared/src/realtime/events.ts), so events are serialised at once,
 * in the stock encoder's string format (the client's decoder is unchanged), after a walk that
 * stops at the first primitive of each branch. A packet that does hold binary (a Buffer, an
 * ArrayBuffer, a typed array, a Blob), and any other packet (connect, disconnect, errors), goes
 * through the stock encoder, so binary is sent as socket.io sends it, never flattened by
 * `JSON.stringify` (D-BATTLE-17).
 */
export class JsonPacketEncoder extends Encoder {
  override encode(packet: Packet): unknown[] {
    if (packet.type !== PacketType.EVENT && packet.type !== PacketType.ACK) return super.encode(packet);
    if (holdsBinary(packet.data)) return super.encode(packet);
    let text = String(packet.type);
    if (packet.nsp && packet.nsp !== '/') text += `${packet.nsp},`;
    if (packet.id != null) text += String(packet.id);
    if (packet.data != null) text += JSON.stringify(packet.data);
    return [text];
  }
}

/** socket.io's `parser` option: the JSON encoder above and the stock decoder. */
export const jsonPacketParser = { Encoder: JsonPacketEncoder, Decoder };
