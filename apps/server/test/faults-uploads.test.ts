import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import {
  UPLOAD_MAX_BYTES,
  UPLOAD_PLAYER_QUOTA_BYTES,
  UPLOAD_UNREFERENCED_GRACE_MS,
  UPLOADS_PER_PLAYER_PER_HOUR,
} from '@titans/shared/constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualScheduler } from '../src/core/clock.ts';
import { characters, uploads } from '../src/db/schema.ts';
import { UploadJanitor } from '../src/uploads/upload-janitor.ts';
import { describeEachDatabase, readyPlayer, startTestApp, type TestApp } from './helpers/test-app.ts';

const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const png = (bytes: number) => Buffer.concat([PNG_HEAD, Buffer.alloc(bytes - PNG_HEAD.length, 7)]);
const TOTAL_PER_HOUR = 40;

describeEachDatabase('faults: upload bounds', (kind) => {
  let t: TestApp;
  let uploadsDir: string;
  let incomingDir: string;

  beforeAll(async () => {
    t = await startTestApp(kind, { env: { UPLOADS_PER_HOUR_TOTAL: String(TOTAL_PER_HOUR) } });
    uploadsDir = t.config.uploadsDir;
    incomingDir = path.join(t.config.dataDir, 'uploads-incoming');
  }, 180_000);
  // An over-size upload is answered 413 with `connection: close`, so no half-read request keeps
  // the server's close waiting.
  afterAll(async () => t?.close());

  const register = async (id: number) => {
    const response = await t.call(id, 'POST', '/v1/user/register', { telegram_user_id: id });
    return response.body.data._id as string;
  };
  const send = async (userId: number, content: Buffer) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(content)], { type: 'image/png' }), 'x.png');
    const response = await fetch(`${t.url}/v1/upload`, {
      method: 'POST',
      headers: { authorization: `tma ${t.initData(userId)}` },
      body: form,
    });
    return {
      status: response.status,
      connection: response.headers.get('connection'),
      body: (await response.json()) as any,
    };
  };
  const filesIn = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir) : []);

  it('U5 a file one byte over the limit is refused with 413 and nothing is kept; exactly the limit is accepted', async () => {
    const id = 61_001;
    await register(id);
    const before = filesIn(uploadsDir).length;
    const over = await send(id, png(UPLOAD_MAX_BYTES + 1));
    expect(over.status).toBe(413);
    expect(over.body.error).toBe('upload/too-large');
    expect(over.connection).toBe('close');
    expect(filesIn(uploadsDir).length).toBe(before);
    expect(filesIn(incomingDir)).toEqual([]);
    const exact = await send(id, png(UPLOAD_MAX_BYTES));
    expect(exact.status).toBe(200);
    expect(exact.body.data.size).toBe(UPLOAD_MAX_BYTES);
    expect(fs.statSync(path.join(uploadsDir, path.basename(exact.body.data.url))).size).toBe(
      UPLOAD_MAX_BYTES,
    );
  }, 120_000);

  it('U6 uploads stream to disk: a file is being written before its body has arrived', async () => {
    const id = 61_002;
    await register(id);
    const boundary = 'titansboundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const content = png(1024 * 1024);
    const firstHalf = content.subarray(0, 512 * 1024);
    const secondHalf = content.subarray(512 * 1024);
    const { port } = new URL(t.url);
    // One poller both looks for the half-written file and, only after seeing it (or at its
    // deadline), sends the rest: the observation cannot be overtaken by the second half.
    let resolveSawPartial: (saw: boolean) => void = () => {};
    const sawPartial = new Promise<boolean>((resolve) => (resolveSawPartial = resolve));
    const done = new Promise<{ status: number; body: any }>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/v1/upload',
          // Its own connection, closed after the answer, so the app's close never waits for it.
          agent: false,
          headers: {
            connection: 'close',
            authorization: `tma ${t.initData(id)}`,
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': head.length + content.length + tail.length,
          },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
        },
      );
      request.on('error', reject);
      request.write(head);
      request.write(firstHalf);
      // The rest is sent only once the server has put the first half on disk.
      const deadline = Date.now() + 10_000;
      const poll = setInterval(() => {
        const sizes = filesIn(incomingDir).map((name) => fs.statSync(path.join(incomingDir, name)).size);
        const saw = sizes.some((size) => size > 0 && size < content.length);
        if (saw || Date.now() > deadline) {
          clearInterval(poll);
          resolveSawPartial(saw);
          request.write(secondHalf);
          request.end(tail);
        }
      }, 5);
    });
    expect(await sawPartial).toBe(true);
    const response = await done;
    expect(response.status).toBe(200);
    expect(response.body.data.size).toBe(content.length);
    expect(filesIn(incomingDir)).toEqual([]);
  }, 120_000);

  it(`U7 a player may upload ${UPLOADS_PER_PLAYER_PER_HOUR} files an hour, also when sent all at once`, async () => {
    const id = 61_003;
    await register(id);
    const results = await Promise.all(
      Array.from({ length: UPLOADS_PER_PLAYER_PER_HOUR + 6 }, () => send(id, png(64))),
    );
    const accepted = results.filter((result) => result.status === 200).length;
    // Past the hourly count a request is rate-limited (429); past the streams open at once it is
    // busy (503). Which one depends on how many earlier uploads have finished meanwhile.
    const refused = results.filter((result) => result.status !== 200);
    expect(accepted).toBeLessThanOrEqual(UPLOADS_PER_PLAYER_PER_HOUR);
    expect(refused.length).toBe(results.length - accepted);
    for (const result of refused) {
      expect([`429 upload/rate-limited`, `503 upload/busy`]).toContain(
        `${result.status} ${result.body.error}`,
      );
    }
    // Sequentially topped up to exactly the limit; the next is refused.
    for (let count = accepted; count < UPLOADS_PER_PLAYER_PER_HOUR; count++) {
      expect((await send(id, png(64))).status).toBe(200);
    }
    const next = await send(id, png(64));
    expect(next.status).toBe(429);
    expect(next.body.error).toBe('upload/rate-limited');
  }, 120_000);

  it('U8 a player keeping their quota of bytes is refused', async () => {
    const id = 61_004;
    const userId = await register(id);
    // Uploads of two hours ago: outside the hourly rate, inside the quota.
    await t.database.db.insert(uploads).values(
      Array.from({ length: 10 }, (_, index) => ({
        userId,
        fileName: `quota-${index}.png`,
        mimeType: 'image/png',
        sizeBytes: UPLOAD_PLAYER_QUOTA_BYTES / 10,
        createdAt: new Date(Date.now() - 2 * 60 * 60_000),
      })),
    );
    const refused = await send(id, png(64));
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('upload/quota-exceeded');
  }, 120_000);

  it(`U9 all players together may upload UPLOADS_PER_HOUR_TOTAL files an hour (${TOTAL_PER_HOUR} here)`, async () => {
    const [row] = await t.database.query<{ count: number }>(
      `select count(*)::int as count from uploads where created_at > now() - interval '1 hour'`,
    );
    let player = 61_100;
    let sent = row?.count ?? 0;
    while (sent < TOTAL_PER_HOUR) {
      await register(player);
      for (let index = 0; index < 10 && sent < TOTAL_PER_HOUR; index++, sent++) {
        expect((await send(player, png(64))).status).toBe(200);
      }
      player++;
    }
    await register(player);
    const refused = await send(player, png(64));
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('upload/rate-limited');
  }, 120_000);

  it('U10 unreferenced uploads are removed after the grace period; referenced ones and young ones stay', async () => {
    const id = 61_005;
    const userId = await readyPlayer(t, id);
    await t.database.db.delete(uploads).where(eq(uploads.userId, userId));
    const kept = (await t.database.query<{ file_name: string }>('select file_name from uploads')).map(
      (row) => row.file_name,
    );
    expect(kept.length).toBeGreaterThan(0);
    // One upload is referenced (a catalogue picture pointing at it), as a feature storing it would.
    const [hero] = await t.database.db.select().from(characters).limit(1);
    const referenced = kept.find((name) => fs.existsSync(path.join(uploadsDir, name)))!;
    await t.database.db
      .update(characters)
      .set({ image: `/uploads/${referenced}` })
      .where(eq(characters.id, hero!.id));
    fs.writeFileSync(path.join(uploadsDir, 'orphan.png'), png(64));
    fs.writeFileSync(path.join(incomingDir, 'stale-part'), png(64));
    try {
      const young = new UploadJanitor({
        database: t.database,
        uploadsDir,
        incomingDir,
        logger: t.app.log,
        scheduler: new ManualScheduler(Date.now() + UPLOAD_UNREFERENCED_GRACE_MS - 3 * 60 * 60_000),
      });
      await young.sweep();
      const keptRows = await t.database.query('select 1 from uploads');
      // Inside the grace period only the stale partial stream goes; every upload stays.
      expect(keptRows.length).toBe(kept.length);
      expect(filesIn(incomingDir)).toEqual([]);

      const later = new UploadJanitor({
        database: t.database,
        uploadsDir,
        incomingDir,
        logger: t.app.log,
        scheduler: new ManualScheduler(Date.now() + UPLOAD_UNREFERENCED_GRACE_MS + 60_000),
      });
      const removed = await later.sweep();
      expect(removed).toBeGreaterThan(1);
      const rows = await t.database.query<{ file_name: string }>('select file_name from uploads');
      expect(rows.map((row) => row.file_name)).toEqual([referenced]);
      expect(filesIn(uploadsDir).sort()).toEqual([referenced]);
      // Read the whole answer: an unread body keeps the response, and the server's close, open.
      const served = await fetch(`${t.url}/uploads/${referenced}`);
      await served.arrayBuffer();
      expect(served.status).toBe(200);
    } finally {
      await t.database.db.update(characters).set({ image: hero!.image }).where(eq(characters.id, hero!.id));
    }
  }, 120_000);
});
