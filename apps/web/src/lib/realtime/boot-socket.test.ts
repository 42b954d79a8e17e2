import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { bootSocketUrl, openBootSocket, takeBootSocket } from './boot-socket.ts';

const initData = `user=${encodeURIComponent(JSON.stringify({ id: 42 }))}&auth_date=1&hash=abc`;
const location = { protocol: 'https:', host: 'titans.example' };

/** A WebSocket that records what the page sends and lets the test deliver frames. */
class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static last: FakeWebSocket | null = null;
  readyState = FakeWebSocket.CONNECTING;
  sent: string[] = [];
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeWebSocket.last = this;
  }
  send(frame: string) {
    this.sent.push(frame);
  }
  receive(frame: string) {
    this.readyState = FakeWebSocket.OPEN;
    this.onmessage?.({ data: frame });
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

  test("it says socket.io's CONNECT with the app's handshake data once engine.io opens, and keeps what arrives", () => {
    openBootSocket(initData, 'client-id-1234', location);
    const socket = FakeWebSocket.last;
    if (!socket) throw new Error('no socket opened');
    expect(window.__titansClientId).toBe('client-id-1234');
    socket.receive('0{"sid":"a","upgrades":[],"pingInterval":25000,"pingTimeout":20000}');
    expect(socket.sent).toEqual([`40${JSON.stringify({ initData, clientId: 'client-id-1234' })}`]);
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
    // Taken once.
    expect(takeBootSocket()).toBeNull();
  });

  test('a socket still opening is handed over as it is; a closed one is not', () => {
    openBootSocket(initData, 'client-id-1234', location);
    expect(takeBootSocket()?.connectSent).toBe(false);
    openBootSocket(initData, 'client-id-5678', location);
    const socket = FakeWebSocket.last;
    if (!socket) throw new Error('no socket opened');
    socket.readyState = FakeWebSocket.CLOSED;
    socket.onclose?.();
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
