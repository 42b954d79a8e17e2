import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readyPlayer, startTestApp, type TestApp } from './helpers/test-app.ts';

/*
 * OPS6: Prometheus scrapes /metrics with the shipped configuration. Debian's `prometheus` package
 * (installed by .ci/run) gives `promtool` and `prometheus`; without them this suite fails.
 */
const TOKEN = 'metrics-token-for-prometheus-0123';
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const shipped = path.join(repoRoot, 'ops/prometheus');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function promtool(args: string[], stdin?: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = execFile('promtool', args, (error, stdout, stderr) => {
      if (error && typeof error.code !== 'number') return reject(error);
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr });
    });
    if (stdin !== undefined) child.stdin?.end(stdin);
  });
}

/** The shipped folder copied as is, with the token file the configuration names next to it. */
function deployedConfig(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'titans-prometheus-'));
  for (const file of fs.readdirSync(shipped))
    fs.copyFileSync(path.join(shipped, file), path.join(folder, file));
  fs.writeFileSync(path.join(folder, 'titans-metrics-token'), TOKEN);
  return folder;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe('Prometheus and the shipped configuration (OPS6)', () => {
  let t: TestApp;
  const folders: string[] = [];
  let prometheus: ChildProcess | undefined;
  beforeAll(async () => {
    t = await startTestApp('pglite', { env: { METRICS_TOKEN: TOKEN } });
    await readyPlayer(t, 68_001);
  });
  afterAll(async () => {
    if (prometheus && prometheus.exitCode === null) {
      const exited = new Promise((resolve) => prometheus?.once('exit', resolve));
      prometheus.kill('SIGTERM');
      await exited;
    }
    await t?.close();
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  });

  it('OPS6 promtool check config accepts the shipped configuration and its alert rules', async () => {
    const folder = deployedConfig();
    folders.push(folder);
    const checked = await promtool(['check', 'config', path.join(folder, 'prometheus.yml')]);
    expect(checked.code, checked.stdout + checked.stderr).toBe(0);
    expect(checked.stdout).toMatch(/SUCCESS: \d+ rules found/);
  });

  it("OPS6 promtool check metrics finds no problem in a live server's /metrics", async () => {
    const response = await fetch(`${t.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain('# TYPE titans_taps_accepted_total counter');
    const checked = await promtool(['check', 'metrics'], text);
    expect({ code: checked.code, problems: checked.stdout + checked.stderr }).toEqual({
      code: 0,
      problems: '',
    });
  });

  it('OPS6 Prometheus run with the shipped configuration scrapes /metrics and loads the alerts', async () => {
    const folder = deployedConfig();
    folders.push(folder);
    const config = path.join(folder, 'prometheus.yml');
    // Only the target differs: the test server's port instead of 3000.
    const text = fs.readFileSync(config, 'utf8');
    expect(text).toContain("targets: ['127.0.0.1:3000']");
    fs.writeFileSync(config, text.replace("'127.0.0.1:3000'", `'${new URL(t.url).host}'`));
    const port = await freePort();
    const api = `http://127.0.0.1:${port}/api/v1`;
    let log = '';
    prometheus = spawn(
      'prometheus',
      [
        `--config.file=${config}`,
        `--storage.tsdb.path=${path.join(folder, 'data')}`,
        `--web.listen-address=127.0.0.1:${port}`,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    prometheus.stdout?.on('data', (chunk) => (log += chunk));
    prometheus.stderr?.on('data', (chunk) => (log += chunk));
    const get = async (route: string) => {
      const response = await fetch(`${api}${route}`);
      return ((await response.json()) as { data: any }).data;
    };
    // The first scrape comes within one scrape interval (15 s) of the start.
    const target = await vi.waitFor(
      async () => {
        expect(prometheus?.exitCode, log).toBeNull();
        const targets = await get('/targets');
        const titans = targets.activeTargets.find((candidate: any) => candidate.labels.job === 'titans');
        expect(titans?.health, titans?.lastError ?? log).toBe('up');
        return titans;
      },
      { timeout: 45_000, interval: 500 },
    );
    expect(target.scrapeUrl).toBe(`${t.url}/metrics`);
    const up = await get(`/query?query=${encodeURIComponent('up{job="titans"}')}`);
    expect(up.result.map((sample: any) => sample.value[1])).toEqual(['1']);
    const players = await get(`/query?query=${encodeURIComponent('titans_taps_accepted_total')}`);
    expect(players.result.length).toBeGreaterThan(0);
    expect(players.result[0].metric.node).toBe('single');
    const rules = await get('/rules');
    const alerts = rules.groups.flatMap((group: any) => group.rules.map((rule: any) => rule.name));
    expect(alerts).toContain('TitansDown');
  }, 60_000);
});

/* A cluster node exports more series (Redis, the node bus): promtool passes those too. */
describe.runIf(process.env.DATABASE_URL)('Prometheus and a cluster node (OPS6, PostgreSQL + Redis)', () => {
  it("OPS6 promtool check metrics finds no problem in a cluster node's /metrics", async () => {
    const t = await startTestApp('postgres', {
      env: {
        METRICS_TOKEN: TOKEN,
        REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
        CLUSTER_KEY_PREFIX: `t${randomBytes(3).toString('hex')}:`,
      },
    });
    try {
      await readyPlayer(t, 68_101);
      const response = await fetch(`${t.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      const text = await response.text();
      expect(text).toMatch(/node="(?!single")[^"]+"/);
      const checked = await promtool(['check', 'metrics'], text);
      expect({ code: checked.code, problems: checked.stdout + checked.stderr }).toEqual({
        code: 0,
        problems: '',
      });
    } finally {
      await t.close();
    }
  }, 120_000);
});
