import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { validateInitData } from '../src/auth/init-data.ts';
import { captureLog } from './helpers/log-capture.ts';
import { connectSocket, type TestSocket } from './helpers/socket-client.ts';
import {
  describeEachDatabase,
  readyPlayer,
  startTestApp,
  TEST_BOT_TOKEN,
  type TestApp,
} from './helpers/test-app.ts';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63f8cfc0f01f0005000201a5d1b1e30000000049454e44ae426082',
  'hex',
);

describeEachDatabase('input hardening', (kind) => {
  let t: TestApp;
  const log = captureLog();
  let nextId = 61_000;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    t = await startTestApp(kind, { logger: log.logger });
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(async () => t?.close());

  it('H1 a NUL in characterId is a 400 naming the field, not a 500', async () => {
    const id = nextId++;
    await readyPlayer(t, id);
    const response = await t.call(id, 'POST', `/v1/user/${id}/select-character`, {
      characterId: 'ab\u0000c',
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('request/invalid');
    expect(response.body.message).toMatch(/characterId/);
    expect(response.body.message).toMatch(/NUL/);
  });

  it('H1 a NUL in background_image is a 400 naming the field', async () => {
    const id = nextId++;
    await readyPlayer(t, id);
    const response = await t.call(id, 'PUT', `/v1/user/update/${id}`, { background_image: 'x\u0000y' });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/background_image/);
  });

  it('H1 control characters, lone surrogates, over-long strings and deep nesting are 400s', async () => {
    const id = nextId++;
    await readyPlayer(t, id);
    const cases: Array<[unknown, RegExp]> = [
      [{ characterId: 'a\u0007b' }, /control character/],
      [{ characterId: 'a\uD800b' }, /surrogate/],
      [{ characterId: 'a'.repeat(5000) }, /too long/],
      [{ characterId: JSON.parse('['.repeat(40) + ']'.repeat(40)) }, /nested too deeply/],
      [{ 'k\u0000': 1 }, /key/],
    ];
    for (const [body, message] of cases) {
      const response = await t.call(id, 'POST', `/v1/user/${id}/select-character`, body);
      expect(response.status, JSON.stringify(response.body)).toBe(400);
      expect(response.body.message).toMatch(message);
    }
    const query = await t.call(id, 'GET', `/v1/characters?race=%00`);
    expect(query.status).toBe(400);
    expect(query.body.message).toMatch(/querystring: race/);
    const param = await t.call(id, 'GET', `/v1/character/a%00b`);
    expect(param.status).toBe(400);
    expect(param.body.message).toMatch(/params: id/);
  });

  it('H1 a NUL in a socket payload is an error event naming the field; the socket stays', async () => {
    const id = nextId++;
    await readyPlayer(t, id);
    const socket = await connectSocket(t.url, t.initData(id));
    sockets.push(socket);
    socket.emit('initUser', { telegram_user_id: `${id}\u0000` } as never);
    const error = await socket.next('error');
    expect(error).toMatchObject({ code: 'request/invalid' });
    expect(error.message).toMatch(/telegram_user_id contains a NUL/);
    expect(socket.connected).toBe(true);
  });

  it('H1 init data names are cleaned before they are stored', async () => {
    const raw = t.initData({
      id: 61_999,
      first_name: 'Ev\u0000il\u0007',
      last_name: 'x'.repeat(500),
      username: 'bad name\u0000',
      photo_url: 'javascript:alert(1)',
    });
    const result = validateInitData(raw, TEST_BOT_TOKEN, 0);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.identity.firstName).toBe('Evil');
    expect(result.identity.lastName).toHaveLength(64);
    expect(result.identity.username).toBe('');
    expect(result.identity.photoUrl).toBe('');
    const response = await fetch(`${t.url}/v1/user/register`, {
      method: 'POST',
      headers: { authorization: `tma ${raw}`, 'content-type': 'application/json' },
      body: JSON.stringify({ telegram_user_id: 61_999 }),
    });
    expect(response.status).toBe(200);
  });

  describe('H2 malformed uploads are 400 or 413, never 500', () => {
    const upload = async (id: number, contentType: string, body: Buffer | string) => {
      const response = await fetch(`${t.url}/v1/upload`, {
        method: 'POST',
        headers: { authorization: `tma ${t.initData(id)}`, 'content-type': contentType },
        body,
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const part = (name: string, file: string | null, content: Buffer | string) =>
      Buffer.concat([
        Buffer.from(
          `--B\r\nContent-Disposition: form-data; name="${name}"${file ? `; filename="${file}"` : ''}\r\n` +
            `${file ? 'Content-Type: image/png\r\n' : ''}\r\n`,
        ),
        Buffer.from(content),
        Buffer.from('\r\n'),
      ]);

    it('no boundary, truncated data, a text field instead of a file, too many files', async () => {
      const id = nextId++;
      await readyPlayer(t, id);
      const noBoundary = await upload(id, 'multipart/form-data', 'hello');
      expect(noBoundary.status).toBe(400);
      const truncated = await upload(
        id,
        'multipart/form-data; boundary=B',
        part('file', 'a.png', PNG).subarray(0, 60),
      );
      expect(truncated.status).toBe(400);
      const textField = await upload(
        id,
        'multipart/form-data; boundary=B',
        Buffer.concat([part('file', null, 'not a file'), Buffer.from('--B--\r\n')]),
      );
      expect(textField.status).toBe(400);
      const twoFiles = await upload(
        id,
        'multipart/form-data; boundary=B',
        Buffer.concat([part('file', 'a.png', PNG), part('file', 'b.png', PNG), Buffer.from('--B--\r\n')]),
      );
      expect([200, 400, 413]).toContain(twoFiles.status);
      const manyParts = await upload(
        id,
        'multipart/form-data; boundary=B',
        Buffer.concat([
          ...Array.from({ length: 1200 }, (_, index) => part(`f${index}`, null, 'x')),
          part('file', 'a.png', PNG),
          Buffer.from('--B--\r\n'),
        ]),
      );
      expect([400, 413]).toContain(manyParts.status);
      const fine = await upload(
        id,
        'multipart/form-data; boundary=B',
        Buffer.concat([part('file', 'a.png', PNG), Buffer.from('--B--\r\n')]),
      );
      expect(fine.status).toBe(200);
    });
  });

  it('H4 none of the bad input above was logged at error level', () => {
    expect(log.errors()).toEqual([]);
    expect(log.lines.length).toBeGreaterThan(0);
  });

  it('H4 a real server error is logged at error level with its stack and request id', async () => {
    const before = log.lines.length;
    const original = t.database.db.select;
    // Break the database for one call: the route answers 500 and the log keeps what happened.
    (t.database.db as { select: unknown }).select = () => {
      throw new Error('database exploded');
    };
    try {
      const response = await t.call(nextId++, 'GET', '/v1/characters');
      expect(response.status).toBe(500);
      expect(response.body.error).toBe('server/internal');
    } finally {
      (t.database.db as { select: unknown }).select = original;
    }
    const logged = log.lines.slice(before).find((line) => line.level === 50);
    expect(logged?.err?.stack).toMatch(/database exploded/);
    expect(logged?.reqId).toBeTruthy();
    log.lines.splice(before); // this one was on purpose
  });
});
