import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SOCKET_PATH } from '@titans/shared/constants';
import { Server, type Socket } from 'socket.io';
import { type Socket as ClientSocket, io as connectClient } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import { directRoute, listenDirect } from '../src/platform/socket.io/direct-events.ts';
import { sendAck } from '../src/realtime/emit-event.ts';
import { jsonPacketParser } from '../src/realtime/json-packet-encoder.ts';
import type { TitansSocket } from '../src/realtime/socket-dispatcher.ts';

/** What reached the server, in order: through the direct path or socket.io's own listeners. */
type Arrival = { path: 'direct' | 'stock'; event: string; payload: unknown; ackId?: number | null };

describe('direct events: packets taken from engine.io ahead of socket.io (D-BATTLE-20)', () => {
  let server: Server;
  let url: string;
  let arrivals: Arrival[];
  let serverSocket: Socket;
  /** Whether the last socket's packets are taken directly (listenDirect's answer). */
  let tookDirect = false;
  const clients: ClientSocket[] = [];

  beforeAll(async () => {
    const http = createServer();
    server = new Server(http, { path: SOCKET_PATH, parser: jsonPacketParser, perMessageDeflate: false });
    server.on('connection', (socket) => {
      serverSocket = socket;
      const titans = socket as unknown as TitansSocket;
      for (const event of ['tap', 'other'])
        socket.on(event, (payload: unknown, ack?: unknown) => {
          arrivals.push({ path: 'stock', event, payload });
          if (typeof ack === 'function') ack({ via: 'stock' });
        });
      const took = listenDirect(titans, [directRoute('tap')], ({ event }, payload, ackId) => {
        arrivals.push({ path: 'direct', event, payload, ackId });
        if (ackId !== null) sendAck(titans, ackId, [{ via: 'direct', payload }]);
      });
      tookDirect = took;
    });
    http.listen(0, '127.0.0.1');
    await once(http, 'listening');
    url = `127.0.0.1:${(http.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    for (const client of clients) client.close();
    server.close();
  });

  async function client(transport: 'websocket' | 'polling' = 'websocket'): Promise<ClientSocket> {
    arrivals = [];
    const socket = connectClient(`http://${url}`, { path: SOCKET_PATH, transports: [transport] });
    clients.push(socket);
    await new Promise((resolve) => socket.once('connect', () => resolve(undefined)));
    return socket;
  }

  /** A raw WebSocket client past the engine.io and socket.io handshakes. */
  async function rawClient() {
    arrivals = [];
    const connected = once(server, 'connection');
    const ws = new WebSocket(`ws://${url}${SOCKET_PATH}/?EIO=4&transport=websocket`);
    const frames: string[] = [];
    ws.on('message', (data) => frames.push(data.toString()));
    await once(ws, 'open');
    ws.send('40');
    await connected;
    await expect.poll(() => frames.some((frame) => frame.startsWith('40{'))).toBe(true);
    return { ws, frames };
  }

  test('a direct event reaches its listener without socket.io, with its payload', async () => {
    const socket = await client();
    socket.emit('tap', { battle_id: 'b1', target_id: 3 });
    await expect.poll(() => arrivals.length).toBe(1);
    expect(arrivals).toEqual([
      { path: 'direct', event: 'tap', payload: { battle_id: 'b1', target_id: 3 }, ackId: null },
    ]);
  });

  test('an acknowledgement asked for is answered once, as socket.io answers it', async () => {
    const socket = await client();
    const replies = await Promise.all([
      socket.emitWithAck('tap', { n: 1 }),
      socket.emitWithAck('tap', { n: 2 }),
      socket.emitWithAck('other', { n: 3 }),
    ]);
    expect(replies).toEqual([
      { via: 'direct', payload: { n: 1 } },
      { via: 'direct', payload: { n: 2 } },
      { via: 'stock' },
    ]);
  });

  test('a client on HTTP long-polling has its taps taken directly and answered too', async () => {
    const socket = await client('polling');
    expect(await socket.emitWithAck('tap', { n: 1 })).toEqual({ via: 'direct', payload: { n: 1 } });
    socket.emit('other', { n: 2 });
    await expect.poll(() => arrivals.length).toBe(2);
    expect(arrivals.map((arrival) => arrival.path)).toEqual(['direct', 'stock']);
  });

  test('other events, more arguments and binary payloads go through socket.io as before', async () => {
    const socket = await client();
    socket.emit('other', { a: 1 });
    await expect.poll(() => arrivals.length).toBe(1);
    socket.emit('tap', { a: 2 }, 'extra');
    socket.emit('tap', { a: 3, bytes: Buffer.from([1, 2]) });
    await expect.poll(() => arrivals.length).toBe(3);
    expect(arrivals.map((arrival) => arrival.path)).toEqual(['stock', 'stock', 'stock']);
    expect(arrivals[2]?.payload).toEqual({ a: 3, bytes: Buffer.from([1, 2]) });
    // Once socket.io has delivered, the next tap is direct again.
    socket.emit('tap', { a: 4 });
    await expect.poll(() => arrivals.length).toBe(4);
    expect(arrivals[3]).toMatchObject({ path: 'direct', payload: { a: 4 } });
  });

  test('a client’s messages are handled in the order it sent them', async () => {
    for (let round = 0; round < 20; round++) {
      const socket = await client();
      const sent: string[] = [];
      for (let seq = 0; seq < 30; seq++) {
        // A tap first (direct), then taps mixed with packets socket.io delivers two ticks later.
        const event = seq > 0 && (seq * 7 + round) % 3 === 0 ? 'other' : 'tap';
        sent.push(`${event}:${seq}`);
        socket.emit(event, { seq });
      }
      await expect.poll(() => arrivals.length).toBe(30);
      expect(
        arrivals.map((arrival) => `${arrival.event}:${(arrival.payload as { seq: number }).seq}`),
      ).toEqual(sent);
      expect(arrivals.some((arrival) => arrival.path === 'direct')).toBe(true);
      socket.close();
    }
  });

  test('a socket that reconnects on the same connection gets its events through socket.io', async () => {
    const { ws, frames } = await rawClient();
    expect(tookDirect).toBe(true);
    ws.send('42["tap",{"a":1}]');
    await expect.poll(() => arrivals.length).toBe(1);
    const left = once(serverSocket, 'disconnect');
    ws.send('41'); // leaves the default namespace; the connection stays open
    await left;
    const reconnected = once(server, 'connection');
    ws.send('40');
    await reconnected;
    expect(tookDirect).toBe(false);
    await expect.poll(() => frames.filter((frame) => frame.startsWith('40{')).length).toBe(2);
    ws.send('42["tap",{"a":2}]');
    await expect.poll(() => arrivals.length).toBe(2);
    expect(arrivals.map((arrival) => [arrival.path, arrival.payload])).toEqual([
      ['direct', { a: 1 }],
      ['stock', { a: 2 }],
    ]);
    ws.close();
  });

  test('a socket with a catch-all listener gets every packet through socket.io', async () => {
    const socket = await client();
    const seen: string[] = [];
    serverSocket.onAny((event: string) => seen.push(event));
    socket.emit('tap', { a: 1 });
    await expect.poll(() => arrivals.length).toBe(1);
    expect(arrivals[0]?.path).toBe('stock');
    expect(seen).toEqual(['tap']);
  });

  test('text socket.io’s client does not write goes to socket.io’s decoder, which answers as it always has', async () => {
    const { ws, frames } = await rawClient();
    const packets = [
      '42 ["tap",{"a":1}]', // a space socket.io's client never writes
      '42["tap",{"a":2}]',
      '421234567890["tap",{"a":3}]', // an ack id longer than the direct path reads
      '42["tap",{"a":4},{"b":5}]', // two arguments
      '42["tap",6 ]',
    ];
    for (const [index, packet] of packets.entries()) {
      ws.send(packet);
      await expect.poll(() => arrivals.length).toBe(index + 1);
    }
    expect(arrivals.map((arrival) => [arrival.path, arrival.payload])).toEqual([
      ['stock', { a: 1 }],
      ['direct', { a: 2 }],
      ['stock', { a: 3 }],
      ['stock', { a: 4 }],
      ['direct', 6],
    ]);
    expect(frames).toContain('431234567890[{"via":"stock"}]');
    const closed = once(ws, 'close');
    ws.send('42["tap",{"a":'); // malformed: socket.io's decoder closes the connection
    await closed;
    expect(arrivals).toHaveLength(5);
  });
});
