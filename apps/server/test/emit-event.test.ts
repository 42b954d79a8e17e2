import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SOCKET_PATH } from '@titans/shared/constants';
import { Server, type Socket } from 'socket.io';
import { io as connectClient } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import WebSocket, * as wsModule from 'ws';
import { textFrame } from '../src/platform/ws/text-frame.ts';
import { emitEvent, sendEvent } from '../src/realtime/emit-event.ts';
import { jsonPacketParser } from '../src/realtime/json-packet-encoder.ts';
import type { TitansSocket } from '../src/realtime/socket-dispatcher.ts';

/** ws's frame builder, which socket.io's broadcasts use for their pre-encoded frames (untyped). */
const { Sender } = wsModule as unknown as { Sender: { frame(data: Buffer, options: object): Buffer[] } };

/** What the server sends, in the shapes the tests below compare. */
const hit = {
  by: 'you',
  kind: 'tap',
  damage: 12,
  combo: 3,
  multiplier: 1.5,
  value: 2,
  target_id: 7,
  super_attack: false,
} as const;
const events: Array<[string, unknown]> = [
  [
    'pvpHealthUpdate',
    {
      battle_id: 'b6f1c2a4-0000-4000-8000-000000000001',
      your_health: 3990,
      opponent_health: 3712,
      your_taps: 4,
      opponent_taps: 9,
      your_max_health: 4000,
      opponent_max_health: 4010,
      hit,
      earlier_hits: [{ ...hit, by: 'opponent', target_id: null, super_attack: true }],
    },
  ],
  ['tapRegistered', { seq: 4, reason: 'a "quoted" ünïcode ⚔ \u2028 line' }],
  ['statusUpdated', { coins: 5, long: 'x'.repeat(200) }],
  ['statusUpdated', { coins: 6, longer: 'ü'.repeat(40_000) }],
];

describe('one event written as a pre-encoded WebSocket frame (D-BATTLE-18)', () => {
  let server: Server;
  let url: string;
  let socket: Socket;

  beforeAll(async () => {
    const http = createServer();
    server = new Server(http, { path: SOCKET_PATH, parser: jsonPacketParser, perMessageDeflate: false });
    http.listen(0, '127.0.0.1');
    await once(http, 'listening');
    url = `127.0.0.1:${(http.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());

  /** A raw WebSocket client past the engine.io and socket.io handshakes: every later frame's text. */
  async function rawClient() {
    const connected = once(server, 'connection');
    const ws = new WebSocket(`ws://${url}${SOCKET_PATH}/?EIO=4&transport=websocket`);
    const frames: string[] = [];
    ws.on('message', (data, isBinary) => {
      expect(isBinary).toBe(false);
      frames.push(data.toString());
    });
    await once(ws, 'open');
    ws.send('40');
    [socket] = (await connected) as [Socket];
    await expect.poll(() => frames.some((frame) => frame.startsWith('40{'))).toBe(true);
    frames.length = 0;
    return { ws, frames };
  }

  test('the frames on the wire are the stock emit path’s, byte for byte', async () => {
    const { ws, frames } = await rawClient();
    for (const [i, [event, payload]] of events.entries()) {
      Reflect.apply(socket.emit, socket, [event, payload]);
      await expect.poll(() => frames.length).toBe(2 * i + 1);
      // engine.io's queue is empty: the frame goes straight to the WebSocket.
      await expect.poll(() => socket.conn.transport.writable).toBe(true);
      sendEvent(socket as unknown as TitansSocket, event as never, payload as never);
      await expect.poll(() => frames.length).toBe(2 * i + 2);
      expect(frames[2 * i + 1]).toBe(frames[2 * i]);
      expect(JSON.parse(frames[2 * i]!.slice(2))).toEqual(events[i]);
    }
    ws.close();
  });

  test('events keep their order when they meet engine.io’s queue', async () => {
    const { ws, frames } = await rawClient();
    for (let seq = 0; seq < 60; seq++) {
      // socket.io's own emits (acks, errors) queue in engine.io while a write is in flight.
      if (seq % 3 === 0) Reflect.apply(socket.emit, socket, ['statusUpdated', { seq }]);
      else sendEvent(socket as unknown as TitansSocket, 'statusUpdated', { seq } as never);
      if (seq % 10 === 9) await new Promise((resolve) => setImmediate(resolve));
    }
    await expect.poll(() => frames.length).toBe(60);
    expect(frames.map((frame) => JSON.parse(frame.slice(2))[1].seq)).toEqual([...Array(60).keys()]);
    ws.close();
  });

  test('a socket on HTTP long-polling gets the same events', async () => {
    const connected = once(server, 'connection');
    const client = connectClient(`http://${url}`, { path: SOCKET_PATH, transports: ['polling'] });
    const [serverSocket] = (await connected) as [Socket];
    const received: Array<[string, unknown]> = [];
    client.onAny((event, payload) => received.push([event, payload]));
    await expect.poll(() => client.connected).toBe(true);
    for (const [event, payload] of events)
      sendEvent(serverSocket as unknown as TitansSocket, event as never, payload as never);
    emitEvent(serverSocket, 'statusUpdated', { coins: 1 } as never);
    await expect.poll(() => received.length).toBe(events.length + 1);
    expect(received).toEqual([...events, ['statusUpdated', { coins: 1 }]]);
    client.close();
  });

  test('nothing is written to a closed connection', async () => {
    const { ws, frames } = await rawClient();
    const gone = once(socket, 'disconnect');
    ws.close();
    await gone;
    expect(() =>
      sendEvent(socket as unknown as TitansSocket, 'statusUpdated', { coins: 1 } as never),
    ).not.toThrow();
    expect(frames).toEqual([]);
  });
});

describe('textFrame', () => {
  test.each([0, 1, 125, 126, 65_535, 65_536, 70_000])('a %i-byte text is framed as ws frames it', (bytes) => {
    const text = 'a'.repeat(bytes);
    const stock = Buffer.concat(
      Sender.frame(Buffer.from(text), { readOnly: false, mask: false, rsv1: false, opcode: 1, fin: true }),
    );
    expect(textFrame(text).equals(stock)).toBe(true);
  });

  test.each([125, 126, 2_730, 2_731, 5_000])(
    'a %i-character text of 3-byte characters is framed as ws frames it',
    (chars) => {
      const text = '⚔'.repeat(chars);
      const stock = Buffer.concat(
        Sender.frame(Buffer.from(text), { readOnly: false, mask: false, rsv1: false, opcode: 1, fin: true }),
      );
      expect(textFrame(text).equals(stock)).toBe(true);
    },
  );

  test('a frame keeps its bytes while later frames fill and replace the slabs', () => {
    const texts = Array.from(
      { length: 3_000 },
      (_, i) => `42["e",{"n":${i},"pad":"${'x'.repeat(i % 300)}"}]`,
    );
    const frames = texts.map((text) => textFrame(text));
    frames.forEach((frame, i) => {
      const head = (frame[1] ?? 0) < 126 ? 2 : 4;
      expect(frame.subarray(head).toString('utf8')).toBe(texts[i]);
    });
  });

  test('the length counts UTF-8 bytes, not characters', () => {
    const frame = textFrame('ü⚔');
    expect(frame[1]).toBe(5);
    expect(frame.subarray(2).toString('utf8')).toBe('ü⚔');
  });
});
