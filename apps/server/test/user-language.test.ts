import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, startTestApp, type TestApp } from './helpers/test-app.ts';

describeEachDatabase('the player language', (kind) => {
  let t: TestApp;
  let nextId = 71_000 + (kind === 'postgres' ? 500 : 0);

  beforeAll(async () => {
    t = await startTestApp(kind);
  }, 300_000);
  afterAll(async () => t?.close());

  /** A Telegram player whose app says `languageCode`; each call signs fresh init data, as a device does. */
  const player = (languageCode?: string) => {
    const id = nextId++;
    const device = async (method: string, route: string, body?: unknown, code = languageCode) => {
      const user = { id, first_name: `Lang${id}`, ...(code ? { language_code: code } : {}) };
      const response = await fetch(`${t.url}${route}`, {
        method,
        headers: { authorization: `tma ${t.initData(user)}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json: any = await response.json();
      return { status: response.status, body: json };
    };
    return {
      id,
      device,
      register: (code?: string) => device('POST', '/v1/user/register', { telegram_user_id: id }, code),
    };
  };

  it('LG1 the language comes from Telegram language_code: ru reads Russian, pt-br Brazilian Portuguese, de and none English', async () => {
    for (const [code, expected] of [
      ['ru', 'ru'],
      ['pt-br', 'pt-BR'],
      ['fa-IR', 'fa'],
      ['de', 'en'],
      [undefined, 'en'],
    ] as const) {
      const someone = player(code);
      const registered = await someone.register();
      expect(registered.status).toBe(200);
      expect(registered.body.data.language).toBe(expected);
      expect((await someone.device('GET', `/v1/user/${someone.id}`)).body.data.language).toBe(expected);
    }
  });

  it('LG1 without a choice the account follows what Telegram says now', async () => {
    const someone = player('ru');
    await someone.register();
    expect((await someone.register('uk')).body.data.language).toBe('uk');
  });

  it('LG2 PUT /user/{id}/language keeps the choice; another device with another Telegram language keeps it too', async () => {
    const someone = player('ru');
    await someone.register();
    const set = await someone.device('PUT', `/v1/user/${someone.id}/language`, { language: 'es' });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ code: 200, message: 'Language updated' });
    expect(set.body.data).toMatchObject({ telegram_user_id: String(someone.id), language: 'es' });
    expect((await someone.device('GET', `/v1/user/${someone.id}`)).body.data.language).toBe('es');

    // A second device: fresh init data saying English, a new registration, then the account read.
    const again = await someone.register('en');
    expect(again.body).toMatchObject({ message: 'User already registered' });
    expect(again.body.data.language).toBe('es');
    expect((await someone.device('GET', `/v1/user/${someone.id}`, undefined, 'tr')).body.data.language).toBe(
      'es',
    );

    // Choosing English on purpose is a choice too: it wins over Telegram's Russian.
    await someone.device('PUT', `/v1/user/${someone.id}/language`, { language: 'en' });
    expect((await someone.register('ru')).body.data.language).toBe('en');
  });

  it('LG2 a body that is not one of the eight languages is a 400 and changes nothing', async () => {
    const someone = player('tr');
    await someone.register();
    await someone.device('PUT', `/v1/user/${someone.id}/language`, { language: 'fa' });
    for (const bad of [
      { language: 'de' },
      { language: 'pt-br' },
      { language: 'EN' },
      { language: null },
      { language: 7 },
      {},
      { language: 'es', extra: true },
      'es',
    ]) {
      const answer = await someone.device('PUT', `/v1/user/${someone.id}/language`, bad);
      expect(answer.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await someone.device('GET', `/v1/user/${someone.id}`)).body.data.language).toBe('fa');
  });

  it("LG2 a player cannot choose another player's language", async () => {
    const owner = player('ru');
    const other = player('en');
    await owner.register();
    await other.register();
    const answer = await other.device('PUT', `/v1/user/${owner.id}/language`, { language: 'id' });
    expect(answer.status).toBe(403);
    expect((await owner.device('GET', `/v1/user/${owner.id}`)).body.data.language).toBe('ru');
  });
});
