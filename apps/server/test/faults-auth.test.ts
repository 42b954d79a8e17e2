import http from 'node:http';
import net from 'node:net';
import { AUTH_MAX_FUTURE_SKEW_SECONDS } from '@titans/shared/constants';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { refusedConnection } from './helpers/socket-client.ts';
import { describeEachDatabase, startTestApp, type TestApp } from './helpers/test-app.ts';

/** A request with the path sent byte for byte (fetch would normalise it). */
function rawRequest(
  url: string,
  method: string,
  rawPath: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${url}${rawPath}`, { method, headers }, (response) => {
      let text = '';
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => {
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // not JSON (the web app's index.html)
        }
        resolve({ status: response.statusCode ?? 0, body });
      });
    });
    request.on('error', reject);
    request.end();
  });
}

describeEachDatabase('faults: auth on the routed path, future auth_date, slow bodies', (kind) => {
  let t: TestApp;
  const ME = 6101;
  const BANNED = 6102;
  const OTHER = 6103;

  beforeAll(async () => {
    t = await startTestApp(kind, { env: { REQUEST_TIMEOUT_MS: '400' } });
    for (const id of [ME, BANNED, OTHER]) {
      expect((await t.call(id, 'POST', '/v1/user/register', { telegram_user_id: id })).status).toBe(200);
    }
    await t.bans.set(String(BANNED), true, 'Bot');
  }, 180_000);
  afterAll(async () => t?.close(), 60_000);

  // Paths the router decodes or matches as /v1 routes; each must get exactly /v1's auth.
  const ENCODED = [
    '/%761/characters?limit=1',
    '/%76%31/characters?limit=1',
    '/v%31/characters?limit=1',
    '/v1/%63haracters?limit=1',
    `/%761/user/${ME}`,
  ];

  it('A6 encoded prefixes of /v1 get the same auth: 401 without init data', async () => {
    for (const path of ENCODED) {
      const response = await rawRequest(t.url, 'GET', path);
      // Either the router does not match it (404) or it is authenticated like /v1 (401): never 200.
      expect([401, 404], path).toContain(response.status);
      if (response.status === 404) expect(response.body.error, path).toBe('request/not-found');
    }
    // The decoded prefix does match routes (so the test proves something): with init data it answers.
    const authorised = await rawRequest(t.url, 'GET', '/%761/characters?limit=1', {
      authorization: `tma ${t.initData(ME)}`,
    });
    expect(authorised.status).toBe(200);
    const anonymous = await rawRequest(t.url, 'GET', '/%761/characters?limit=1');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error).toBe('auth/missing');
  }, 120_000);

  it('A6 encoded prefixes refuse a banned user (403) and a path naming someone else (403)', async () => {
    for (const path of ENCODED.filter((candidate) => !candidate.includes('/user/'))) {
      const response = await rawRequest(t.url, 'GET', path, { authorization: `tma ${t.initData(BANNED)}` });
      expect([403, 404], path).toContain(response.status);
    }
    const banned = await rawRequest(t.url, 'GET', '/%761/characters?limit=1', {
      authorization: `tma ${t.initData(BANNED)}`,
    });
    expect(banned.status).toBe(403);
    expect(banned.body.error).toBe('auth/banned');
    const other = await rawRequest(t.url, 'GET', `/%761/user/${ME}`, {
      authorization: `tma ${t.initData(OTHER)}`,
    });
    expect(other.status).toBe(403);
    expect(other.body.error).toBe('auth/forbidden');
  }, 120_000);

  it('A7 init data dated in the future beyond clock skew is refused, on HTTP and the socket', async () => {
    const now = Math.floor(Date.now() / 1000);
    const skewed = t.initData(ME, { authDate: now + AUTH_MAX_FUTURE_SKEW_SECONDS - 30 });
    expect(
      (await rawRequest(t.url, 'GET', `/v1/user/${ME}`, { authorization: `tma ${skewed}` })).status,
    ).toBe(200);
    const future = t.initData(ME, { authDate: now + AUTH_MAX_FUTURE_SKEW_SECONDS + 60 });
    const response = await rawRequest(t.url, 'GET', `/v1/user/${ME}`, { authorization: `tma ${future}` });
    expect(response.status).toBe(401);
    expect(response.body.error).toBe('auth/invalid');
    const refused = await refusedConnection(t.url, { initData: future });
    expect(refused.data?.code).toBe('auth/invalid');
  }, 120_000);

  it('A12 init data naming a key twice is refused with 401 auth/duplicate-key, on HTTP and the socket', async () => {
    const genuine = t.initData(ME);
    const hash = new URLSearchParams(genuine).get('hash') ?? '';
    const otherUser = JSON.stringify({ id: OTHER, first_name: 'Other' });
    const repeated = [
      // A second hash after the good one: a first-wins reader checks the good one.
      `${genuine}&hash=${'0'.repeat(64)}`,
      // The good hash repeated: every reader reads the same value, still refused.
      `${genuine}&hash=${hash}`,
      // A second user: a last-wins reader would see another account.
      `${genuine}&user=${encodeURIComponent(otherUser)}`,
      // Any other field repeated.
      `${genuine}&query_id=x`,
    ];
    expect(
      (await rawRequest(t.url, 'GET', `/v1/user/${ME}`, { authorization: `tma ${genuine}` })).status,
    ).toBe(200);
    for (const initData of repeated) {
      const response = await rawRequest(t.url, 'GET', `/v1/user/${ME}`, { authorization: `tma ${initData}` });
      expect(response.status, initData).toBe(401);
      expect(response.body).toMatchObject({ code: 401, error: 'auth/duplicate-key', data: null });
      const refused = await refusedConnection(t.url, { initData });
      expect(refused.data?.code).toBe('auth/duplicate-key');
    }
  }, 120_000);

  it('A8 a body that trickles in is answered 408 and the connection closed', async () => {
    const { port } = new URL(t.url);
    const started = Date.now();
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1');
      let text = '';
      let timer: NodeJS.Timeout | undefined;
      socket.on('connect', () => {
        socket.write(
          `POST /v1/user/register HTTP/1.1\r\nHost: x\r\nAuthorization: tma ${t.initData(ME)}\r\n` +
            'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
        );
        // One byte every 50 ms: the body would take 50 s to arrive.
        timer = setInterval(() => socket.writable && socket.write(' '), 50);
      });
      socket.on('data', (chunk) => (text += chunk));
      socket.on('close', () => {
        clearInterval(timer);
        resolve(text);
      });
      socket.on('error', (error) => {
        clearInterval(timer);
        if (text) resolve(text);
        else reject(error);
      });
    });
    expect(reply).toMatch(/^HTTP\/1\.1 408/);
    expect(Date.now() - started).toBeLessThan(5_000);
  }, 120_000);
});
