import { Decoder, Encoder, type Packet, PacketType } from 'socket.io-parser';

/**
 * socket.io's packet encoder for a server that sends only JSON. The stock encoder first walks
 * every outgoing event looking for binary (`hasBinary`: four `instanceof` checks and a keyed
 * load per value of every nested object), then serialises it. Every event this server sends is
 * JSON by its shared schema (packages/shared/src/realtime/events.ts), so events are serialised
 * at once, in the stock encoder's string format (the client's decoder is unchanged); any other
 * packet (connect, disconnect, errors) goes through the stock encoder (D-BATTLE-17).
 */
export class JsonPacketEncoder extends Encoder {
  override encode(packet: Packet): unknown[] {
    if (packet.type !== PacketType.EVENT && packet.type !== PacketType.ACK) return super.encode(packet);
    let text = String(packet.type);
    if (packet.nsp && packet.nsp !== '/') text += `${packet.nsp},`;
    if (packet.id != null) text += String(packet.id);
    if (packet.data != null) text += JSON.stringify(packet.data);
    return [text];
  }
}

/** socket.io's `parser` option: the JSON encoder above and the stock decoder. */
export const jsonPacketParser = { Encoder: JsonPacketEncoder, Decoder };
