import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { validateInitData } from '../src/auth/init-data.ts';
import { ConfigError, DEV_BOT_TOKEN, loadConfig } from '../src/config/config.ts';
import { acquireDataDirLock, DataDirLockedError } from '../src/db/data-dir-lock.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

describe('configuration', () => {
  it('is parsed once with defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      devMode: true,
      logLevel: 'info',
      tapFlushIntervalMs: 200,
    });
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.botToken).toBe(DEV_BOT_TOKEN);
  });

  it('fails with a readable list of every problem', () => {
    try {
      loadConfig({
        PORT: 'eighty',
        TELEGRAM_BOT_TOKEN: 'not a token',
        LOG_LEVEL: 'loud',
        DATABASE_URL: 'nope',
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as ConfigError).message;
      for (const name of ['PORT', 'TELEGRAM_BOT_TOKEN', 'LOG_LEVEL', 'DATABASE_URL'])
        expect(message).toContain(name);
      expect((error as ConfigError).problems).toHaveLength(4);
    }
  });

  it('TRUST_PROXY believes only named proxies, hop counts or none; never every hop (D-HARDEN-5)', () => {
    expect(loadConfig({}).trustProxy).toBe('loopback,linklocal,uniquelocal');
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe('10.0.0.0/8,127.0.0.1');
    for (const bad of ['true', 'everyone', '10.0.0.0/8;rm'])
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY/);
  });

  it('A5 a real bot token turns development mode off', () => {
    const config = loadConfig({ TELEGRAM_BOT_TOKEN: '123456:ABC-real_token' });
    expect(config.devMode).toBe(false);
    expect(config.botToken).toBe('123456:ABC-real_token');
  });
});

describe('the data folder', () => {
  it('is refused to a second process while the first holds it, and taken over from a dead one', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'titans-lock-'));
    const lock = acquireDataDirLock(dir);
    fs.writeFileSync(path.join(dir, 'titans.lock'), String(process.ppid)); // a live process that is not us
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    fs.writeFileSync(path.join(dir, 'titans.lock'), '999999999'); // no such process: a crash left it
    const taken = acquireDataDirLock(dir);
    taken.release();
    expect(fs.existsSync(path.join(dir, 'titans.lock'))).toBe(false);
    lock.release();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('makes a second server on the same folder refuse to start', async () => {
    const first = await startTestApp('pglite');
    try {
      fs.writeFileSync(path.join(first.config.dataDir, 'titans.lock'), String(process.ppid));
      await expect(startTestApp('pglite', { dataDir: first.config.dataDir })).rejects.toThrow(
        /in use by process/,
      );
      fs.writeFileSync(path.join(first.config.dataDir, 'titans.lock'), String(process.pid));
    } finally {
      await first.close();
    }
  });
});

describe('development mode', () => {
  let t: TestApp;
  afterAll(async () => t?.close());

  it('A5 signs init data for the test user 00000002 that passes the normal validation', async () => {
    t = await startTestApp('pglite', { env: { TELEGRAM_BOT_TOKEN: '' } });
    expect(t.config.devMode).toBe(true);
    const response = await fetch(`${t.url}/v1/dev/init-data?start_param=buddies_ABC123`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { init_data: string; telegram_user_id: string } };
    expect(body.data.telegram_user_id).toBe('00000002');
    const checked = validateInitData(body.data.init_data, DEV_BOT_TOKEN, 60);
    expect(checked).toMatchObject({
      ok: true,
      identity: { telegramUserId: '2', startParam: 'buddies_ABC123' },
    });

    const register = await fetch(`${t.url}/v1/user/register`, {
      method: 'POST',
      headers: { authorization: `tma ${body.data.init_data}`, 'content-type': 'application/json' },
      body: JSON.stringify({ telegram_user_id: '00000002' }),
    });
    expect(register.status).toBe(200);
    const me = await fetch(`${t.url}/v1/user/00000002`, {
      headers: { authorization: `tma ${body.data.init_data}` },
    });
    expect(me.status).toBe(200);
  });
});
