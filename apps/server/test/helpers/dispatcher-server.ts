import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SOCKET_PATH } from '@titans/shared/constants';
import pino from 'pino';
import { Server } from 'socket.io';
import WebSocket from 'ws';
import { FAST_PATH_NAMES, type FastPath } from '../../src/config/config-types.ts';
import { jsonPacketParser } from '../../src/realtime/json-packet-encoder.ts';
import {
  SocketDispatcher,
  type TitansSocket,
  type TitansSocketServer,
} from '../../src/realtime/socket-dispatcher.ts';

export const ALL_FAST_PATHS: ReadonlySet<FastPath> = new Set(FAST_PATH_NAMES);
export const BATTLE_ID = '7f1c1a52-3c1e-4bd4-9a7e-0c2f3a1d9b10';

/**
 * A socket.io server as the app builds it (its options, the dispatcher and, with direct-send on,
 * its packet encoder) with two handlers: a battle tap (`pvpTap`, taken directly when
 * direct-receive is on) answers its ack, and `cancelMatchmaking` pushes `matchmakingCancelled`.
 */
export async function startDispatcherServer(fastPaths: ReadonlySet<FastPath>) {
  const http = createServer();
  const io: TitansSocketServer = new Server(http, {
    path: SOCKET_PATH,
    ...(fastPaths.has('direct-send') ? { parser: jsonPacketParser } : {}),
    serveClient: false,
    perMessageDeflate: false,
    maxHttpBufferSize: 16 * 1024,
  });
  const dispatcher = new SocketDispatcher({
    logger: pino({ level: 'silent' }),
    rateLimit: { perSecond: 1000, burst: 1000, disconnectAfterSeconds: 10 },
    fastPaths,
  });
  dispatcher.on(
    'pvpTap',
    (payload, _context, ack) => {
      ack?.({ hit: true, target: payload.target_id ?? null });
    },
    { needsUser: false, direct: true },
  );
  dispatcher.on(
    'cancelMatchmaking',
    (_payload, context) => context.emit('matchmakingCancelled', { message: 'cancelled' }),
    {
      needsUser: false,
    },
  );
  io.use((socket: TitansSocket, next) => {
    socket.data = {
      identity: {
        telegramUserId: '42',
        username: 'u',
        firstName: 'F',
        lastName: '',
        languageCode: undefined,
        isPremium: false,
        photoUrl: '',
        startParam: undefined,
        allowsWriteToPm: false,
        authDate: 0,
      },
      clientId: `client-${socket.id}`,
      userId: null,
    };
    next();
  });
  io.on('connection', (socket: TitansSocket) => dispatcher.attach(socket));
  http.listen(0, '127.0.0.1');
  await once(http, 'listening');
  const address = http.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const url = `127.0.0.1:${(address as AddressInfo).port}`;
  return {
    url,
    io,
    dispatcher,
    close: () => new Promise<void>((resolve) => io.close(() => resolve())),
  };
}

/** A raw WebSocket client past the engine.io and socket.io handshakes; frames after the connect. */
export async function rawSocketClient(url: string) {
  const ws = new WebSocket(`ws://${url}${SOCKET_PATH}/?EIO=4&transport=websocket`);
  const frames: string[] = [];
  let connected = false;
  let closed = false;
  let sid = '';
  ws.on('message', (data, binary) => {
    const text = binary ? `<binary ${Buffer.from(data as Buffer).toString('hex')}>` : data.toString();
    if (!connected && text.startsWith('40{')) {
      connected = true;
      sid = JSON.parse(text.slice(2)).sid;
    } else frames.push(text);
  });
  ws.on('close', () => {
    closed = true;
  });
  await once(ws, 'open');
  ws.send('40');
  const started = Date.now();
  while (!connected) {
    if (Date.now() - started > 10_000) throw new Error('no socket.io connect');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  frames.length = 0; // engine.io's open packet came before the connect
  return {
    ws,
    frames,
    /** The socket.io socket's id on the server. */
    sid,
    closed: () => closed,
  };
}
