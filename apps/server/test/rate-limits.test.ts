import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSocket, type TestSocket } from './helpers/socket-client.ts';
import { describeEachDatabase, readyPlayer, startTestApp, type TestApp } from './helpers/test-app.ts';

const LIMITS = {
  RATE_LIMIT_WINDOW_SECONDS: '60',
  RATE_LIMIT_READS: '8',
  RATE_LIMIT_WRITES: '6',
  RATE_LIMIT_PURCHASES: '3',
  RATE_LIMIT_ADDRESS: '1000',
};

describeEachDatabase('rate limits', (kind) => {
  let t: TestApp;
  let nextId = 71_000;

  beforeAll(async () => {
    t = await startTestApp(kind, { env: LIMITS });
  });
  afterAll(async () => t?.close());

  it('H3 a player over the read limit gets 429 request/rate-limited with Retry-After; others are served', async () => {
    const id = nextId++;
    await readyPlayer(t, id); // two writes
    const statuses: number[] = [];
    let limited: Response | undefined;
    for (let index = 0; index < 10; index++) {
      const response = await fetch(`${t.url}/v1/user/${id}`, {
        headers: { authorization: `tma ${t.initData(id)}` },
      });
      statuses.push(response.status);
      if (response.status === 429) limited ??= response;
      else await response.arrayBuffer();
    }
    expect(statuses.slice(0, 8)).toEqual(Array(8).fill(200));
    expect(statuses.slice(8)).toEqual([429, 429]);
    const body = (await limited!.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ code: 429, error: 'request/rate-limited' });
    expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThan(0);
    const other = nextId++;
    await readyPlayer(t, other);
    expect((await t.call(other, 'GET', `/v1/user/${other}`)).status).toBe(200);
  });

  it('H3 purchases are limited more strictly than writes, each per player', async () => {
    const id = nextId++;
    await readyPlayer(t, id);
    const purchases: number[] = [];
    for (let index = 0; index < 5; index++)
      purchases.push((await t.call(id, 'POST', '/v1/boosts/upgrade', { kind: 'tap_power' })).status);
    expect(purchases.filter((status) => status === 429)).toHaveLength(2);
    expect(purchases.slice(0, 3)).not.toContain(429);
    // Reads have their own budget.
    expect((await t.call(id, 'GET', '/v1/boosts')).status).toBe(200);
  });

  it('H3 health is exempt', async () => {
    for (let index = 0; index < 30; index++) expect((await fetch(`${t.url}/health`)).status).toBe(200);
  });
});

describeEachDatabase('rate limits per address', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { env: { ...LIMITS, RATE_LIMIT_ADDRESS: '5' } });
  });
  afterAll(async () => t?.close());

  it('H3 an address over its limit gets 429 for calls without a verified identity', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 7; index++)
      statuses.push((await t.call(null, 'GET', '/v1/characters')).status);
    expect(statuses.slice(0, 5)).toEqual(Array(5).fill(401));
    expect(statuses.slice(5)).toEqual([429, 429]);
    expect((await fetch(`${t.url}/health`)).status).toBe(200);
  });
});

/** Init data whose signature no longer checks out: a failed authentication. */
function forged(initData: string): string {
  return initData.replace(/hash=([0-9a-f])/, (_, first: string) => `hash=${first === '0' ? '1' : '0'}`);
}

/**
 * One player floods from an address many players share (carrier NAT, VPN exit): their flood is
 * refused by their own limit and spends nothing of the address's (D-HARDEN-6).
 */
async function sharedAddressCase(
  t: TestApp,
  flooder: number,
  neighbour: number,
  headers: Record<string, string>,
) {
  const read = async (authorization: string) => {
    const response = await fetch(`${t.url}/v1/characters`, { headers: { ...headers, authorization } });
    await response.arrayBuffer();
    return response.status;
  };
  const statuses: number[] = [];
  for (let index = 0; index < 12; index++) statuses.push(await read(`tma ${t.initData(flooder)}`));
  // The player's own read limit (8) refuses them; the address limit (5) never counted them.
  expect(statuses).toEqual([...Array(8).fill(200), ...Array(4).fill(429)]);
  expect(await read(`tma ${t.initData(neighbour)}`)).toBe(200);
  // Calls without a valid identity (a forged signature) count against the address.
  const failed: number[] = [];
  for (let index = 0; index < 7; index++) failed.push(await read(`tma ${forged(t.initData(neighbour))}`));
  expect(failed).toEqual([...Array(5).fill(401), 429, 429]);
  // The address is spent for anonymous callers; verified players behind it are still served.
  expect(await read(`tma ${t.initData(neighbour)}`)).toBe(200);
  expect(await read(`tma ${t.initData(neighbour + 1)}`)).toBe(200);
}

describeEachDatabase('rate limits on a shared address', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { env: { ...LIMITS, RATE_LIMIT_ADDRESS: '5' } });
  });
  afterAll(async () => t?.close());

  it('H3 one player floods; another player from the same address is served (D-HARDEN-6)', async () => {
    await sharedAddressCase(t, 73_001, 73_002, {});
  });
});

describeEachDatabase('rate limits per address behind a proxy', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { env: { ...LIMITS, RATE_LIMIT_ADDRESS: '5' } });
  });
  afterAll(async () => t?.close());

  const spoofed = (index: number, client: string) => ({
    'x-forwarded-for': `198.51.100.${index}, ${client}`,
  });

  it('H3 a client cannot escape its address limit with its own X-Forwarded-For (D-HARDEN-5)', async () => {
    // The test connects over loopback, like a reverse proxy on the same machine: the proxy
    // appends the address it saw (203.0.113.7); what the client wrote before it is not believed.
    const statuses: number[] = [];
    for (let index = 0; index < 7; index++)
      statuses.push(
        (await t.call(null, 'GET', '/v1/characters', undefined, spoofed(index, '203.0.113.7'))).status,
      );
    expect(statuses.slice(0, 5)).toEqual(Array(5).fill(401));
    expect(statuses.slice(5)).toEqual([429, 429]);
    // Another client behind the same proxy has its own count.
    expect((await t.call(null, 'GET', '/v1/characters', undefined, spoofed(1, '203.0.113.8'))).status).toBe(
      401,
    );
  });
});

describeEachDatabase('rate limits per address without a proxy', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { env: { ...LIMITS, RATE_LIMIT_ADDRESS: '5', TRUST_PROXY: 'false' } });
  });
  afterAll(async () => t?.close());

  it('H3 with TRUST_PROXY=false X-Forwarded-For is ignored: the connection’s address counts', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 7; index++)
      statuses.push(
        (await t.call(null, 'GET', '/v1/characters', undefined, { 'x-forwarded-for': `203.0.113.${index}` }))
          .status,
      );
    expect(statuses.slice(5)).toEqual([429, 429]);
  });
});

describeEachDatabase('socket limits per player', (kind) => {
  let t: TestApp;
  const sockets: TestSocket[] = [];
  beforeAll(async () => {
    t = await startTestApp(kind, {
      env: {
        SOCKET_MESSAGES_PER_SECOND: '1000',
        SOCKET_MESSAGE_BURST: '1000',
        SOCKET_PLAYER_MESSAGE_BURST: '10',
        SOCKET_PLAYER_MESSAGES_PER_SECOND: '1',
      },
    });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await t?.close();
  });

  it('H3 messages across all of a player’s sockets share one budget; another player is unaffected', async () => {
    const id = 72_001;
    await readyPlayer(t, id);
    const a = await connectSocket(t.url, t.initData(id));
    const b = await connectSocket(t.url, t.initData(id));
    sockets.push(a, b);
    for (let index = 0; index < 8; index++) {
      a.emit('initUser', { telegram_user_id: id });
      b.emit('initUser', { telegram_user_id: id });
    }
    const refused = await Promise.race([a.waitFor('error'), b.waitFor('error')]);
    expect(refused).toMatchObject({ code: 'request/rate-limited' });
    expect(a.connected && b.connected).toBe(true);
    const other = 72_002;
    await readyPlayer(t, other);
    const c = await connectSocket(t.url, t.initData(other));
    sockets.push(c);
    c.emit('initUser', { telegram_user_id: other });
    await c.waitFor('statusUpdated');
    expect(c.received.error).toBeUndefined();
  });

  it('H3 battle taps, taken straight from engine.io (D-BATTLE-20), count against the same budget', async () => {
    const id = 72_003;
    await readyPlayer(t, id);
    const a = await connectSocket(t.url, t.initData(id));
    const b = await connectSocket(t.url, t.initData(id));
    sockets.push(a, b);
    a.emit('initUser', { telegram_user_id: id });
    await a.waitFor('statusUpdated');
    b.emit('initUser', { telegram_user_id: id });
    await b.waitFor('statusUpdated');
    const battle = { battle_id: '00000000-0000-4000-8000-000000000001', target_id: 1 };
    for (let index = 0; index < 8; index++) {
      a.emit('pvpTap', battle);
      b.emit('battleAction', { ...battle, action: { type: 'attack' } });
    }
    // The first taps are answered (no such battle); past the player's burst of 10 they are refused.
    const limited = (error: { code?: string }) => error.code === 'request/rate-limited';
    await Promise.race([a.waitFor('error', limited), b.waitFor('error', limited)]);
    const codes = [...(a.received.error ?? []), ...(b.received.error ?? [])].map(
      (error) => (error as { code: string }).code,
    );
    const answered = codes.filter((code) => code === 'battle/not-found').length;
    expect(answered).toBeGreaterThan(0);
    expect(answered).toBeLessThanOrEqual(8);
    expect(a.connected && b.connected).toBe(true);
  });
});

describe('rate limits on Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const env = { ...LIMITS, RATE_LIMIT_REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' };
    [a, b] = await Promise.all([startTestApp('pglite', { env }), startTestApp('pglite', { env })]);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('H3 with REDIS_URL two server processes share one count', async () => {
    const id = 800_000_000 + randomInt(100_000_000); // fresh in Redis on every run
    const authorization = { authorization: `tma ${a.initData(id)}` };
    const statuses: number[] = [];
    for (let index = 0; index < 10; index++) {
      const app = index % 2 === 0 ? a : b;
      const response = await fetch(`${app.url}/v1/characters`, { headers: authorization });
      statuses.push(response.status);
      await response.arrayBuffer();
    }
    expect(statuses.slice(0, 8)).toEqual(Array(8).fill(200));
    expect(statuses.slice(8)).toEqual([429, 429]);
  });
});

describe('rate limits on Redis, shared address', () => {
  let t: TestApp;
  beforeAll(async () => {
    const redis = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
    t = await startTestApp('pglite', {
      env: { ...LIMITS, RATE_LIMIT_ADDRESS: '5', RATE_LIMIT_REDIS_URL: redis },
    });
  });
  afterAll(async () => t?.close());

  it('H3 with REDIS_URL one player floods; another player from the same address is served (D-HARDEN-6)', async () => {
    // A fresh address and fresh players on every run: Redis keeps the counts between runs.
    const address = `2001:db8::${randomInt(0xffff).toString(16)}:${randomInt(0xffff).toString(16)}`;
    const id = 800_000_000 + randomInt(100_000_000);
    await sharedAddressCase(t, id, id + 1, { 'x-forwarded-for': address });
  });
});
