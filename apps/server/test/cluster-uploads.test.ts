import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { UPLOAD_MAX_BYTES, UPLOAD_UNREFERENCED_GRACE_MS } from '@titans/shared/constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/config.ts';
import { ManualScheduler } from '../src/core/clock.ts';
import { uploads } from '../src/db/schema.ts';
import { UploadJanitor } from '../src/uploads/upload-janitor.ts';
import { describeEachDatabase, startTestApp, type TestApp } from './helpers/test-app.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** A PNG-headed file of `bytes` bytes whose body differs from any other's. */
const png = (bytes: number) => {
  const body = Buffer.alloc(bytes - PNG_HEAD.length, 7);
  randomBytes(Math.min(16, body.length)).copy(body);
  return Buffer.concat([PNG_HEAD, body]);
};

async function send(t: TestApp, telegramId: number, content: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)], { type: 'image/png' }), 'x.png');
  const response = await fetch(`${t.url}/v1/upload`, {
    method: 'POST',
    headers: { authorization: `tma ${t.initData(telegramId)}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as any };
}

async function fetchFile(t: TestApp, url: string) {
  const response = await fetch(`${t.url}${url}`);
  // Read the whole answer: an unread body keeps the response, and the server's close, open.
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, bytes, headers: response.headers };
}

const filesIn = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir) : []);

const janitorAfterGrace = (t: TestApp) =>
  new UploadJanitor({
    database: t.database,
    uploadsDir: t.config.uploadsDir,
    incomingDir: path.join(t.config.dataDir, 'uploads-incoming'),
    logger: t.app.log,
    scheduler: new ManualScheduler(Date.now() + UPLOAD_UNREFERENCED_GRACE_MS + 60_000),
  });

describe('D-CLUSTER-20 the upload store setting', () => {
  const base = { DATABASE_URL: 'postgres://localhost/x' };
  it('defaults to disk for one process and to the database in a cluster', () => {
    expect(loadConfig(base).uploadStore).toBe('disk');
    expect(loadConfig({ ...base, REDIS_URL }).uploadStore).toBe('database');
    expect(loadConfig({ ...base, UPLOAD_STORE: 'database' }).uploadStore).toBe('database');
  });
  it('refuses disk in a cluster, saying why', () => {
    expect(() => loadConfig({ ...base, REDIS_URL, UPLOAD_STORE: 'disk' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, REDIS_URL, UPLOAD_STORE: 'disk' })).toThrow(
      /UPLOAD_STORE: disk keeps each upload on one process's machine/,
    );
    expect(() => loadConfig({ UPLOAD_STORE: 's3' })).toThrow(/UPLOAD_STORE/);
  });
});

/* One process with UPLOAD_STORE=database: the same bounds and janitor as on disk. */
describeEachDatabase('uploads in the database', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { env: { UPLOAD_STORE: 'database' } });
  }, 180_000);
  afterAll(async () => t?.close());

  it('U4 D-CLUSTER-20 an upload is kept in its row and served from it; nothing stays on disk', async () => {
    const id = 69_001;
    await t.call(id, 'POST', '/v1/user/register', { telegram_user_id: id });
    const content = png(UPLOAD_MAX_BYTES);
    const stored = await send(t, id, content);
    expect(stored.status).toBe(200);
    expect(stored.body.data.size).toBe(UPLOAD_MAX_BYTES);
    const served = await fetchFile(t, stored.body.data.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toContain('immutable');
    expect(served.bytes.equals(content)).toBe(true);
    expect(filesIn(t.config.uploadsDir)).toEqual([]);
    expect(filesIn(path.join(t.config.dataDir, 'uploads-incoming'))).toEqual([]);
    const over = await send(t, id, png(UPLOAD_MAX_BYTES + 1));
    expect(over).toMatchObject({ status: 413, body: { error: 'upload/too-large' } });
    expect((await fetchFile(t, '/uploads/00000000-0000-4000-8000-000000000000.png')).status).toBe(404);
    expect((await fetchFile(t, '/uploads/..%2Fpglite.png')).status).toBe(404);
  }, 60_000);

  it('D-CLUSTER-20 an upload made while the store was disk (no content) is still served from the folder', async () => {
    const id = 69_002;
    const registered = await t.call(id, 'POST', '/v1/user/register', { telegram_user_id: id });
    const fileId = crypto.randomUUID();
    const content = png(256);
    fs.mkdirSync(t.config.uploadsDir, { recursive: true });
    fs.writeFileSync(path.join(t.config.uploadsDir, `${fileId}.png`), content);
    await t.database.db.insert(uploads).values({
      id: fileId,
      userId: registered.body.data._id,
      fileName: `${fileId}.png`,
      mimeType: 'image/png',
      sizeBytes: content.length,
    });
    const served = await fetchFile(t, `/uploads/${fileId}.png`);
    expect(served.status).toBe(200);
    expect(served.bytes.equals(content)).toBe(true);
  }, 60_000);

  it('U10 the janitor deletes expired rows, their content with them', async () => {
    const id = 69_003;
    await t.call(id, 'POST', '/v1/user/register', { telegram_user_id: id });
    const stored = await send(t, id, png(512));
    expect(stored.status).toBe(200);
    expect(await janitorAfterGrace(t).sweep()).toBeGreaterThanOrEqual(1);
    const left = await t.database.db.select().from(uploads).where(eq(uploads.id, stored.body.data._id));
    expect(left).toEqual([]);
    expect((await fetchFile(t, stored.body.data.url)).status).toBe(404);
  }, 60_000);
});

/* Two processes of one cluster, each with its own DATA_DIR: a file uploaded to one is read from the other. */
describe.runIf(process.env.DATABASE_URL)('cluster uploads (PostgreSQL + Redis)', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const env = { REDIS_URL, CLUSTER_KEY_PREFIX: `t${randomBytes(3).toString('hex')}:` };
    a = await startTestApp('postgres', { env });
    b = await startTestApp('postgres', { env, databaseUrl: a.config.databaseUrl });
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
  }, 60_000);

  it('D-CLUSTER-20 uploaded on one process, served by the other; the janitor on either removes it', async () => {
    expect([a.config.uploadStore, b.config.uploadStore]).toEqual(['database', 'database']);
    const id = 69_101;
    await a.call(id, 'POST', '/v1/user/register', { telegram_user_id: id });
    const content = png(64 * 1024);
    const stored = await send(a, id, content);
    expect(stored.status).toBe(200);
    const fromB = await fetchFile(b, stored.body.data.url);
    expect(fromB.status).toBe(200);
    expect(fromB.bytes.equals(content)).toBe(true);
    expect(filesIn(a.config.uploadsDir)).toEqual([]);
    // The janitor runs on one process of the cluster: b's sweep removes what a stored.
    expect(await janitorAfterGrace(b).sweep()).toBeGreaterThanOrEqual(1);
    expect((await fetchFile(a, stored.body.data.url)).status).toBe(404);
    expect((await fetchFile(b, stored.body.data.url)).status).toBe(404);
  }, 60_000);
});
