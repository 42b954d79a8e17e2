import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOps } from '../../../scripts/ops/ops-commands.ts';
import { adminAudit, ledger } from '../src/db/schema.ts';
import { readyPlayer, startTestApp, type TestApp } from './helpers/test-app.ts';

const ADMIN_TOKEN = 'admin-token-for-the-cli-0123456789';
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);

describe('npm run ops', () => {
  let t: TestApp;
  let catalogueDir: string;
  beforeAll(async () => {
    catalogueDir = fs.mkdtempSync(path.join(os.tmpdir(), 'titans-ops-catalogue-'));
    for (const file of fs.readdirSync(path.join(repoRoot, 'catalogue')))
      fs.copyFileSync(path.join(repoRoot, 'catalogue', file), path.join(catalogueDir, file));
    t = await startTestApp('pglite', { env: { ADMIN_TOKEN, CATALOGUE_DIR: catalogueDir } });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(catalogueDir, { recursive: true, force: true });
  });

  /** Runs one command in this process, as ops.ts would; answers the exit code and the output. */
  async function ops(argv: string[], token = ADMIN_TOKEN, url = t.url) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runOps(argv, {
      url,
      token,
      actor: 'frank',
      out: (line) => out.push(line),
      err: (line) => err.push(line),
    });
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  it('OPS7 player, grant (once per key) and take print what happened', async () => {
    const id = 69_001;
    const userId = await readyPlayer(t, id);
    const granted = await ops([
      'grant',
      String(id),
      '500',
      'coins',
      '--reason',
      'ticket 9: lost coins',
      '--key',
      'ticket-9',
    ]);
    expect(granted).toMatchObject({ code: 0, err: '' });
    expect(granted.out).toMatch(
      /^Granted 500 coins \(player 69001; balance now [\d,]+\); audit #\d+, key ticket-9$/,
    );
    const again = await ops([
      'grant',
      String(id),
      '500',
      'coins',
      '--reason',
      'ticket 9: lost coins',
      '--key',
      'ticket-9',
    ]);
    expect(again.out).toBe(granted.out);
    expect(
      await t.database.db.select().from(ledger).where(eq(ledger.idempotencyKey, 'ops:grant:ticket-9')),
    ).toHaveLength(1);
    const [audit] = await t.database.db.select().from(adminAudit).where(eq(adminAudit.userId, userId));
    expect(audit).toMatchObject({ actor: 'frank', action: 'grant', reason: 'ticket 9: lost coins' });

    const taken = await ops([
      'take',
      String(id),
      'item',
      'ember-dagger',
      '--reason',
      'refund check',
      '--key',
      'ticket-10',
    ]);
    expect(taken.code).toBe(1);
    expect(taken.err).toMatch(/Refused \(404 request\/not-found\): The player does not own ember-dagger/);

    const shown = await ops(['player', String(id)]);
    expect(shown.code).toBe(0);
    expect(shown.out).toContain(`Telegram ${id}`);
    expect(shown.out).toMatch(/\+500 coins → [\d,]+ {2}ops:grant/);
    expect(shown.out).toMatch(/grant by frank: ticket 9: lost coins {2}\[ticket-9\]/);
    const json = await ops(['player', `@player${id}`, '--json']);
    expect(JSON.parse(json.out).player.id).toBe(userId);
  });

  it('OPS7 a command the schemas refuse is not sent; usage is exit 2', async () => {
    const missingKey = await ops(['grant', '69001', '5', 'coins', '--reason', 'no key given']);
    expect(missingKey.code).toBe(2);
    expect(missingKey.err).toMatch(/idempotency_key: /);
    const badAsset = await ops([
      'grant',
      '69001',
      'five',
      'coins',
      '--reason',
      'not a number',
      '--key',
      'ticket-11',
    ]);
    expect(badAsset.code).toBe(2);
    expect((await ops([])).code).toBe(2);
    expect((await ops(['help'])).code).toBe(0);
    expect((await ops(['frobnicate'])).err).toMatch(/^Unknown command frobnicate/);
    const audits = await t.database.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.idempotencyKey, 'ticket-11'));
    expect(audits).toEqual([]);
  });

  it('OPS7 a bad catalogue file is listed line by line and changes nothing; then a good reload', async () => {
    fs.writeFileSync(path.join(catalogueDir, 'quizzes.json'), '{"not": "a list"}');
    const refused = await ops(['catalogue', 'reload', '--reason', 'new quiz']);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/^Refused \(422 catalogue\/invalid\)/);
    expect(refused.err).toMatch(/\n {2}- quizzes\.json: /);
    fs.copyFileSync(path.join(repoRoot, 'catalogue/quizzes.json'), path.join(catalogueDir, 'quizzes.json'));
    const done = await ops(['catalogue', 'reload', '--reason', 'new quiz']);
    expect(done.code).toBe(0);
    expect(done.out).toMatch(/^Catalogue reloaded \(audit #\d+\): \d+ characters, \d+ items/);
  });

  it('OPS7 a wrong token, no server, or a server without the admin API are said plainly', async () => {
    expect((await ops(['battles'], 'not-the-admin-token-0123456789')).err).toMatch(
      /Refused \(401 auth\/missing\)/,
    );
    const nobody = await ops(['battles'], ADMIN_TOKEN, 'http://127.0.0.1:1');
    expect(nobody).toMatchObject({
      code: 1,
      err: 'No server answers at http://127.0.0.1:1: start it, or set TITANS_URL.',
    });
    expect((await ops(['battles'])).out).toBe('No battle is running.');
  });

  it('OPS7 npm run ops runs with the server configuration from the environment', async () => {
    const command = (env: Record<string, string>) =>
      run(process.execPath, ['--import', 'tsx', 'scripts/ops/ops.ts', 'player', '69001'], {
        cwd: repoRoot,
        env: { ...process.env, ...env },
      }).then(
        ({ stdout }) => ({ code: 0, stdout, stderr: '' }),
        (error: { code: number; stdout: string; stderr: string }) => error,
      );
    const done = await command({ ADMIN_TOKEN, TITANS_URL: t.url, OPS_ACTOR: 'grace' });
    expect(done.code).toBe(0);
    expect(done.stdout).toContain('Telegram 69001');
    const without = await command({ ADMIN_TOKEN: '', TITANS_URL: t.url });
    expect(without.code).toBe(1);
    expect(without.stderr).toContain('Set ADMIN_TOKEN');
  });

  it('OPS8 npm run ops prints its help without ADMIN_TOKEN or a server', async () => {
    const command = (args: string[]) =>
      run(process.execPath, ['--import', 'tsx', 'scripts/ops/ops.ts', ...args], {
        cwd: repoRoot,
        env: { ...process.env, ADMIN_TOKEN: '', TITANS_URL: 'http://127.0.0.1:1' },
      }).then(
        ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
        (error: { code: number; stdout: string; stderr: string }) => error,
      );
    for (const args of [['--help'], ['-h'], ['help'], ['player', '69001', '--help']]) {
      const help = await command(args);
      expect({ args, code: help.code }).toEqual({ args, code: 0 });
      expect(help.stdout).toMatch(/^usage: npm run ops -- <command>/);
      expect(help.stderr).toBe('');
    }
    const bare = await command([]);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toMatch(/^usage: npm run ops -- <command>/);
    const real = await command(['battles']);
    expect(real.code).toBe(1);
    expect(real.stderr).toContain('Set ADMIN_TOKEN');
  });
});
