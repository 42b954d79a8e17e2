import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { ConnectionStatus } from './connection-store.ts';
import {
  extraBackoffMs,
  RealtimeConnection,
  type RealtimeConnectionOptions,
  type SocketFactory,
  type TitansClientSocket,
} from './realtime-connection.ts';

type Listener = (...args: any[]) => void;

class Emitter {
  listeners = new Map<string, Set<Listener>>();
  on(event: string, listener: Listener) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(listener);
    return this;
  }
  off(event: string, listener: Listener) {
    this.listeners.get(event)?.delete(listener);
    return this;
  }
  fire(event: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }
}

/** What RealtimeConnection uses of a socket.io client socket, driven by the tests. */
class FakeSocket extends Emitter {
  connected = false;
  active = false;
  io = new Emitter();
  connectCalls = 0;
  emitted: Array<[string, unknown]> = [];
  constructor(readonly options: Record<string, unknown>) {
    super();
  }
  connect() {
    this.connectCalls++;
    this.active = true;
    return this;
  }
  disconnect() {
    const wasConnected = this.connected;
    this.connected = false;
    this.active = false;
    // socket.io tells its listeners when a connected socket is closed from this side.
    if (wasConnected) this.fire('disconnect', 'io client disconnect');
    return this;
  }
  emit(event: string, payload: unknown) {
    this.emitted.push([event, payload]);
    return this;
  }
  /** The server accepted the handshake. */
  open() {
    this.connected = true;
    this.fire('connect');
  }
  lose(reason: string, stillActive: boolean) {
    this.connected = false;
    this.active = stillActive;
    this.fire('disconnect', reason);
  }
}

class FakeDocument extends EventTarget {
  visibilityState: DocumentVisibilityState = 'visible';
  show() {
    this.visibilityState = 'visible';
    this.dispatchEvent(new Event('visibilitychange'));
  }
}

let socket: FakeSocket;
let statuses: ConnectionStatus[];
function makeLogger() {
  type Log = (...args: unknown[]) => void;
  return { info: vi.fn<Log>(), warn: vi.fn<Log>(), error: vi.fn<Log>() };
}
let logger: ReturnType<typeof makeLogger>;
let doc: FakeDocument;

function connection(overrides: Partial<RealtimeConnectionOptions> = {}) {
  const createSocket: SocketFactory = (options) => {
    socket = new FakeSocket(options as Record<string, unknown>);
    return socket as unknown as TitansClientSocket;
  };
  return new RealtimeConnection({
    telegramUserId: '00000002',
    initData: () => 'signed-init-data',
    clientId: 'client-abcdef12',
    createSocket,
    logger,
    onStatus: (status) => statuses.push(status),
    visibility: doc as unknown as Document,
    ...overrides,
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  statuses = [];
  logger = makeLogger();
  doc = new FakeDocument();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('realtime connection', () => {
  test('/engine.io, no auto-connect, 5 attempts, 3 s delay, 10 s max, 20 s timeout', () => {
    connection();
    expect(socket.options).toMatchObject({
      path: '/engine.io',
      autoConnect: false,
      reconnectionAttempts: 5,
      reconnectionDelay: 3_000,
      reconnectionDelayMax: 10_000,
      timeout: 20_000,
    });
    const auth = socket.options.auth as (send: (auth: unknown) => void) => void;
    const sent = vi.fn();
    auth(sent);
    expect(sent).toHaveBeenCalledWith({ initData: 'signed-init-data', clientId: 'client-abcdef12' });
    expect(socket.connectCalls).toBe(0);
  });

  test('closed → connecting → connected, and initUser after every connect', () => {
    const onConnected = vi.fn();
    const realtime = connection({ onConnected });
    realtime.start();
    expect(statuses).toEqual(['connecting']);
    socket.open();
    expect(statuses).toEqual(['connecting', 'connected']);
    expect(socket.emitted).toEqual([['initUser', { telegram_user_id: '00000002' }]]);

    socket.lose('transport close', true);
    expect(statuses.at(-1)).toBe('connecting');
    socket.open();
    expect(socket.emitted).toHaveLength(2);
    expect(onConnected).toHaveBeenCalledTimes(2);
  });

  test('W10 with accountReady the socket connects at once but announces the player only once the account exists', async () => {
    const onConnected = vi.fn();
    let answer: { resolve(): void; reject(error: Error): void } = { resolve() {}, reject() {} };
    const accountReady = vi.fn(
      () => new Promise<void>((resolve, reject) => (answer = { resolve: () => resolve(), reject })),
    );
    const realtime = connection({ accountReady, onConnected });
    realtime.start();
    socket.open();
    expect(statuses.at(-1)).toBe('connected');
    expect(socket.emitted).toEqual([]);
    answer.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(socket.emitted).toEqual([['initUser', { telegram_user_id: '00000002' }]]);
    expect(onConnected).toHaveBeenCalledTimes(1);

    // A connect whose account check is overtaken by a newer connect announces nothing itself.
    socket.lose('transport close', true);
    socket.open();
    const stale = answer;
    socket.lose('transport close', true);
    socket.open();
    stale.resolve();
    answer.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(socket.emitted).toHaveLength(2);

    // Registration failing: the socket closes and the next attempt asks again.
    socket.lose('transport close', true);
    socket.open();
    answer.reject(new Error('POST /user/register answered 503'));
    await vi.advanceTimersByTimeAsync(0);
    expect(socket.emitted).toHaveLength(2);
    expect(statuses.at(-1)).toBe('closed');
    const asked = accountReady.mock.calls.length;
    await vi.advanceTimersByTimeAsync(3_000);
    socket.open();
    expect(accountReady).toHaveBeenCalledTimes(asked + 1);
    answer.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(socket.emitted).toHaveLength(3);
    realtime.stop();
  });

  test('W10 a socket opened before the app (early-socket.ts) is adopted connected or still connecting', () => {
    const onConnected = vi.fn();
    const early = new FakeSocket({ auth: 'early' });
    early.connect();
    early.connected = true;
    const realtime = connection({ socket: early as unknown as TitansClientSocket, onConnected });
    // The connection's own handshake data from now on, for the reconnects.
    const sent = vi.fn();
    (early as unknown as { auth: (send: (auth: unknown) => void) => void }).auth(sent);
    expect(sent).toHaveBeenCalledWith({ initData: 'signed-init-data', clientId: 'client-abcdef12' });
    realtime.start();
    // Its `connect` was never heard: the connection catches up at once.
    expect(statuses).toEqual(['connected']);
    expect(early.emitted).toEqual([['initUser', { telegram_user_id: '00000002' }]]);
    expect(onConnected).toHaveBeenCalledTimes(1);
    expect(early.connectCalls).toBe(1);
    realtime.stop();

    statuses = [];
    const connecting = new FakeSocket({});
    connecting.connect();
    const second = connection({ socket: connecting as unknown as TitansClientSocket });
    second.start();
    expect(statuses).toEqual(['connecting']);
    expect(connecting.connectCalls).toBe(1);
    connecting.open();
    expect(statuses).toEqual(['connecting', 'connected']);
    expect(connecting.emitted).toHaveLength(1);
    second.stop();
  });

  test('a send while disconnected is refused with a warning', () => {
    const realtime = connection();
    realtime.start();
    expect(realtime.emit('tap', { telegram_user_id: '00000002', count: 1, seq: 1 })).toBe(false);
    expect(logger.warn).toHaveBeenCalledWith('[realtime] not connected: tap was not sent');
    socket.open();
    expect(realtime.emit('tap', { telegram_user_id: '00000002', count: 1, seq: 1 })).toBe(true);
  });

  test('when socket.io gives up, min(3 s × 1.5^n, 30 s) before trying again', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(extraBackoffMs)).toEqual([
      3_000, 4_500, 6_750, 10_125, 15_187.5, 22_781.25, 30_000, 30_000,
    ]);
    const realtime = connection();
    realtime.start();
    socket.io.fire('reconnect_attempt', 1);
    socket.io.fire('reconnect_failed');
    expect(statuses.at(-1)).toBe('closed');
    expect(socket.connectCalls).toBe(1);
    vi.advanceTimersByTime(2_999);
    expect(socket.connectCalls).toBe(1);
    vi.advanceTimersByTime(1);
    expect(socket.connectCalls).toBe(2);
    expect(statuses.at(-1)).toBe('connecting');

    socket.io.fire('reconnect_failed');
    vi.advanceTimersByTime(4_499);
    expect(socket.connectCalls).toBe(2);
    vi.advanceTimersByTime(1);
    expect(socket.connectCalls).toBe(3);
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('backoff step 2'));

    // A success starts the steps over.
    socket.open();
    socket.lose('transport close', true);
    socket.io.fire('reconnect_failed');
    vi.advanceTimersByTime(3_000);
    expect(socket.connectCalls).toBe(4);
  });

  test('the server ending the session (socket.io does not retry) schedules a reconnect after 3 s', () => {
    const realtime = connection();
    realtime.start();
    socket.open();
    socket.lose('io server disconnect', false);
    expect(statuses.at(-1)).toBe('closed');
    vi.advanceTimersByTime(3_000);
    expect(socket.connectCalls).toBe(2);
  });

  test('a refused handshake is retried with the backoff; a ban is not', () => {
    const onBanned = vi.fn();
    const realtime = connection({ onBanned });
    realtime.start();
    socket.active = false;
    socket.fire(
      'connect_error',
      Object.assign(new Error('Service unavailable'), { data: { code: 'server/unavailable' } }),
    );
    vi.advanceTimersByTime(3_000);
    expect(socket.connectCalls).toBe(2);

    socket.active = false;
    socket.fire(
      'connect_error',
      Object.assign(new Error('Cheating'), { data: { code: 'auth/banned', message: 'Cheating' } }),
    );
    expect(onBanned).toHaveBeenCalledWith('Cheating');
    vi.advanceTimersByTime(60_000);
    expect(socket.connectCalls).toBe(2);
    expect(statuses.at(-1)).toBe('closed');
  });

  test('back from the background with the socket down, it reconnects at once', () => {
    const realtime = connection();
    realtime.start();
    socket.io.fire('reconnect_failed');
    doc.visibilityState = 'hidden';
    doc.show();
    expect(socket.connectCalls).toBe(2);
    // The pending backoff was replaced, not doubled.
    vi.advanceTimersByTime(30_000);
    expect(socket.connectCalls).toBe(2);
  });

  test('W6 the network going away closes the socket at once; its return reconnects at once', () => {
    const network = new EventTarget();
    const realtime = connection({ network: network as unknown as Window });
    realtime.start();
    socket.open();
    expect(statuses.at(-1)).toBe('connected');

    network.dispatchEvent(new Event('offline'));
    // A real socket says so when it is closed on purpose; no retry is scheduled while offline.
    socket.lose('io client disconnect', false);
    expect(statuses.at(-1)).toBe('closed');
    vi.advanceTimersByTime(120_000);
    expect(socket.connectCalls).toBe(1);

    network.dispatchEvent(new Event('online'));
    expect(socket.connectCalls).toBe(2);
    expect(statuses.at(-1)).toBe('connecting');
    socket.open();
    expect(statuses.at(-1)).toBe('connected');
  });

  test('W6 started offline it waits for the network instead of trying', () => {
    const network = new EventTarget();
    const realtime = connection({ network: network as unknown as Window, isOnline: () => false });
    realtime.start();
    expect(socket.connectCalls).toBe(0);
    expect(statuses).not.toContain('connecting');
    expect(realtime.currentStatus).toBe('closed');
    network.dispatchEvent(new Event('online'));
    expect(socket.connectCalls).toBe(1);
    realtime.stop();
  });

  test('W6 back online while socket.io waits between retries: a fresh attempt starts at once', () => {
    const network = new EventTarget();
    const realtime = connection({ network: network as unknown as Window });
    realtime.start();
    socket.open();
    socket.lose('transport close', true);
    socket.io.fire('reconnect_failed');
    expect(socket.connectCalls).toBe(1);
    network.dispatchEvent(new Event('online'));
    expect(socket.connectCalls).toBe(2);
    // The backoff that reconnect_failed scheduled was dropped, not kept as a second attempt.
    vi.advanceTimersByTime(60_000);
    expect(socket.connectCalls).toBe(2);
    realtime.stop();
  });

  test('without a user id it logs an error and does not connect', () => {
    const realtime = connection({ telegramUserId: '' });
    realtime.start();
    expect(logger.error).toHaveBeenCalled();
    expect(socket.connectCalls).toBe(0);
  });

  test('stop closes the socket and cancels retries', () => {
    const realtime = connection();
    realtime.start();
    socket.io.fire('reconnect_failed');
    realtime.stop();
    vi.advanceTimersByTime(60_000);
    expect(socket.connectCalls).toBe(1);
    expect(statuses.at(-1)).toBe('closed');
  });
});
