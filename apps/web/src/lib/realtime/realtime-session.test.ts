import type { StatusPayload } from '@titans/shared/taps/schemas';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createBalanceStore } from './balance-store.ts';
import type { SocketFactory, TitansClientSocket } from './realtime-connection.ts';
import { startRealtimeSession } from './realtime-session.ts';

type Listener = (...args: unknown[]) => void;

/** A socket that connects at once and records what is emitted. */
function fakeSocket(sent: Array<[string, unknown]>) {
  const listeners = new Map<string, Set<Listener>>();
  const anyListeners = new Set<Listener>();
  const emitter = {
    onAny(listener: Listener) {
      anyListeners.add(listener);
      return this;
    },
    on(event: string, listener: Listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(listener);
      return this;
    },
    off(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener);
      return this;
    },
  };
  const socket = {
    ...emitter,
    io: { on: () => socket.io, off: () => socket.io },
    connected: false,
    active: false,
    connect() {
      socket.connected = true;
      socket.active = true;
      for (const listener of listeners.get('connect') ?? []) listener();
      return socket;
    },
    disconnect() {
      socket.connected = false;
      socket.active = false;
      return socket;
    },
    emit(event: string, payload: unknown) {
      sent.push([event, payload]);
      return socket;
    },
    /** The server pushes an event. */
    push(event: string, payload: unknown) {
      for (const listener of anyListeners) listener(event, payload);
      for (const listener of listeners.get(event) ?? []) listener(payload);
    },
  };
  return socket;
}

const status: StatusPayload = { coins: 0, energy: 1000, max_energy: 1000, pending: 0, tap_value: 10 };
const quiet = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };

describe('realtime session', () => {
  afterEach(() => vi.restoreAllMocks());

  test('initUser on connect; a session started again goes on counting seq (the server dedupes by it)', () => {
    const sent: Array<[string, unknown]> = [];
    let socket = fakeSocket(sent);
    const createSocket: SocketFactory = () => {
      socket = fakeSocket(sent);
      return socket as unknown as TitansClientSocket;
    };
    const options = {
      telegramUserId: '00000002',
      initData: () => 'signed',
      onBanned: vi.fn(),
      createSocket,
      store: createBalanceStore(),
      logger: quiet,
    };

    const first = startRealtimeSession(options);
    expect(sent).toEqual([['initUser', { telegram_user_id: '00000002' }]]);
    socket.push('statusUpdated', status);
    expect(first.pipeline.tap().ok).toBe(true);
    first.stop();

    const second = startRealtimeSession(options);
    socket.push('statusUpdated', status);
    expect(second.pipeline.tap().ok).toBe(true);
    const seqs = sent
      .filter(([event]) => event === 'tap')
      .map(([, payload]) => (payload as { seq: number }).seq);
    expect(seqs).toHaveLength(2);
    expect(seqs[1]).toBe(seqs[0]! + 1);
    second.stop();
  });

  test('malformed server events are ignored, not folded into the balance', () => {
    const sent: Array<[string, unknown]> = [];
    let socket = fakeSocket(sent);
    const store = createBalanceStore();
    const session = startRealtimeSession({
      telegramUserId: '00000002',
      initData: () => 'signed',
      onBanned: vi.fn(),
      createSocket: () => {
        socket = fakeSocket(sent);
        return socket as unknown as TitansClientSocket;
      },
      store,
      logger: quiet,
    });
    socket.push('statusUpdated', { ...status, coins: 'lots' });
    expect(store.getState().synced).toBe(false);
    socket.push('statusUpdated', { ...status, coins: 1234 });
    expect(store.getState()).toMatchObject({ synced: true, coins: 1234 });
    session.stop();
  });
});
