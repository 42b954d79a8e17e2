import { afterAll, beforeAll, expect, it } from 'vitest';
import { signInitData } from '../src/auth/init-data.ts';
import { describeEachDatabase, startTestApp, type TestApp } from './helpers/test-app.ts';

describeEachDatabase('identity', (kind) => {
  let t: TestApp;
  const ME = 5001;
  const OTHER = 5002;

  beforeAll(async () => {
    t = await startTestApp(kind);
    expect((await t.call(ME, 'POST', '/v1/user/register', { telegram_user_id: String(ME) })).status).toBe(
      200,
    );
    expect((await t.call(OTHER, 'POST', '/v1/user/register', { telegram_user_id: OTHER })).status).toBe(200);
  });
  afterAll(async () => t?.close());

  const get = (headers: Record<string, string>) =>
    fetch(`${t.url}/v1/user/${ME}`, { headers }).then(async (response) => ({
      status: response.status,
      body: (await response.json()) as {
        code: number;
        error?: string;
        data: { telegram_user_id?: string } | null;
      },
    }));

  it('A1 valid init data is accepted and names the caller', async () => {
    const response = await get({ authorization: `tma ${t.initData(ME)}` });
    expect(response.status).toBe(200);
    expect(response.body.code).toBe(200);
    expect(response.body.data?.telegram_user_id).toBe(String(ME));
  });

  it('A1 missing init data is refused with 401', async () => {
    const response = await get({});
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ code: 401, error: 'auth/missing', data: null });
    expect((await get({ authorization: 'Bearer something' })).status).toBe(401);
  });

  it('A1 tampered init data is refused with 401', async () => {
    const genuine = new URLSearchParams(t.initData(ME));
    const user = JSON.parse(genuine.get('user') ?? '{}');
    genuine.set('user', JSON.stringify({ ...user, id: OTHER }));
    const response = await get({ authorization: `tma ${genuine.toString()}` });
    expect(response.status).toBe(401);
    expect(response.body.error).toBe('auth/invalid');

    const badHash = new URLSearchParams(t.initData(ME));
    badHash.set('hash', '0'.repeat(64));
    expect((await get({ authorization: `tma ${badHash.toString()}` })).status).toBe(401);
  });

  it('A1 init data signed with another bot token is refused', async () => {
    const forged = signInitData({ id: ME }, '999:another-bots-token');
    const response = await get({ authorization: `tma ${forged}` });
    expect(response.status).toBe(401);
    expect(response.body.error).toBe('auth/invalid');
  });

  it('A2 expired init data is refused with 401 auth/expired', async () => {
    const old = Math.floor(Date.now() / 1000) - t.config.authMaxAgeSeconds - 60;
    const response = await get({ authorization: `tma ${t.initData(ME, { authDate: old })}` });
    expect(response.status).toBe(401);
    expect(response.body.error).toBe('auth/expired');
  });

  it('A3 a path naming another user is refused with 403', async () => {
    for (const [method, route, body] of [
      ['GET', `/v1/user/${OTHER}`, undefined],
      ['GET', `/v1/user/${OTHER}/profile`, undefined],
      ['GET', `/v1/users/${OTHER}/inventory`, undefined],
      ['PUT', `/v1/user/update/${OTHER}`, { background_image: null }],
      ['POST', `/v1/user/${OTHER}/select-character`, { characterId: 'x' }],
      ['POST', `/v1/user/${OTHER}/sync-balance`, undefined],
    ] as const) {
      const response = await t.call(ME, method, route, body);
      expect(response.status, `${method} ${route}`).toBe(403);
      expect(response.body).toMatchObject({ code: 403, error: 'auth/forbidden' });
    }
  });

  it('A3 the same user written with leading zeros is the caller', async () => {
    const response = await t.call(ME, 'GET', `/v1/user/000${ME}`);
    expect(response.status).toBe(200);
  });

  it('A3 a body naming another user is refused with 403', async () => {
    const response = await t.call(ME, 'POST', '/v1/user/register', { telegram_user_id: String(OTHER) });
    expect(response.status).toBe(403);
    expect(response.body.error).toBe('auth/forbidden');
  });

  it('U3 unknown and mass-assignment fields on PUT /user/update are 400 and change nothing', async () => {
    const before = await t.call(ME, 'GET', `/v1/user/${ME}`);
    for (const body of [
      { background_image: null, coins: 1_000_000 },
      { background_image: null, gems: 500 },
      { background_image: null, is_banned: false },
      { coins: 5 },
      '{"background_image":null,"__proto__":{"coins":99}}',
      '{"background_image":null,"constructor":{"prototype":{"coins":99}}}',
      { background_image: 42 },
    ]) {
      const response = await t.call(ME, 'PUT', `/v1/user/update/${ME}`, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.code).toBe(400);
      expect(typeof response.body.message).toBe('string');
    }
    const after = await t.call(ME, 'GET', `/v1/user/${ME}`);
    expect(after.body.data).toEqual(before.body.data);
  });

  it('A4 a banned user is refused on every call with the reason', async () => {
    const BANNED = 5003;
    await t.call(BANNED, 'POST', '/v1/user/register', { telegram_user_id: BANNED });
    // The operator's ban (D-BAN-1): the account each call reads is the one the ban wrote.
    await t.bans.set(String(BANNED), true, 'Autoclicker detected');
    for (const [method, route, body] of [
      ['GET', `/v1/user/${BANNED}`, undefined],
      ['POST', '/v1/user/register', { telegram_user_id: BANNED }],
      ['GET', '/v1/characters?limit=10&skip=0', undefined],
      ['POST', `/v1/user/${BANNED}/sync-balance`, undefined],
    ] as const) {
      const response = await t.call(BANNED, method, route, body);
      expect(response.status, route).toBe(403);
      expect(response.body).toMatchObject({
        code: 403,
        error: 'auth/banned',
        message: 'Autoclicker detected',
        data: { is_banned: true, ban_reason: 'Autoclicker detected' },
      });
    }
  });

  it('A4 a ban without a recorded reason sends the default message and ban_reason null', async () => {
    const BANNED = 5004;
    await t.call(BANNED, 'POST', '/v1/user/register', { telegram_user_id: BANNED });
    await t.bans.set(String(BANNED), true, null);
    const response = await t.call(BANNED, 'GET', `/v1/user/${BANNED}`);
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({
      message: 'Account suspended for violating terms of service.',
      data: { is_banned: true, ban_reason: null },
    });
  });

  it('A5 the development init-data route does not exist when a bot token is set', async () => {
    const response = await fetch(`${t.url}/v1/dev/init-data`);
    expect(response.status).toBe(404);
  });
});
