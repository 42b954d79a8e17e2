import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { bootSocketUrl, openBootSocket, takeBootSocket } from './boot-socket.ts';

const initData = `user=${encodeURIComponent(JSON.stringify({ id: 42 }))}&auth_date=1&hash=abc`;
const location = { protocol: 'https:', host: 'titans.example' };

/** A WebSocket that records what the page sends and lets the test open it and deliver frames. */
class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static last: FakeWebSocket | null = null;
  readyState = FakeWebSocket.CONNECTING;
  sent: string[] = [];
  /** What engine.io-client sets when it takes the socket over. */
  onmessage: ((event: { data: unknown }) => void) | null = null;
  private readonly listeners = new Map<string, ((event: { data?: unknown }) => void)[]>();
  constructor(readonly url: string) {
    FakeWebSocket.last = this;
  }
  addEventListener(type: string, listener: (event: { data?: unknown }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  private dispatch(type: string, event: { data?: unknown }) {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
  send(frame: string) {
    this.sent.push(frame);
  }
  open() {
    this.readyState = FakeWebSocket.OPEN;
    this.dispatch('open', {});
  }
  receive(frame: string) {
    this.dispatch('message', { data: frame });
    this.onmessage?.({ data: frame });
  }
  close() {
    this.readyState = FakeWebSocket.CLOSED;
    this.dispatch('close', {});
  }
}

describe('the socket index.html opens before the app (D-WEB-41)', () => {
  beforeEach(() => {
    vi.stubGlobal('WebSocket', FakeWebSocket);
    window.__titansBootSocket = undefined;
    window.__titansClientId = undefined;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    window.__titansBootSocket = undefined;
    window.__titansClientId = undefined;
  });

  test('its URL is the one engine.io-client builds: the player to route on, protocol 4, WebSocket', () => {
    expect(bootSocketUrl(initData, location)).toBe(
      'wss://titans.example/engine.io/?player=42&EIO=4&transport=websocket',
    );
    expect(bootSocketUrl('auth_date=1', { protocol: 'http:', host: 'localhost:3000' })).toBe(
      'ws://localhost:3000/engine.io/?EIO=4&transport=websocket',
    );
  });

  test("it says socket.io's CONNECT with the app's handshake data as soon as it opens, and keeps what arrives until taken", () => {
    openBootSocket(initData, 'client-id-1234', location);
    const socket = FakeWebSocket.last;
    if (!socket) throw new Error('no socket opened');
    expect(window.__titansClientId).toBe('client-id-1234');
    // Before engine.io's open packet: the page's main thread may be busy when that arrives.
    socket.open();
    expect(socket.sent).toEqual([`40${JSON.stringify({ initData, clientId: 'client-id-1234' })}`]);
    socket.receive('0{"sid":"a","upgrades":[],"pingInterval":25000,"pingTimeout":20000}');
    // A ping is answered here and not handed on; everything else is.
    socket.receive('2');
    socket.receive('40{"sid":"b"}');
    expect(socket.sent.slice(1)).toEqual(['3']);
    const boot = takeBootSocket();
    expect(boot?.connectSent).toBe(true);
    expect(boot?.frames).toEqual([
      '0{"sid":"a","upgrades":[],"pingInterval":25000,"pingTimeout":20000}',
      '40{"sid":"b"}',
    ]);
    // Taken once; from then on frames and pings are socket.io-client's.
    expect(takeBootSocket()).toBeNull();
    socket.receive('2');
    expect(socket.sent).toHaveLength(2);
    expect(boot?.frames).toHaveLength(2);
  });

  test('a socket taken while still opening says its CONNECT when it opens, whatever handlers socket.io sets', () => {
    openBootSocket(initData, 'client-id-1234', location);
    const socket = FakeWebSocket.last;
    if (!socket) throw new Error('no socket opened');
    const boot = takeBootSocket();
    expect(boot?.connectSent).toBe(false);
    const handed: unknown[] = [];
    socket.onmessage = (event) => handed.push(event.data);
    socket.open();
    expect(boot?.connectSent).toBe(true);
    expect(socket.sent).toEqual([`40${JSON.stringify({ initData, clientId: 'client-id-1234' })}`]);
    socket.receive('0{"sid":"a"}');
    expect(handed).toEqual(['0{"sid":"a"}']);
    expect(boot?.frames).toEqual([]);
  });

  test('a closed socket is not handed over', () => {
    openBootSocket(initData, 'client-id-5678', location);
    FakeWebSocket.last?.close();
    expect(takeBootSocket()).toBeNull();
  });

  test('nothing is opened without init data, nor twice', () => {
    openBootSocket(null, 'client-id-1234', location);
    expect(window.__titansBootSocket).toBeUndefined();
    openBootSocket(initData, 'client-id-1234', location);
    const first = FakeWebSocket.last;
    openBootSocket(initData, 'client-id-5678', location);
    expect(FakeWebSocket.last).toBe(first);
  });
});
