import { PLAYER_ROUTE_HEADER, playerRouteOf } from '@titans/shared/cluster/player-route';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

// D-CLUSTER-12: the balancer hashes on the id the client sends; the server refuses an id that is
// not the verified caller's.
describe('player-id routing', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(async () => t?.close());

  it('reads the player id from raw init data', () => {
    expect(playerRouteOf(t.initData(31_337))).toBe('31337');
    expect(playerRouteOf('query_id=1&hash=abc')).toBeUndefined();
    expect(playerRouteOf('user=%7Bnot-json&hash=abc')).toBeUndefined();
    expect(playerRouteOf(undefined)).toBeUndefined();
  });

  it("REST: the caller's own id or none is served, another id is refused 403", async () => {
    const own = await t.call(
      7_400_001,
      'POST',
      '/v1/user/register',
      { telegram_user_id: 7_400_001 },
      {
        [PLAYER_ROUTE_HEADER]: '7400001',
      },
    );
    expect([200, 201]).toContain(own.status);
    expect((await t.call(7_400_001, 'GET', '/v1/characters')).status).toBe(200);
    const other = await t.call(7_400_001, 'GET', '/v1/characters', undefined, {
      [PLAYER_ROUTE_HEADER]: '7400002',
    });
    expect(other.status).toBe(403);
    expect(other.body.error).toBe('auth/forbidden');
  });

  const handshake = (query: Record<string, string>) =>
    new Promise<{ ok: true } | { ok: false; data: unknown }>((resolve) => {
      const socket = io(t.url, {
        path: '/engine.io',
        transports: ['websocket'],
        auth: { initData: t.initData(7_400_001) },
        query,
        reconnection: false,
        forceNew: true,
      });
      socket.on('connect', () => {
        socket.close();
        resolve({ ok: true });
      });
      socket.on('connect_error', (error) => {
        socket.close();
        resolve({ ok: false, data: (error as Error & { data?: unknown }).data });
      });
    });

  it("socket: the handshake with the caller's own id or none connects, another id is refused", async () => {
    expect(await handshake({ player: '7400001' })).toEqual({ ok: true });
    expect(await handshake({})).toEqual({ ok: true });
    expect(await handshake({ player: '7400002' })).toMatchObject({
      ok: false,
      data: { code: 'auth/forbidden' },
    });
  });
});
