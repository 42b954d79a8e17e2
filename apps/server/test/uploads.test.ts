import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { UPLOAD_UNREFERENCED_GRACE_MS, UPLOADS_PER_PLAYER_PER_HOUR } from '@titans/shared/constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { ManualScheduler } from '../src/core/clock.ts';
import { uploads } from '../src/db/schema.ts';
import { UploadJanitor } from '../src/uploads/upload-janitor.ts';
import { describeEachDatabase, manualClock, startTestApp, type TestApp } from './helpers/test-app.ts';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(56, 7),
]);
const HOUR_MS = 60 * 60_000;

/* Uploads on the app's time source: the hourly limits, the rows' age and the sweep's timer. */
describeEachDatabase('uploads on the app clock', (kind) => {
  let t: TestApp;
  const clock = manualClock(Date.UTC(2027, 1, 3, 8, 0, 0));

  beforeAll(async () => {
    t = await startTestApp(kind, { clock });
  }, 180_000);
  afterAll(async () => t?.close());

  const send = async (telegramId: number) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'x.png');
    const response = await fetch(`${t.url}/v1/upload`, {
      method: 'POST',
      headers: { authorization: `tma ${t.initData(telegramId)}` },
      body: form,
    });
    return { status: response.status, body: (await response.json()) as { error?: string } };
  };

  it("U7 a player's hour is the app's hour: the rows carry its time, and moving it past the hour admits again", async () => {
    const id = 64_001;
    const registered = await t.call(id, 'POST', '/v1/user/register', { telegram_user_id: id });
    const userId = registered.body.data._id as string;
    for (let index = 0; index < UPLOADS_PER_PLAYER_PER_HOUR; index++)
      expect((await send(id)).status).toBe(200);
    const refused = await send(id);
    expect(refused).toMatchObject({ status: 429, body: { error: 'upload/rate-limited' } });
    const rows = await t.database.db
      .select({ at: uploads.createdAt })
      .from(uploads)
      .where(eq(uploads.userId, userId));
    expect(rows.map((row) => row.at.getTime())).toEqual(rows.map(() => clock()));
    clock.advance(HOUR_MS - 1_000);
    expect((await send(id)).status).toBe(429);
    clock.advance(2_000);
    expect((await send(id)).status).toBe(200);
  }, 120_000);

  it('U10 the sweep is a timer of the scheduler it is given, and ages uploads by its time', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'titans-janitor-'));
    const uploadsDir = path.join(folder, 'uploads');
    const incomingDir = path.join(folder, 'incoming');
    fs.mkdirSync(uploadsDir);
    fs.mkdirSync(incomingDir);
    const orphan = path.join(uploadsDir, 'orphan.png');
    fs.writeFileSync(orphan, PNG);
    // The app's time is a day and a minute after the file was written: it is past its grace.
    const scheduler = new ManualScheduler(Date.now() + UPLOAD_UNREFERENCED_GRACE_MS + 60_000);
    const janitor = new UploadJanitor({
      database: t.database,
      uploadsDir,
      incomingDir,
      logger: t.app.log,
      scheduler,
    });
    janitor.start(1_000);
    try {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(fs.existsSync(orphan)).toBe(true);
      await scheduler.advance(1_000);
      await vi.waitFor(() => expect(fs.existsSync(orphan)).toBe(false), { timeout: 5_000 });
    } finally {
      await janitor.stop();
      fs.rmSync(folder, { recursive: true, force: true });
    }
  }, 60_000);
});
