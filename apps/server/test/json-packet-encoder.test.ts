import { Decoder, Encoder, type Packet, PacketType } from 'socket.io-parser';
import { describe, expect, test } from 'vitest';
import { holdsBinary, JsonPacketEncoder } from '../src/realtime/json-packet-encoder.ts';

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

class Message {
  constructor(readonly file: Buffer) {}
  toJSON(): unknown {
    return { file: this.file };
  }
}

function counting(length: number): Uint8Array {
  return Uint8Array.from({ length }, (_, index) => index);
}

/** socket.io-parser's own binary test vectors (test/arraybuffer.js, buffer.js, blob.js). */
const binaryPackets: [string, Packet][] = [
  ['an ArrayBuffer', { type: PacketType.EVENT, data: ['a', new ArrayBuffer(2)], id: 0, nsp: '/' }],
  [
    'an ArrayBuffer in an object with a null prototype',
    {
      type: PacketType.EVENT,
      data: ['a', Object.create(null, { array: { value: new ArrayBuffer(2), enumerable: true } })],
      id: 0,
      nsp: '/',
    },
  ],
  ['a TypedArray', { type: PacketType.EVENT, data: ['a', counting(5)], id: 0, nsp: '/' }],
  [
    'ArrayBuffers deep in JSON',
    {
      type: PacketType.EVENT,
      data: ['a', { a: 'hi', b: { why: new ArrayBuffer(3) }, c: { a: 'bye', b: { a: new ArrayBuffer(6) } } }],
      id: 999,
      nsp: '/deep',
    },
  ],
  [
    'deep binary JSON with null values',
    {
      type: PacketType.EVENT,
      data: ['a', { a: 'b', c: 4, e: { g: null }, h: new ArrayBuffer(9) }],
      nsp: '/',
      id: 600,
    },
  ],
  [
    'two typed arrays',
    { type: PacketType.EVENT, nsp: '/', data: ['a', Uint8Array.of(1, 2, 3), Uint8Array.of(4, 5, 6)] },
  ],
  ['a Buffer', { type: PacketType.EVENT, data: ['a', Buffer.from('abc', 'utf8')], id: 23, nsp: '/cool' }],
  [
    'a nested Buffer',
    { type: PacketType.EVENT, data: ['a', { b: ['c', Buffer.from('abc', 'utf8')] }], id: 23, nsp: '/cool' },
  ],
  [
    'a binary ack with a Buffer',
    { type: PacketType.ACK, data: ['a', Buffer.from('xxx', 'utf8'), {}], id: 127, nsp: '/back' },
  ],
  [
    'a Buffer inside an object with toJSON',
    { type: PacketType.EVENT, data: ['a', new Message(Buffer.from('abc', 'utf8'))], nsp: '/' },
  ],
  ['a Blob', { type: PacketType.EVENT, data: ['a', new Blob([counting(4)])], id: 0, nsp: '/' }],
  [
    'Blobs deep in JSON',
    {
      type: PacketType.EVENT,
      data: [
        'a',
        { a: 'hi', b: { why: new Blob([counting(3)]) }, c: { a: 'bye', b: { a: new Blob([counting(6)]) } } },
      ],
      id: 999,
      nsp: '/deep',
    },
  ],
];

function decode(frames: unknown[]): Promise<Packet> {
  return new Promise((resolve) => {
    const decoder = new Decoder();
    decoder.on('decoded', resolve);
    for (const frame of frames) decoder.add(frame as string);
  });
}

describe('JSON packet encoder with binary (D-BATTLE-17)', () => {
  test.each(binaryPackets)(
    'a packet holding %s is encoded as the stock encoder encodes it',
    (_name, packet) => {
      expect(holdsBinary(packet.data)).toBe(true);
      const frames = new JsonPacketEncoder().encode(packet);
      expect(frames).toEqual(new Encoder().encode(packet));
      expect(frames.length).toBeGreaterThan(1);
      expect(frames.slice(1).every((frame) => typeof frame !== 'string')).toBe(true);
    },
  );

  test('a Buffer arrives as the same bytes, not as {"type":"Buffer"}', async () => {
    const packet: Packet = {
      type: PacketType.EVENT,
      nsp: '/',
      data: ['a', { b: ['c', Buffer.from('abc')] }],
    };
    const decoded = await decode(new JsonPacketEncoder().encode(packet));
    expect(decoded.data).toEqual(['a', { b: ['c', Buffer.from('abc')] }]);
  });

  test('encoding leaves the packet as it was', () => {
    const packet: Packet = {
      type: PacketType.EVENT,
      nsp: '/',
      data: ['a', Uint8Array.of(1, 2, 3), Uint8Array.of(4, 5, 6)],
    };
    new JsonPacketEncoder().encode(packet);
    expect(packet).toEqual({
      type: PacketType.EVENT,
      nsp: '/',
      data: ['a', Uint8Array.of(1, 2, 3), Uint8Array.of(4, 5, 6)],
    });
  });

  test('JSON with dates, nulls and null-prototype objects holds no binary and is one text frame', () => {
    const data = ['a', { at: new Date(0), none: null, list: [1, 'two', { three: 3 }] }, Object.create(null)];
    expect(holdsBinary(data)).toBe(false);
    const packet: Packet = { type: PacketType.EVENT, nsp: '/', data };
    expect(new JsonPacketEncoder().encode(packet)).toEqual(new Encoder().encode(packet));
  });
});
