import { Encoder, type Packet, PacketType } from 'socket.io-parser';
import { describe, expect, test } from 'vitest';
import { JsonPacketEncoder } from '../src/realtime/json-packet-encoder.ts';

const packets: Packet[] = [
  {
    type: PacketType.EVENT,
    nsp: '/',
    data: ['battleTurnProcessed', { battle_id: 'b', user_stats: { health: 90, taps: [1, 2] }, hit: null }],
  },
  {
    type: PacketType.EVENT,
    nsp: '/',
    id: 12,
    data: ['tapRegistered', { seq: 4, reason: 'a "quoted" ünïcode ⚔' }],
  },
  { type: PacketType.EVENT, nsp: '/admin', data: ['statusUpdated', { coins: 5 }] },
  { type: PacketType.ACK, nsp: '/', id: 3, data: [{ ok: true }] },
  { type: PacketType.CONNECT, nsp: '/', data: { sid: 'abc' } },
  { type: PacketType.CONNECT_ERROR, nsp: '/', data: { message: 'nope', data: { code: 'auth/banned' } } },
  { type: PacketType.DISCONNECT, nsp: '/' },
];

describe('JSON packet encoder (D-BATTLE-17)', () => {
  test.each(packets.map((packet) => [PacketType[packet.type], packet] as const))(
    'a %s packet is encoded as the stock encoder encodes it',
    (_name, packet) => {
      expect(new JsonPacketEncoder().encode(packet)).toEqual(new Encoder().encode(packet));
    },
  );
});
